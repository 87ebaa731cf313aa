/**
 * A payment's images in its list row (the list kit's paperclip and dialog), as the list answer
 * carries them.
 */
import { useTranslation } from 'react-i18next';
import { ImageThumbs } from '@/components/list/image-thumbs';
import type { Payment } from '../api/list-payments';

/** The images cell; nothing when there are none. */
export function PaymentImages({ payment }: { payment: Payment }) {
  const { t } = useTranslation('payments');
  const images = payment.images ?? [];
  return (
    <ImageThumbs
      images={images}
      label={t('images.open', { count: images.length, reference: payment.reference_no })}
      title={t('images.title', { reference: payment.reference_no })}
      alt={(n) => t('image', { n, reference: payment.reference_no })}
      testId="payment-images"
    />
  );
}

/**
 * A payment's images in its list row (the list kit's paperclip and dialog). The list answer
 * carries no images, so each row reads its payment once (kept five minutes: a payment's images
 * never change).
 */
import { useTranslation } from 'react-i18next';
import { ImageThumbs } from '@/components/list/image-thumbs';
import type { Payment } from '../api/list-payments';
import { usePayment } from '../api/get-payment';

/** The images cell; nothing while loading or when there are none. */
export function PaymentImages({ payment }: { payment: Payment }) {
  const { t } = useTranslation('payments');
  const one = usePayment(payment.id);
  const images = one.data?.images ?? [];
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

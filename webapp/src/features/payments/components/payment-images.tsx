/**
 * A payment's images in its list row: small thumbnails, each a link to the full image. The list
 * answer carries no images, so each row reads its payment once (kept five minutes: a payment's
 * images never change).
 */
import { useTranslation } from 'react-i18next';
import type { Payment } from '../api/list-payments';
import { usePayment } from '../api/get-payment';

/** The images cell; nothing while loading or when there are none. */
export function PaymentImages({ payment }: { payment: Payment }) {
  const { t } = useTranslation('payments');
  const one = usePayment(payment.id);
  const images = one.data?.images ?? [];
  if (images.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-1" data-testid="payment-images">
      {images.map((img, i) => (
        <li key={img.id}>
          <a href={img.url} target="_blank" rel="noreferrer" className="block rounded focus-visible:outline-2 focus-visible:outline-primary">
            <img src={img.url} alt={t('image', { n: i + 1, reference: payment.reference_no })} className="size-8 rounded border border-line object-cover" loading="lazy" />
          </a>
        </li>
      ))}
    </ul>
  );
}

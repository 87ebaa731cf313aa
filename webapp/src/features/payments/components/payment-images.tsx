/**
 * A payment's images in its list row: a paperclip with how many there are — it fits any column
 * width, where a row of thumbnails did not — that opens them in a dialog, each a link to the
 * full image. The list answer carries no images, so each row reads its payment once (kept five
 * minutes: a payment's images never change).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/icon';
import { Dialog } from '@/components/ui/dialog';
import type { Payment } from '../api/list-payments';
import { usePayment } from '../api/get-payment';

/** The images cell; nothing while loading or when there are none. */
export function PaymentImages({ payment }: { payment: Payment }) {
  const { t } = useTranslation('payments');
  const [open, setOpen] = useState(false);
  const one = usePayment(payment.id);
  const images = one.data?.images ?? [];
  if (images.length === 0) return null;
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="inline-flex items-center gap-1 rounded px-1 text-sm text-primary hover:underline focus-visible:outline-2 focus-visible:outline-primary"
        aria-label={t('images.open', { count: images.length, reference: payment.reference_no })}
        data-testid="payment-images"
      >
        <Icon name="paperclip" className="size-4 shrink-0" />
        <span data-testid="payment-images-count">{images.length}</span>
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title={t('images.title', { reference: payment.reference_no })} testId="payment-images-dialog">
        <ul className="flex flex-wrap gap-2">
          {images.map((img, i) => (
            <li key={img.id}>
              <a href={img.url} target="_blank" rel="noreferrer" className="block rounded focus-visible:outline-2 focus-visible:outline-primary">
                <img src={img.url} alt={t('image', { n: i + 1, reference: payment.reference_no })} className="size-28 rounded border border-line object-cover" loading="lazy" />
              </a>
            </li>
          ))}
        </ul>
      </Dialog>
    </>
  );
}

/**
 * A document's money beside its payment form: its total, what is paid (approved payments), its
 * returns, its balance, what awaits approval and what a new payment may still take — all as
 * the server keeps them (the document's owner and the payments module), never worked out here.
 * A purchase with a credit in our favour shows the credit instead of what may be paid.
 */
import { useTranslation } from 'react-i18next';
import { TotalsPanel } from '@/components/document-form';
import type { OpenDocument } from '../api/list-open-documents';
import type { PayableDocument } from './payable-document';

/** The figures panel. */
export function DocumentFigures({ doc, open }: { doc: PayableDocument; open: OpenDocument | undefined }) {
  const { t } = useTranslation('payments');
  return (
    <TotalsPanel
      title={t('document.figures')}
      hasTotals
      testId="document-figures"
      rows={[
        { label: t(`document.total_${doc.type}`), cents: doc.totalCents, testId: 'figure-total' },
        { label: t('document.paid'), cents: doc.paidCents, testId: 'figure-paid', negative: true },
        { label: t('document.returns'), cents: doc.returnsCents, testId: 'figure-returns', negative: true, shown: doc.returnsCents > 0 },
        { label: t('document.balance'), cents: doc.balanceCents, testId: 'figure-balance', strong: true },
        { label: t('document.credit'), cents: doc.creditCents, testId: 'figure-credit', strong: true, shown: doc.creditCents > 0 },
        { label: t('document.pending'), cents: open?.pending_cents ?? 0, testId: 'figure-pending', shown: doc.creditCents === 0 },
        { label: t('document.available'), cents: open ? open.available_cents : 0, testId: 'figure-available', strong: true, shown: doc.creditCents === 0 },
      ]}
    />
  );
}

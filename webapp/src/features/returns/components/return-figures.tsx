/**
 * The two panels beside the return form: the purchase's money as the server keeps it (total to
 * pay, paid, approved returns, returns awaiting approval, balance and — when returns exceed what
 * was left to pay — the credit in our favour, saldo a favor), and the return being typed as the
 * server's quote prices it (base, VAT, the withholdings it reverses, the amount the purchase's
 * total to pay falls by). Nothing is computed here.
 */
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TotalsPanel, useLiveQuote } from '@/components/document-form';
import { useReturnQuote, type Returnable } from '../api/returns';
import { quoteRequest, type ReturnValues } from './return-form-model';

/** The purchase's figures. */
export function PurchaseFigures({ purchase }: { purchase: Returnable['purchase'] }) {
  const { t } = useTranslation('returns');
  return (
    <TotalsPanel
      title={t('figures.title')}
      hasTotals
      testId="purchase-figures"
      rows={[
        { label: t('figures.totalToPay'), cents: purchase.total_to_pay_cents, testId: 'figure-total' },
        { label: t('figures.paid'), cents: purchase.paid_cents, testId: 'figure-paid', negative: true },
        { label: t('figures.returns'), cents: purchase.return_cents, testId: 'figure-returns', negative: true },
        { label: t('figures.pendingReturns'), cents: purchase.pending_return_cents, testId: 'figure-pending-returns' },
        { label: t('figures.balance'), cents: purchase.balance_cents, testId: 'figure-balance', strong: true },
        { label: t('figures.credit'), cents: purchase.credit_cents, testId: 'figure-credit', strong: true, shown: purchase.credit_cents > 0 },
      ]}
    />
  );
}

/** The return being typed, priced by the server as the person types. */
export function ReturnQuoteTotals({ purchaseId }: { purchaseId: number }) {
  const { t } = useTranslation('returns');
  const values = useWatch<ReturnValues>() as ReturnValues;
  const quote = useLiveQuote(quoteRequest(purchaseId, values), useReturnQuote);
  const totals = quote.data?.totals;
  return (
    <TotalsPanel
      title={t('quote.title')}
      quote={quote}
      hint={t(values.kind === 'value' ? 'quote.hintValue' : 'quote.hintGoods')}
      hasTotals={totals !== undefined}
      testId="return-totals"
      rows={[
        { label: t('quote.subtotal'), cents: totals?.subtotal_cents, testId: 'quote-subtotal' },
        { label: t('quote.discount'), cents: totals?.discount_cents, testId: 'quote-discount', negative: true, shown: (totals?.discount_cents ?? 0) > 0 },
        { label: t('quote.taxableBase'), cents: totals?.taxable_base_cents, testId: 'quote-taxable-base' },
        { label: t('quote.vat'), cents: totals?.vat_cents, testId: 'quote-vat' },
        { label: t('quote.withholdingIncome'), cents: totals?.withholding_income_cents, testId: 'quote-withholding-income', negative: true },
        { label: t('quote.withholdingVat'), cents: totals?.withholding_vat_cents, testId: 'quote-withholding-vat', negative: true },
        { label: t('quote.amount'), cents: totals?.amount_cents, testId: 'quote-amount', strong: true },
      ]}
    />
  );
}

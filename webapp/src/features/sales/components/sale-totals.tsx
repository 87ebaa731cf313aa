/**
 * The sale's totals on the kit's panel: the server's quote while the form is edited, the stored
 * numbers (with paid and balance) once the sale is no longer edited or in its details. Total is
 * what the customer owes us: the invoice less the withholdings it practises. The profit (taxable
 * base − the cost of the goods as of the sale) closes the panel, apart from what the customer sees.
 */
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TotalsPanel, useLiveQuote, type TotalsRow } from '@/components/document-form';
import type { SaleTotals } from '../api/list-sales';
import { useSaleQuote, type SaleQuote, type SaleQuoteRequest } from '../api/quote-sale';
import { quoteRequest, type SaleValues } from './sale-form-model';

/** The panel's rows; `stored` adds paid and balance (a quote has no payments). */
export function saleTotalsRows(t: (key: string) => string, totals: SaleTotals | undefined, stored: boolean): TotalsRow[] {
  const profit = totals?.profit_cents;
  return [
    { label: t('totals.subtotal'), cents: totals?.subtotal_cents, testId: 'totals-subtotal' },
    { label: t('totals.discount'), cents: totals?.discount_cents, testId: 'totals-discount', negative: true },
    { label: t('totals.taxableBase'), cents: totals?.taxable_base_cents, testId: 'totals-taxable-base' },
    { label: t('totals.vat'), cents: totals?.vat_cents, testId: 'totals-vat' },
    { label: t('totals.invoice'), cents: totals?.invoice_cents, testId: 'totals-invoice' },
    { label: t('totals.withholdingIncome'), rate: totals?.withholding_income_rate, cents: totals?.withholding_income_cents, testId: 'totals-withholding-income', negative: true },
    { label: t('totals.withholdingVat'), rate: totals?.withholding_vat_rate, cents: totals?.withholding_vat_cents, testId: 'totals-withholding-vat', negative: true },
    { label: t('totals.total'), cents: totals?.total_cents, testId: 'totals-total', strong: true },
    { label: t('fields.paid'), cents: totals?.paid_cents, testId: 'totals-paid', shown: stored },
    { label: t('fields.balance'), cents: totals?.balance_cents, testId: 'totals-balance', strong: true, shown: stored },
    // A loss is named so and shown as its size.
    { label: profit !== undefined && profit < 0 ? t('totals.loss') : t('totals.profit'), cents: profit === undefined ? undefined : Math.abs(profit), testId: 'totals-profit' },
  ];
}

/** The quote hook as the kit calls it: the totals of the answer. */
function useQuoteTotals(request: SaleQuoteRequest | null) {
  const query = useSaleQuote(request);
  return { ...query, data: (query.data as SaleQuote | undefined)?.totals };
}

/** The totals of a sale being entered: asked of the server as the person types. */
export function SaleQuoteTotals() {
  const { t } = useTranslation('sales');
  const values = useWatch<SaleValues>() as SaleValues;
  const quote = useLiveQuote(quoteRequest(values), useQuoteTotals);
  return <TotalsPanel title={t('totals.title')} rows={saleTotalsRows(t, quote.data, false)} quote={quote} hint={t('totals.hint')} hasTotals={quote.data !== undefined} testId="sale-totals" />;
}

/** The stored totals of a sale. */
export function SaleStoredTotals({ totals }: { totals: SaleTotals }) {
  const { t } = useTranslation('sales');
  return <TotalsPanel title={t('totals.title')} rows={saleTotalsRows(t, totals, true)} hasTotals testId="sale-totals" />;
}

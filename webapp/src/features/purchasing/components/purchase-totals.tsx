/**
 * The purchase's totals on the kit's panel: the server's quote while the form is edited, the
 * stored numbers, with returns, paid and balance (and the returns awaiting approval and the credit in
 * our favour when there are any), once it is no longer edited.
 */
import { useDates } from '@/lib/dates/use-dates';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TotalsPanel, useLiveQuote, type TotalsRow } from '@/components/document-form';
import { usePurchaseQuote, type Purchase, type PurchaseTotals } from '../api/purchases';
import { dueDate, quoteRequest, type PurchaseValues } from './purchase-form-model';

/** The panel's rows; `record` adds returns, paid and balance (stored numbers only: a quote changes the total they follow from). */
function rows(t: (key: string) => string, totals: PurchaseTotals | undefined, record?: Purchase): TotalsRow[] {
  return [
    { label: t('totals.subtotal'), cents: totals?.subtotal_cents, testId: 'totals-subtotal' },
    { label: t('fields.discount'), cents: totals?.discount_cents, testId: 'totals-discount', negative: true },
    { label: t('fields.shipping'), cents: totals?.shipping_cents, testId: 'totals-shipping' },
    { label: t('totals.taxableBase'), cents: totals?.taxable_base_cents, testId: 'totals-taxable-base' },
    { label: t('totals.vat'), cents: totals?.vat_cents, testId: 'totals-vat' },
    { label: t('totals.withholdingIncome'), rate: totals?.withholding_income_rate, cents: totals?.withholding_income_cents, testId: 'totals-withholding-income', negative: true },
    { label: t('totals.withholdingVat'), rate: totals?.withholding_vat_rate, cents: totals?.withholding_vat_cents, testId: 'totals-withholding-vat', negative: true },
    { label: t('totals.totalToPay'), cents: totals?.total_to_pay_cents, testId: 'totals-total-to-pay', strong: true },
    { label: t('fields.return'), cents: record?.totals.return_cents, testId: 'totals-return', negative: true, shown: (record?.totals.return_cents ?? 0) > 0 },
    { label: t('fields.paid'), cents: record?.totals.paid_cents, testId: 'totals-paid', shown: record !== undefined },
    { label: t('fields.balance'), cents: record?.totals.balance_cents, testId: 'totals-balance', strong: true, shown: record !== undefined },
    { label: t('totals.pendingReturns'), cents: record?.totals.pending_return_cents, testId: 'totals-pending-returns', shown: (record?.totals.pending_return_cents ?? 0) > 0 },
    { label: t('totals.credit'), cents: record?.totals.credit_cents, testId: 'totals-credit', strong: true, shown: (record?.totals.credit_cents ?? 0) > 0 },
  ];
}

/** The totals of a purchase being edited: asked of the server as the person types. */
export function PurchaseQuoteTotals() {
  const { t } = useTranslation('purchasing');
  const values = useWatch<PurchaseValues>() as PurchaseValues;
  const quote = useLiveQuote(quoteRequest(values), usePurchaseQuote);
  const dates = useDates();
  const due = dueDate(values.purchase_date, values.days_of_credit);
  return (
    <>
      <TotalsPanel title={t('totals.title')} rows={rows(t, quote.data)} quote={quote} hint={t('totals.hint')} hasTotals={quote.data !== undefined} testId="purchase-totals" />
      {due && (
        <p className="text-sm text-muted" data-testid="due-date">
          {t('fields.dueDate')}: {dates.date(due)}
        </p>
      )}
    </>
  );
}

/** The stored totals of a purchase that is no longer edited. */
export function PurchaseStoredTotals({ record }: { record: Purchase }) {
  const { t } = useTranslation('purchasing');
  const dates = useDates();
  return (
    <>
      <TotalsPanel title={t('totals.title')} rows={rows(t, record.totals, record)} hasTotals testId="purchase-totals" />
      <p className="text-sm text-muted" data-testid="due-date">
        {t('fields.dueDate')}: {dates.date(record.due_date.slice(0, 10))}
      </p>
    </>
  );
}

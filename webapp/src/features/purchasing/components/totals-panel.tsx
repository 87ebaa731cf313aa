/**
 * The purchase's totals as the SERVER computes them (POST /api/purchases/quote while typing, the
 * stored numbers otherwise): one tax engine, never a second one in the browser.
 */
import { useTranslation } from 'react-i18next';
import { formatCop } from '@/components/form/money';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import type { PurchaseTotals } from '../api/purchases';

/** Props of TotalsPanel. */
export interface TotalsPanelProps {
  totals: PurchaseTotals | undefined;
  /** A quote is on its way (the numbers shown may be a moment old). */
  updating: boolean;
  /** Why no quote could be had (the server's message), if so. */
  error?: string;
  /** Returns and what is paid, shown under the total on stored purchases. */
  returnCents?: number;
  paidCents?: number;
  balanceCents?: number;
}

/** The totals panel. */
export function TotalsPanel({ totals, updating, error, returnCents, paidCents, balanceCents }: TotalsPanelProps) {
  const { t } = useTranslation('purchasing');
  const row = (label: string, cents: number | undefined, testId: string, strong = false, negative = false) => (
    <div className={`flex justify-between gap-4 py-1 ${strong ? 'border-t border-line pt-2 text-base font-semibold' : ''}`}>
      <dt className={strong ? '' : 'text-muted'}>{label}</dt>
      <dd className="tabular-nums" data-testid={testId}>
        {cents === undefined ? '—' : formatCop(negative && cents !== 0 ? -cents : cents)}
      </dd>
    </div>
  );
  const rate = (text: string | undefined) => (text ? ` (${text})` : '');
  return (
    <Card className="space-y-2 p-4" data-testid="purchase-totals" aria-live="polite" aria-busy={updating || undefined}>
      <div className="flex items-center justify-between">
        <h2 className="text-lg font-medium">{t('totals.title')}</h2>
        {updating && <Spinner className="size-4" />}
      </div>
      {!totals && !error && <p className="text-sm text-muted">{t('totals.hint')}</p>}
      {error && (
        <p className="text-sm text-danger" role="alert" data-testid="totals-error">
          {error}
        </p>
      )}
      <dl className="text-sm">
        {row(t('totals.subtotal'), totals?.subtotal_cents, 'totals-subtotal')}
        {row(t('fields.discount'), totals?.discount_cents, 'totals-discount', false, true)}
        {row(t('fields.shipping'), totals?.shipping_cents, 'totals-shipping')}
        {row(t('totals.taxableBase'), totals?.taxable_base_cents, 'totals-taxable-base')}
        {row(t('totals.vat'), totals?.vat_cents, 'totals-vat')}
        {row(`${t('totals.withholdingIncome')}${rate(totals?.withholding_income_rate)}`, totals?.withholding_income_cents, 'totals-withholding-income', false, true)}
        {row(`${t('totals.withholdingVat')}${rate(totals?.withholding_vat_rate)}`, totals?.withholding_vat_cents, 'totals-withholding-vat', false, true)}
        {row(t('totals.totalToPay'), totals?.total_to_pay_cents, 'totals-total-to-pay', true)}
        {returnCents !== undefined && returnCents > 0 && row(t('fields.return'), returnCents, 'totals-return', false, true)}
        {paidCents !== undefined && row(t('fields.paid'), paidCents, 'totals-paid')}
        {balanceCents !== undefined && row(t('fields.balance'), balanceCents, 'totals-balance', true)}
      </dl>
    </Card>
  );
}

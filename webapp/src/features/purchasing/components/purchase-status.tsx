/**
 * The payment status label of a purchase (spec §4: pending, partial, paid, received). The server
 * decides it (modules/purchasing): pending while nothing is paid, partial while 0 < paid < total,
 * paid when the balance is 0 or less, received for an unpaid purchase made from a received order.
 */
import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';
import type { PurchaseStatus } from '../api/purchases';

const tones: Record<PurchaseStatus, string> = {
  pending: 'border-slate-400 text-slate-600 dark:text-slate-300',
  partial: 'border-sky-500 text-sky-700 dark:text-sky-300',
  paid: 'border-success text-success',
  received: 'border-violet-500 text-violet-700 dark:text-violet-300',
};

/** The status badge. */
export function PurchaseStatusBadge({ status }: { status: PurchaseStatus }) {
  const { t } = useTranslation('purchasing');
  return (
    <span
      className={cn('inline-flex items-center gap-1 whitespace-nowrap rounded border bg-transparent px-1.5 py-0.5 text-xs font-medium', tones[status] ?? '')}
      data-testid="purchase-status"
      data-status={status}
      data-kind="payment"
    >
      <span aria-hidden="true">$</span>
      {t(`status.${status}`, { defaultValue: status })}
    </span>
  );
}

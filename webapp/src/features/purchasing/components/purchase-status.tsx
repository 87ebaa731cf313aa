/**
 * The payment status label of a purchase (spec §4: pending, partial, paid, received). The server
 * decides it (modules/purchasing): pending while nothing is paid, partial while 0 < paid < total,
 * paid when the balance is 0 or less, received for an unpaid purchase made from a received order.
 */
import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';
import type { PurchaseStatus } from '../api/purchases';

const tones: Record<PurchaseStatus, string> = {
  pending: 'bg-amber-500/15 text-amber-700 dark:text-amber-300',
  partial: 'bg-sky-500/15 text-sky-700 dark:text-sky-300',
  paid: 'bg-success/15 text-success',
  received: 'bg-violet-500/15 text-violet-700 dark:text-violet-300',
};

/** The status badge. */
export function PurchaseStatusBadge({ status }: { status: PurchaseStatus }) {
  const { t } = useTranslation('purchasing');
  return (
    <span className={cn('inline-block rounded-full px-2 py-0.5 text-xs font-medium', tones[status] ?? '')} data-testid="purchase-status" data-status={status}>
      {t(`status.${status}`, { defaultValue: status })}
    </span>
  );
}

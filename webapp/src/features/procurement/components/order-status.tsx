/** The state badge of a purchase order (approval, then receiving). */
import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';
import type { PurchaseOrderStatus } from '../api/procurement';

const tones: Record<PurchaseOrderStatus, string> = {
  pending: 'bg-amber-500/15 text-amber-700 dark:text-amber-300',
  approved: 'bg-success/15 text-success',
  rejected: 'bg-danger/15 text-danger',
  partially_received: 'bg-sky-500/15 text-sky-700 dark:text-sky-300',
  received: 'bg-violet-500/15 text-violet-700 dark:text-violet-300',
};

/** The badge; the rejection reason is its tooltip. */
export function OrderStatusBadge({ status, reason }: { status: PurchaseOrderStatus; reason?: string }) {
  const { t } = useTranslation('procurement');
  return (
    <span
      className={cn('inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium', tones[status] ?? '')}
      title={status === 'rejected' && reason ? reason : undefined}
      data-testid="order-status"
      data-status={status}
    >
      {t(`status.${status}`, { defaultValue: status })}
    </span>
  );
}

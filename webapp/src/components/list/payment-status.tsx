/**
 * The payment status tag of a payable document (purchases, sales: pending, partial, paid; a
 * purchase also "received"). It is an outlined tag with a "$", unlike the approval badge (a
 * filled pill with a dot), so the two statuses of one row never look alike. The server decides
 * the status (platform/payable); the feature gives its label.
 */
import { cn } from '@/components/ui/cn';

/** Payment statuses the tag has a tone for. */
export type PaymentStatus = 'pending' | 'partial' | 'paid' | 'received';

const tones: Record<PaymentStatus, string> = {
  pending: 'border-slate-400 text-slate-600 dark:text-slate-300',
  partial: 'border-sky-500 text-sky-700 dark:text-sky-300',
  paid: 'border-success text-success',
  received: 'border-violet-500 text-violet-700 dark:text-violet-300',
};

/** Props of PaymentStatusBadge. */
export interface PaymentStatusBadgeProps {
  status: PaymentStatus;
  /** The status in the user's language. */
  label: string;
  testId?: string;
}

/** The payment status tag. */
export function PaymentStatusBadge({ status, label, testId }: PaymentStatusBadgeProps) {
  return (
    <span
      className={cn('inline-flex items-center gap-1 whitespace-nowrap rounded border bg-transparent px-1.5 py-0.5 text-xs font-medium', tones[status] ?? '')}
      data-testid={testId}
      data-status={status}
      data-kind="payment"
    >
      <span aria-hidden="true">$</span>
      {label}
    </span>
  );
}

/**
 * The payment status label of a purchase (spec §4: pending, partial, paid, received). The server
 * decides it (modules/purchasing): pending while nothing is paid, partial while 0 < paid < total,
 * paid when the balance is 0 or less, received for an unpaid purchase made from a received order.
 */
import { useTranslation } from 'react-i18next';
import { PaymentStatusBadge } from '@/components/list/payment-status';
import type { PurchaseStatus } from '../api/purchases';

/** The status badge. */
export function PurchaseStatusBadge({ status }: { status: PurchaseStatus }) {
  const { t } = useTranslation('purchasing');
  return <PaymentStatusBadge status={status} label={t(`status.${status}`, { defaultValue: status })} testId="purchase-status" />;
}

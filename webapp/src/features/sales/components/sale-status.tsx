/** The payment status of a sale (pending, partial, paid; decided by the server, platform/payable). */
import { useTranslation } from 'react-i18next';
import { PaymentStatusBadge } from '@/components/list/payment-status';
import type { SaleStatus } from '../api/list-sales';

/** The payment status tag of a sale. */
export function SaleStatusBadge({ status }: { status: SaleStatus }) {
  const { t } = useTranslation('sales');
  return <PaymentStatusBadge status={status} label={t(`status.${status}`, { defaultValue: status })} testId="sale-status" />;
}

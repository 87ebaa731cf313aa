/** /purchase-order/receive/{id}: a buyer receives part or all of what an approved order still lacks. */
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { attachmentsOf } from '@/components/document-form';
import { Alert } from '@/components/ui/alert';
import { LoadingState } from '@/components/ui/spinner';
import { failureText } from '@/lib/form-errors';
import { orderReference, productText, usePurchaseOrder } from '../api/procurement';
import { useReceiveOrder } from '../api/receive-order';
import { OrderStatusBadge } from '../components/order-status';
import { OrderSummary, ReceiptForm } from '../components/receipt-form';

/** Route element of the receive page. */
export function ReceiveOrderPage() {
  const { id } = useParams();
  const { t } = useTranslation('procurement');
  const navigate = useNavigate();
  const receive = useReceiveOrder();
  const orderId = id !== undefined && /^\d+$/.test(id) ? Number(id) : undefined;
  const order = usePurchaseOrder(orderId);
  if (orderId === undefined) return <Alert>{t('notFound')}</Alert>;
  if (order.isPending) return <LoadingState />;
  if (order.error || !order.data) return <Alert>{failureText(order.error) ?? t('loadFailed')}</Alert>;
  const o = order.data;
  return (
    <ReceiptForm
      key={o.id}
      title={t('orders.receiveTitle', { reference: orderReference(o) })}
      titleCode={orderReference(o)}
      summary={
        <OrderSummary
          rows={[
            [t('fields.product'), productText(o.product)],
            [t('fields.category'), o.category?.name],
            [t('fields.quantity'), o.quantity, 'order-quantity'],
            [t('fields.received'), o.received_quantity, 'order-received'],
            [t('fields.pendingReceipt'), o.pending_quantity, 'order-pending'],
            [t('fields.balance'), o.balance, 'order-balance'],
            [t('fields.status'), <OrderStatusBadge key="s" status={o.status} />],
          ]}
        />
      }
      limit={o.balance}
      start={{ quantity: String(o.balance > 0 ? o.balance : ''), note: '', image: attachmentsOf() }}
      editable={o.can_receive}
      notEditableText={t('orders.notReceivable')}
      backTo="/purchase-order/list"
      save={(body) => receive.mutateAsync({ orderId: o.id, body })}
      onSaved={() => navigate('/received-order/list')}
    />
  );
}

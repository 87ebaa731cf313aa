/**
 * /received-order/edit/{id}: a buyer corrects a pending receipt; admins see it and may approve or
 * reject. A rejected receipt shows the administrator's reason read-only: it is not sent again
 * (its units went back to the order's balance, which other receipts may have taken since), the
 * goods are received again from the purchase order (modules/procurement).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { attachmentsOf } from '@/components/document-form';
import { ApprovalActions, ApprovalBadge } from '@/components/list/approval';
import { useDecideResource, useSaveResource } from '@/components/list/resource-api';
import { Alert } from '@/components/ui/alert';
import { LoadingState } from '@/components/ui/spinner';
import { useAuthStore } from '@/lib/auth/store';
import { failureText } from '@/lib/form-errors';
import { orderReference, productText, PURCHASE_ORDERS_PATH, RECEIVED_ORDERS_PATH, useReceivedOrder } from '../api/procurement';
import { OrderSummary, ReceiptForm } from '../components/receipt-form';

/** Route element of the received order edit page. */
export function ReceivedOrderEditPage() {
  const { id } = useParams();
  const { t } = useTranslation('procurement');
  const navigate = useNavigate();
  const client = useQueryClient();
  const role = useAuthStore((s) => s.user?.role);
  const decide = useDecideResource(RECEIVED_ORDERS_PATH);
  const save = useSaveResource(RECEIVED_ORDERS_PATH);
  const receiptId = id !== undefined && /^\d+$/.test(id) ? Number(id) : undefined;
  const receipt = useReceivedOrder(receiptId);
  if (receiptId === undefined) return <Alert>{t('notFound')}</Alert>;
  if (receipt.isPending) return <LoadingState />;
  if (receipt.error || !receipt.data) return <Alert>{failureText(receipt.error) ?? t('loadFailed')}</Alert>;
  const r = receipt.data;
  const pending = r.status === 'pending';
  return (
    <ReceiptForm
      key={r.id}
      title={t('received.editTitle', { reference: orderReference(r) })}
      titleCode={orderReference(r)}
      actions={
        role === 'admin' &&
        pending && <ApprovalActions entity={t('received.entity')} busy={decide.isPending} decide={(approve, reason) => decide.mutateAsync({ id: r.id, approve, reason })} />
      }
      summary={
        <OrderSummary
          rows={[
            [t('fields.order'), orderReference(r.purchase_order ?? { id: r.purchase_order_id })],
            [t('fields.product'), productText(r.product)],
            [t('fields.category'), r.category?.name],
            [t('fields.balance'), r.balance, 'receipt-balance'],
            [t('list:approval.label'), <ApprovalBadge key="a" status={r.status} reason={r.approval_reason} />],
          ]}
        />
      }
      // The receipt's own quantity is part of what it may hold: the order lacked balance + quantity before it.
      limit={r.balance + r.quantity}
      start={{ quantity: String(r.quantity), note: r.note ?? '', image: attachmentsOf([r.image]) }}
      editable={pending && role === 'buyer'}
      notEditableText={pending ? t('received.onlyBuyerEdits') : r.status === 'rejected' ? undefined : t('received.notEditable')}
      rejection={r.status === 'rejected' ? { reason: r.approval_reason, next: t('received.rejectedNext') } : undefined}
      backTo="/received-order/list"
      save={(body) => save.mutateAsync({ id: r.id, body })}
      onSaved={() => {
        // The order's balance moves with its receipt.
        void client.invalidateQueries({ queryKey: [PURCHASE_ORDERS_PATH] });
        navigate('/received-order/list');
      }}
    />
  );
}

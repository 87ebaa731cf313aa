/**
 * /purchase-order/list: purchase orders with their receiving progress. Buyers add and receive
 * approved orders; users and secretaries edit pending and rejected ones (a rejected one is
 * corrected and sent again; spec §6 gives buyers and admins no edit page); admins approve or
 * reject. Delete and Receive follow the
 * server's rules as it reports them per row (can_delete, can_receive: modules/procurement lets
 * buyers delete their own pending orders and admins orders without receipts); a refusal that
 * still happens ('You are not allowed to delete purchase order(s) on your role', 'Purchase Order
 * cannot be deleted') is the failure toast's text.
 */
import { useTranslation } from 'react-i18next';
import type { Column } from '@/components/list/data-table';
import { ResourceListPage } from '@/components/list/resource-list-page';
import { useAuthStore } from '@/lib/auth/store';
import { useDates } from '@/lib/dates/use-dates';
import { CATEGORIES } from '@/components/form/record-sources';
import { orderEditable, orderReference, PURCHASE_ORDER_STATUSES, PURCHASE_ORDERS_PATH, type PurchaseOrder } from '../api/procurement';
import { OrderStatusBadge } from '../components/order-status';

const ORDER_LIST = { filterKeys: ['status', 'category_id'], defaultSort: '-created_at' };

/** The purchase order list page. */
export function PurchaseOrderListPage() {
  const { t } = useTranslation('procurement');
  const role = useAuthStore((s) => s.user?.role);
  const isBuyer = role === 'buyer';
  const isAdmin = role === 'admin';
  const canEdit = role === 'user' || role === 'secretary';
  const dates = useDates();
  const columns: Column<PurchaseOrder>[] = [
    { id: 'reference', header: t('fields.reference'), sortKey: 'reference_no', nowrap: true, hideable: false, cell: (r) => <span className="font-medium">{orderReference(r)}</span> },
    {
      id: 'image',
      header: <span className="sr-only">{t('fields.image')}</span>,
      label: t('fields.image'),
      nowrap: true,
      cell: (r) => (r.image ? <img src={r.image.url} alt="" loading="lazy" className="size-10 rounded object-cover" /> : <span className="block size-10 rounded bg-hover" />),
    },
    { id: 'category', header: t('fields.category'), cell: (r) => r.category?.name },
    {
      id: 'product',
      header: t('fields.product'),
      cell: (r) => (
        <span>
          {r.product?.name} <span className="whitespace-nowrap font-mono text-xs text-muted">{r.product?.code}</span>
        </span>
      ),
    },
    { id: 'quantity', header: t('fields.quantity'), sortKey: 'quantity', align: 'end', cell: (r) => r.quantity },
    { id: 'received', header: t('fields.received'), align: 'end', cell: (r) => r.received_quantity },
    { id: 'pending', header: t('fields.pendingReceipt'), align: 'end', cell: (r) => r.pending_quantity },
    { id: 'balance', header: t('fields.balance'), align: 'end', cell: (r) => <span data-testid="order-balance">{r.balance}</span> },
    { id: 'status', header: t('fields.status'), sortKey: 'status', nowrap: true, cell: (r) => <OrderStatusBadge status={r.status} reason={r.approval_reason} /> },
    { id: 'note', header: t('fields.note'), cell: (r) => <span className="text-muted">{r.note}</span> },
    { id: 'created_at', header: t('fields.createdAt'), sortKey: 'created_at', nowrap: true, cell: (r) => dates.dateTime(r.created_at) },
  ];
  return (
    <ResourceListPage<PurchaseOrder>
      testId="purchase-order-list"
      title={t('orders.title')}
      entity={t('orders.entity')}
      basePath={PURCHASE_ORDERS_PATH}
      listConfig={ORDER_LIST}
      columns={columns}
      filters={[
        { key: 'status', label: t('fields.status'), options: PURCHASE_ORDER_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) })) },
        { key: 'category_id', label: t('fields.category'), source: CATEGORIES },
      ]}
      searchPlaceholder={t('orders.search')}
      canWrite={isBuyer}
      addTo="/purchase-order/add"
      editTo={(r) => (canEdit && orderEditable(r.status) ? `/purchase-order/edit/${r.id}` : undefined)}
      // The server says per row whether this caller may delete (buyers: own pending orders; admins: orders without receipts).
      canDelete={(r) => r.can_delete}
      rowActions={(r, kit) => [
        ...(isAdmin && r.status === 'pending' ? kit.decision(r) : []),
        ...(r.can_receive ? [{ id: 'receive', label: t('orders.receive'), tone: 'primary' as const, to: `/purchase-order/receive/${r.id}`, testId: 'row-receive' }] : []),
      ]}
    />
  );
}

/**
 * /received-order/list (also rendered at /received_order/list, the spelling of spec §2's
 * redirect): receipts against purchase orders. Buyers edit their pending receipts, admins approve
 * (stock rises) or reject, and an approved receipt becomes a purchase without retyping its lines.
 */
import { useTranslation } from 'react-i18next';
import { ApprovalBadge } from '@/components/list/approval';
import type { Column } from '@/components/list/data-table';
import { ResourceListPage } from '@/components/list/resource-list-page';
import { useAuthStore } from '@/lib/auth/store';
import { useDates } from '@/lib/dates/use-dates';
import { orderReference, RECEIPT_STATUSES, RECEIVED_ORDERS_PATH, type ReceivedOrder } from '../api/procurement';

const RECEIVED_LIST = { filterKeys: ['status', 'purchase_order_id'], defaultSort: '-created_at' };

/** The received order list page. */
export function ReceivedOrderListPage() {
  const { t } = useTranslation('procurement');
  const role = useAuthStore((s) => s.user?.role);
  const isBuyer = role === 'buyer';
  const dates = useDates();
  // Purchases are for admins, users and secretaries (modules/purchasing).
  const canPurchase = role === 'admin' || role === 'user' || role === 'secretary';
  const columns: Column<ReceivedOrder>[] = [
    { id: 'reference', header: t('fields.receipt'), sortKey: 'reference_no', nowrap: true, hideable: false, cell: (r) => <span className="font-medium">{orderReference(r)}</span> },
    { id: 'order', header: t('fields.order'), nowrap: true, cell: (r) => orderReference(r.purchase_order ?? { id: r.purchase_order_id }) },
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
    { id: 'quantity', header: t('fields.receiveQuantity'), sortKey: 'quantity', align: 'end', cell: (r) => <span data-testid="receipt-quantity">{r.quantity}</span> },
    { id: 'balance', header: t('fields.balance'), align: 'end', cell: (r) => r.balance },
    { id: 'note', header: t('fields.note'), cell: (r) => <span className="text-muted">{r.note}</span> },
    { id: 'status', header: t('list:approval.label'), sortKey: 'status', nowrap: true, cell: (r) => <ApprovalBadge status={r.status} reason={r.approval_reason} /> },
    { id: 'created_at', header: t('fields.createdAt'), sortKey: 'created_at', nowrap: true, cell: (r) => dates.dateTime(r.created_at) },
  ];
  return (
    <ResourceListPage<ReceivedOrder>
      testId="received-order-list"
      title={t('received.title')}
      entity={t('received.entity')}
      basePath={RECEIVED_ORDERS_PATH}
      listConfig={RECEIVED_LIST}
      columns={columns}
      filters={[{ key: 'status', label: t('list:approval.label'), options: RECEIPT_STATUSES.map((s) => ({ value: s, label: t(`list:approval.${s}`) })) }]}
      searchPlaceholder={t('received.search')}
      canWrite={isBuyer}
      canDelete={() => false}
      editTo={(r) => (isBuyer && r.status === 'pending' ? `/received-order/edit/${r.id}` : undefined)}
      rowActions={(r, kit) => [
        ...(role === 'admin' && r.status === 'pending' ? kit.decision(r) : []),
        // A receipt invoiced already is refused by the server ('This received order already has a purchase.').
        ...(canPurchase && r.status === 'approved'
          ? [{ id: 'purchase', label: t('received.createPurchase'), tone: 'primary' as const, to: `/purchase/add?received_order=${r.id}`, testId: 'row-create-purchase' }]
          : []),
      ]}
    />
  );
}

/**
 * /received-order/list (also rendered at /received_order/list, the spelling of spec §2's
 * redirect): receipts against purchase orders. Buyers edit their pending receipts, admins approve
 * (stock rises) or reject, and an approved receipt becomes a purchase without retyping its lines.
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApprovalActions, ApprovalBadge } from '@/components/list/approval';
import type { Column } from '@/components/list/data-table';
import { useDecideResource } from '@/components/list/resource-api';
import { ResourceListPage } from '@/components/list/resource-list-page';
import { useAuthStore } from '@/lib/auth/store';
import { orderReference, RECEIPT_STATUSES, RECEIVED_ORDERS_PATH, type ReceivedOrder } from '../api/procurement';

const RECEIVED_LIST = { filterKeys: ['status', 'purchase_order_id'], defaultSort: '-created_at' };
const linkClass = 'rounded-md px-2 py-1 text-sm font-medium text-primary hover:bg-hover';

/** The received order list page. */
export function ReceivedOrderListPage() {
  const { t } = useTranslation('procurement');
  const role = useAuthStore((s) => s.user?.role);
  const isBuyer = role === 'buyer';
  const decide = useDecideResource(RECEIVED_ORDERS_PATH);
  // Purchases are for admins, users and secretaries (modules/purchasing).
  const canPurchase = role === 'admin' || role === 'user' || role === 'secretary';
  const columns: Column<ReceivedOrder>[] = [
    { id: 'reference', header: t('fields.receipt'), sortKey: 'reference_no', cell: (r) => <span className="font-medium">{orderReference(r)}</span> },
    { id: 'order', header: t('fields.order'), cell: (r) => orderReference(r.purchase_order ?? { id: r.purchase_order_id }) },
    {
      id: 'image',
      header: <span className="sr-only">{t('fields.image')}</span>,
      cell: (r) => (r.image ? <img src={r.image.url} alt="" loading="lazy" className="size-10 rounded object-cover" /> : <span className="block size-10 rounded bg-hover" />),
    },
    { id: 'category', header: t('fields.category'), cell: (r) => r.category?.name },
    {
      id: 'product',
      header: t('fields.product'),
      cell: (r) => (
        <span>
          {r.product?.name} <span className="font-mono text-xs text-muted">{r.product?.code}</span>
        </span>
      ),
    },
    { id: 'quantity', header: t('fields.receiveQuantity'), sortKey: 'quantity', align: 'end', cell: (r) => <span data-testid="receipt-quantity">{r.quantity}</span> },
    { id: 'balance', header: t('fields.balance'), align: 'end', cell: (r) => r.balance },
    { id: 'note', header: t('fields.note'), cell: (r) => <span className="line-clamp-2 max-w-48 text-muted">{r.note}</span> },
    { id: 'status', header: t('list:approval.label'), sortKey: 'status', cell: (r) => <ApprovalBadge status={r.status} reason={r.approval_reason} /> },
    { id: 'created_at', header: t('fields.createdAt'), sortKey: 'created_at', cell: (r) => <span className="whitespace-nowrap">{new Date(r.created_at).toLocaleDateString()}</span> },
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
      editTo={(r) => (r.status === 'pending' ? `/received-order/edit/${r.id}` : undefined)}
      rowActions={(r) => (
        <>
          {role === 'admin' && r.status === 'pending' && (
            <ApprovalActions entity={t('received.entity')} busy={decide.isPending} decide={(approve, reason) => decide.mutateAsync({ id: r.id, approve, reason })} />
          )}
          {canPurchase && r.status === 'approved' && (
            // A receipt invoiced already is refused by the server ('This received order already has a purchase.').
            <Link to={`/purchase/add?received_order=${r.id}`} className={linkClass} data-testid="row-create-purchase">
              {t('received.createPurchase')}
            </Link>
          )}
        </>
      )}
    />
  );
}

/** The columns of the purchase lists (/purchase/list and /pending-data/purchase). */
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import { formatCop } from '@/components/form/money';
import type { Column } from '@/components/list/data-table';
import type { Dates } from '@/lib/dates/use-dates';
import type { Purchase } from '../api/purchases';
import { PurchaseStatusBadge } from './purchase-status';

const money = (cents: number) => <span className="whitespace-nowrap tabular-nums">{formatCop(cents)}</span>;

/** List settings shared by both pages. */
export const PURCHASE_LIST = { filterKeys: ['status', 'supplier_id', 'store_id'], defaultSort: '-purchase_date' };

/** Columns in the user's language. */
export function purchaseColumns(t: TFunction<'purchasing'>, dates: Dates): Column<Purchase>[] {
  return [
    { id: 'purchase_date', header: t('fields.purchaseDate'), sortKey: 'purchase_date', nowrap: true, cell: (r) => dates.date(r.purchase_date.slice(0, 10)) },
    {
      id: 'reference_no',
      header: t('fields.referenceNo'),
      sortKey: 'reference_no',
      nowrap: true,
      hideable: false,
      cell: (r) => (
        <Link to={`/purchase/edit/${r.id}`} className="font-medium text-primary hover:underline" data-testid="purchase-reference">
          {r.reference_no}
        </Link>
      ),
    },
    { id: 'supplier', header: t('fields.supplier'), cell: (r) => r.supplier_name },
    { id: 'total', header: t('totals.totalToPay'), sortKey: 'total_to_pay_cents', align: 'end', cell: (r) => money(r.totals.total_to_pay_cents) },
    { id: 'balance', header: t('fields.balance'), sortKey: 'balance_cents', align: 'end', cell: (r) => money(r.totals.balance_cents) },
    { id: 'status', header: t('fields.status'), nowrap: true, cell: (r) => <PurchaseStatusBadge status={r.status} /> },
    { id: 'paid', header: t('fields.paid'), align: 'end', cell: (r) => money(r.totals.paid_cents) },
    { id: 'store', header: t('fields.store'), cell: (r) => r.store_name },
    { id: 'due_date', header: t('fields.dueDate'), sortKey: 'due_date', nowrap: true, cell: (r) => dates.date(r.due_date?.slice(0, 10)) },
    { id: 'created_at', header: t('fields.createdAt'), sortKey: 'created_at', nowrap: true, cell: (r) => dates.dateTime(r.created_at) },
  ];
}

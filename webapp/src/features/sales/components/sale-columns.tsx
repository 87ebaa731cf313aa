/**
 * The columns of /sale/list. The number (with the customer's reference under it) opens the sale's details (lines and totals) in a dialog,
 * for every role: administrators may not open /sale/edit.
 */
import type { TFunction } from 'i18next';
import type { Column } from '@/components/list/data-table';
import { MoneyCell } from '@/components/list/money-cell';
import type { Dates } from '@/lib/dates/use-dates';
import type { Sale } from '../api/list-sales';
import { SaleStatusBadge } from './sale-status';

/** What the columns need besides the row. */
export interface SaleColumnsContext {
  t: TFunction<'sales'>;
  dates: Dates;
  /** Opens the sale's details. */
  open: (sale: Sale) => void;
}

/** Columns in the user's language. */
export function saleColumns({ t, dates, open }: SaleColumnsContext): Column<Sale>[] {
  return [
    {
      id: 'number',
      header: t('fields.number'),
      sortKey: 'number',
      nowrap: true,
      hideable: false,
      // The customer's own reference under the number: one column less, and found by the same search.
      cell: (r) => (
        <span className="inline-flex flex-col items-start">
          <button
            type="button"
            onClick={() => open(r)}
            className="rounded font-medium text-primary hover:underline focus-visible:outline-2 focus-visible:outline-primary"
            title={t('details')}
            data-testid="sale-number"
          >
            {r.number}
          </button>
          {r.customer_reference && (
            <span className="text-xs text-muted" title={t('fields.customerReference')} data-testid="sale-customer-reference">
              {r.customer_reference}
            </span>
          )}
        </span>
      ),
    },
    { id: 'sale_date', header: t('fields.saleDate'), sortKey: 'sale_date', nowrap: true, cell: (r) => dates.date(r.sale_date.slice(0, 10)) },
    { id: 'customer', header: t('fields.customer'), sortKey: 'customer_name', cell: (r) => r.customer_name },
    { id: 'total', header: t('fields.total'), sortKey: 'total_cents', align: 'end', cell: (r) => <MoneyCell cents={r.totals.total_cents} /> },
    { id: 'balance', header: t('fields.balance'), sortKey: 'balance_cents', align: 'end', cell: (r) => <MoneyCell cents={r.totals.balance_cents} /> },
    { id: 'status', header: t('fields.status'), sortKey: 'status', nowrap: true, cell: (r) => <SaleStatusBadge status={r.status} /> },
    { id: 'paid', header: t('fields.paid'), align: 'end', cell: (r) => <MoneyCell cents={r.totals.paid_cents} /> },
    { id: 'seller', header: t('fields.seller'), cell: (r) => r.seller_name },
    { id: 'store', header: t('fields.store'), cell: (r) => r.store_name },
  ];
}

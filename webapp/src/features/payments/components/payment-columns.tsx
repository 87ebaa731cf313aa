/**
 * The columns of the payments lists: a document's payments (/payments/{type}/{id}) and the
 * payments awaiting approval across documents (/payment/pending, which adds the document — a
 * link to its payments, with its type under it — and its party). "Created by" is the name the
 * server copied when the payment was recorded, so every reader sees it (only administrators may
 * list users).
 */
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import type { Column } from '@/components/list/data-table';
import { MoneyCell } from '@/components/list/money-cell';
import type { Dates } from '@/lib/dates/use-dates';
import type { Payment } from '../api/list-payments';
import { PaymentImages } from './payment-images';

/** What the columns need. */
export interface PaymentColumnsOptions {
  t: TFunction<'payments'>;
  dates: Dates;
  /** The pending list: the document (a link to its payments), its type and its party. */
  withDocument?: boolean;
}

/** The columns in the reader's language. */
export function paymentColumns({ t, dates, withDocument }: PaymentColumnsOptions): Column<Payment>[] {
  const document: Column<Payment>[] = withDocument
    ? [
        {
          id: 'document',
          header: t('fields.document'),
          nowrap: true,
          cell: (r) => (
            <span className="inline-flex flex-col leading-tight">
              <Link to={`/payments/${r.type}/${r.document_id}`} className="font-medium text-primary hover:underline" data-testid="payment-document">
                {r.document_number}
              </Link>
              <span className="text-xs text-muted">{t(`types.${r.type}`)}</span>
            </span>
          ),
        },
        { id: 'party', header: t('fields.party'), cell: (r) => r.party_name },
      ]
    : [];
  return [
    { id: 'date', header: t('fields.date'), sortKey: 'date', nowrap: true, cell: (r) => dates.date(r.date) },
    {
      id: 'reference_no',
      header: t('fields.referenceNo'),
      nowrap: true,
      hideable: false,
      // A payment of a run shows the run's number under its reference (LOTE-000123).
      cell: (r) => (
        <span className="inline-flex flex-col leading-tight">
          <span className="font-medium" data-testid="payment-reference">
            {r.reference_no}
          </span>
          {r.batch_number && (
            <span className="text-xs text-muted" title={t('fields.run')} data-testid="payment-run">
              {r.batch_number}
            </span>
          )}
        </span>
      ),
    },
    ...document,
    { id: 'amount', header: t('fields.amount'), sortKey: 'amount_cents', align: 'end', cell: (r) => <MoneyCell cents={r.amount_cents} /> },
    // A refund is money a supplier gives back: said in words, never only by a sign or a colour.
    {
      id: 'direction',
      header: t('fields.direction'),
      nowrap: true,
      cell: (r) => <span className={r.direction === 'refund' ? 'font-medium text-primary' : undefined} data-testid="payment-direction">{t(`directions.${r.direction}`)}</span>,
    },
    { id: 'method', header: t('fields.method'), nowrap: true, cell: (r) => t(`methods.${r.method}`) },
    // One line, cut with an ellipsis, the whole note its tooltip: the list kit's text cell.
    { id: 'note', header: t('fields.note'), cell: (r) => r.note },
    { id: 'images', header: t('fields.images'), nowrap: true, cell: (r) => <PaymentImages payment={r} /> },
    { id: 'created_by', header: t('fields.createdBy'), cell: (r) => r.created_by_name },
  ];
}

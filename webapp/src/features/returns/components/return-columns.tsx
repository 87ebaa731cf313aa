/**
 * The columns of the returns lists: a purchase's returns (/preturn/list/{purchase_id}) and the
 * returns across purchases (/preturn/list, which adds the purchase — a link to its returns — and
 * its supplier). A goods return summarises its lines ("2 × Arroz 500 g"); a value-only return
 * has none. The list answer carries each return's lines and images. The approval column (with the
 * rejection's reason) is the list kit's.
 */
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import type { Column } from '@/components/list/data-table';
import { ImageThumbs } from '@/components/list/image-thumbs';
import { MoneyCell } from '@/components/list/money-cell';
import type { Dates } from '@/lib/dates/use-dates';
import type { PurchaseReturn } from '../api/returns';

/** "2 × Arroz 500 g, 1 × Aceite" for goods; nothing for a value-only return (its kind says it all). */
export function linesSummary(r: Pick<PurchaseReturn, 'kind' | 'lines'>, t: TFunction<'returns'>): string {
  if (r.kind === 'value') return '';
  return (r.lines ?? []).map((line) => t('lineSummary', { quantity: line.quantity, product: line.product_name })).join(', ');
}

/** The lines cell: the summary, with the whole of it as the tooltip (the kit cuts text cells). */
function LinesCell({ row, t }: { row: PurchaseReturn; t: TFunction<'returns'> }) {
  return <span data-testid="return-lines-summary">{linesSummary(row, t)}</span>;
}

/** The images cell: the paperclip with their count, opening them. */
function ImagesCell({ row, t }: { row: PurchaseReturn; t: TFunction<'returns'> }) {
  const images = row.images ?? [];
  return (
    <ImageThumbs
      images={images}
      label={t('images.open', { count: images.length, reference: row.reference_no })}
      title={t('images.title', { reference: row.reference_no })}
      alt={(n) => t('image', { n, reference: row.reference_no })}
      testId="return-images"
    />
  );
}

/** What the columns need. */
export interface ReturnColumnsOptions {
  t: TFunction<'returns'>;
  dates: Dates;
  /** The list across purchases: the purchase (a link to its returns) and its supplier. */
  withPurchase?: boolean;
}

/** The columns in the reader's language. */
export function returnColumns({ t, dates, withPurchase }: ReturnColumnsOptions): Column<PurchaseReturn>[] {
  const purchase: Column<PurchaseReturn>[] = withPurchase
    ? [
        {
          id: 'purchase',
          header: t('fields.purchase'),
          nowrap: true,
          cell: (r) => (
            <Link to={`/preturn/list/${r.purchase_id}`} className="font-medium text-primary hover:underline" data-testid="return-purchase">
              {r.purchase_reference_no}
            </Link>
          ),
        },
        { id: 'supplier', header: t('fields.supplier'), cell: (r) => r.supplier_name },
      ]
    : [];
  return [
    { id: 'return_date', header: t('fields.date'), sortKey: 'return_date', nowrap: true, cell: (r) => dates.date(r.return_date.slice(0, 10)) },
    {
      id: 'reference_no',
      header: t('fields.referenceNo'),
      sortKey: 'reference_no',
      nowrap: true,
      hideable: false,
      cell: (r) => (
        <span className="font-medium" data-testid="return-reference">
          {r.reference_no}
        </span>
      ),
    },
    ...purchase,
    { id: 'kind', header: t('fields.kind'), nowrap: true, cell: (r) => <span data-testid="return-kind">{t(`kinds.${r.kind}`)}</span> },
    // One line, cut with an ellipsis, the whole summary its tooltip: the list kit's text cell.
    { id: 'lines', header: t('fields.lines'), cell: (r) => <LinesCell row={r} t={t} /> },
    { id: 'amount', header: t('fields.amount'), sortKey: 'amount_cents', align: 'end', cell: (r) => <MoneyCell cents={r.totals.amount_cents} /> },
    { id: 'note', header: t('fields.note'), cell: (r) => r.note },
    {
      id: 'images',
      header: t('fields.images'),
      nowrap: true,
      cell: (r) => <ImagesCell row={r} t={t} />,
    },
    { id: 'created_by', header: t('fields.createdBy'), cell: (r) => r.created_by_name },
  ];
}

/**
 * A report's table: the columns the server sends (labels from `reports:columns.<key>`), cells
 * written by their kind, the first text column a link where the row leads somewhere, sortable
 * headers (the server sorts the whole range) and a totals row over the whole range. It scrolls
 * sideways inside its card on a narrow screen, never the page; printed, it takes the full width.
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { sortDirection } from '@/components/list/list-params';
import { cn } from '@/components/ui/cn';
import type { ReportColumn, ReportRow } from '../api/reports';
import { NUMERIC_KINDS, useCellFormat } from './cell-format';

/** Props of ReportTable. */
export interface ReportTableProps {
  columns: readonly ReportColumn[];
  rows: readonly ReportRow[];
  totals: Record<string, unknown> | null;
  caption: string;
  /** Current sort ('key' or '-key'); undefined: the headers do not sort (a statement's date order). */
  sort?: string;
  onSort?: (key: string) => void;
  /** Where a row leads (null: nowhere this user may go). */
  rowPath: (row: ReportRow) => string | null;
}

/** The table. */
export function ReportTable({ columns, rows, totals, caption, sort, onSort, rowPath }: ReportTableProps) {
  const { t } = useTranslation('reports');
  const format = useCellFormat();
  const keys = rowKeys(rows, rowPath);
  const linkColumn = columns.find((c) => c.kind === 'text')?.key ?? columns[0]?.key;
  const numeric = (c: ReportColumn) => NUMERIC_KINDS.includes(c.kind);
  const hasTotals = totals !== null && columns.some((c) => totals[c.key] !== undefined && totals[c.key] !== null);
  return (
    <div className="overflow-x-auto print:overflow-visible" data-testid="report-table-scroll">
      <table className="w-full text-sm" data-testid="report-table">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="text-muted">
            {columns.map((c) => {
              const direction = onSort && sort !== undefined ? sortDirection(sort, c.key) : undefined;
              return (
                <th
                  key={c.key}
                  scope="col"
                  aria-sort={onSort ? (direction ?? 'none') : undefined}
                  className={cn('px-2 py-2 align-bottom font-medium', numeric(c) ? 'text-end' : 'text-start')}
                >
                  {onSort ? (
                    <button
                      type="button"
                      onClick={() => onSort(c.key)}
                      className="inline-flex items-center gap-1 rounded hover:text-fg focus-visible:outline-2 focus-visible:outline-primary"
                      data-testid={`sort-${c.key}`}
                    >
                      {t(`columns.${c.key}`)}
                      <span aria-hidden="true" className="text-xs print:hidden">
                        {direction === 'ascending' ? '▲' : direction === 'descending' ? '▼' : '↕'}
                      </span>
                    </button>
                  ) : (
                    t(`columns.${c.key}`)
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => {
            const to = rowPath(row);
            return (
              <tr key={keys[i]} className="border-t border-line hover:bg-hover/50" data-testid="report-row">
                {columns.map((c) => {
                  const text = format.cell(c.kind, row[c.key]);
                  return (
                    <td
                      key={c.key}
                      className={cn('whitespace-nowrap px-2 py-1.5', numeric(c) && 'text-end tabular-nums', c.kind === 'money' && typeof row[c.key] === 'number' && (row[c.key] as number) < 0 && 'text-danger')}
                      data-key={c.key}
                    >
                      {to && c.key === linkColumn ? (
                        <Link to={to} className="text-primary hover:underline" data-testid="report-row-link">
                          {text}
                        </Link>
                      ) : (
                        text
                      )}
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
        {hasTotals && (
          <tfoot>
            <tr className="border-t-2 border-line font-semibold" data-testid="report-totals">
              {columns.map((c, i) => (
                <td key={c.key} className={cn('whitespace-nowrap px-2 py-2', numeric(c) && 'text-end tabular-nums')} data-key={c.key}>
                  {i === 0 && (totals?.[c.key] === undefined || totals?.[c.key] === null) ? t('total') : format.cell(c.kind, totals?.[c.key])}
                </td>
              ))}
            </tr>
          </tfoot>
        )}
      </table>
    </div>
  );
}

/**
 * The rows' React keys: where a row leads (and which time it leads there), else its place. A row
 * keeps its element only while it stays the same row: when a new range's answer replaces the one
 * shown, a link under the pointer never starts leading to another party.
 */
export function rowKeys(rows: readonly ReportRow[], rowPath: (row: ReportRow) => string | null): string[] {
  const seen = new Map<string, number>();
  return rows.map((row, i) => {
    const to = rowPath(row);
    if (to === null) return `#${i}`;
    const n = (seen.get(to) ?? 0) + 1;
    seen.set(to, n);
    return `${to}#${n}`;
  });
}

/**
 * The list table of every module: sortable headers (buttons with aria-sort on the header cell),
 * a skeleton while loading, an empty state, and an error state with a retry button.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { failureText } from '@/lib/form-errors';
import { sortDirection } from './list-params';

/** One column. `sortKey` makes the header a sort toggle (the server's sort key). */
export interface Column<T> {
  id: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  sortKey?: string;
  align?: 'start' | 'end' | 'center';
}

/** Props of DataTable. */
export interface DataTableProps<T> {
  columns: ReadonlyArray<Column<T>>;
  rows: readonly T[] | undefined;
  rowKey: (row: T) => string | number;
  /** Current sort ('key' or '-key'). */
  sort: string;
  onSort: (key: string) => void;
  isLoading: boolean;
  error: unknown;
  onRetry: () => void;
  emptyText: string;
  /** Skeleton rows while loading (capped at 10). */
  skeletonRows?: number;
  caption: string;
  testId?: string;
}

const alignClass = { start: 'text-start', end: 'text-end', center: 'text-center' };

/** The data table. */
export function DataTable<T>(props: DataTableProps<T>) {
  const { columns, rows, rowKey, sort, onSort, isLoading, error, onRetry, emptyText, caption, testId } = props;
  const { t } = useTranslation('list');
  const skeletonRows = Math.min(props.skeletonRows ?? 5, 10);

  let body: ReactNode;
  if (error && !rows) {
    body = (
      <tr>
        <td colSpan={columns.length} className="p-4">
          <div className="space-y-3" data-testid="list-error">
            <Alert>{failureText(error) ?? t('loadFailed')}</Alert>
            <Button variant="secondary" onClick={onRetry}>
              {t('common:actions.retry')}
            </Button>
          </div>
        </td>
      </tr>
    );
  } else if (isLoading && !rows) {
    body = Array.from({ length: skeletonRows }, (_, i) => (
      <tr key={i} aria-hidden="true" data-testid="list-skeleton-row">
        {columns.map((c) => (
          <td key={c.id} className="px-3 py-3">
            <span className="block h-4 w-full max-w-32 animate-pulse rounded bg-hover" />
          </td>
        ))}
      </tr>
    ));
  } else if (!rows || rows.length === 0) {
    body = (
      <tr>
        <td colSpan={columns.length} className="p-8 text-center text-muted" data-testid="list-empty">
          {emptyText}
        </td>
      </tr>
    );
  } else {
    body = rows.map((row) => (
      <tr key={rowKey(row)} className="border-t border-line hover:bg-hover/50" data-testid="list-row">
        {columns.map((c) => (
          <td key={c.id} className={cn('px-3 py-2 align-middle', alignClass[c.align ?? 'start'])}>
            {c.cell(row)}
          </td>
        ))}
      </tr>
    ));
  }

  return (
    <div className="overflow-x-auto" aria-busy={isLoading || undefined}>
      <table className="w-full text-sm" data-testid={testId ?? 'list-table'}>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="text-muted">
            {columns.map((c) => {
              const direction = c.sortKey ? sortDirection(sort, c.sortKey) : undefined;
              return (
                <th
                  key={c.id}
                  scope="col"
                  aria-sort={c.sortKey ? (direction ?? 'none') : undefined}
                  className={cn('whitespace-nowrap px-3 py-2 font-medium', alignClass[c.align ?? 'start'])}
                >
                  {c.sortKey ? (
                    <button
                      type="button"
                      onClick={() => onSort(c.sortKey!)}
                      className="inline-flex items-center gap-1 rounded hover:text-fg focus-visible:outline-2 focus-visible:outline-primary"
                      data-testid={`sort-${c.sortKey}`}
                    >
                      {c.header}
                      <span aria-hidden="true" className="text-xs">
                        {direction === 'ascending' ? '▲' : direction === 'descending' ? '▼' : '↕'}
                      </span>
                    </button>
                  ) : (
                    c.header
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>{body}</tbody>
      </table>
    </div>
  );
}

/** The pagination bar (first, previous, numbered pages, next, last) and the page-size select. */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';
import { PER_PAGE_OPTIONS } from './list-params';
import { paginationModel, type ListMeta, type PageTarget } from './pagination-model';

/** Props of Pagination. */
export interface PaginationProps {
  meta: ListMeta;
  /** Rows on this page, for the "1–25 of 300" summary. */
  rowCount: number;
  onNavigate: (target: PageTarget) => void;
  onPerPage: (perPage: number) => void;
  /** The list pages by number, not by cursor (paginationModel). */
  offset?: boolean;
}

const control =
  'min-w-9 rounded-md border border-line px-2 py-1 text-sm hover:bg-hover focus-visible:outline-2 focus-visible:outline-primary disabled:cursor-not-allowed disabled:opacity-50';

/** The pagination bar. */
export function Pagination({ meta, rowCount, onNavigate, onPerPage, offset = false }: PaginationProps) {
  const { t } = useTranslation('list');
  const selectId = useId();
  const model = paginationModel(meta, offset);
  const from = rowCount === 0 ? 0 : (Math.max(meta.page, 1) - 1) * meta.per_page + 1;
  const to = rowCount === 0 ? 0 : Math.min(from + rowCount - 1, meta.total);

  const button = (label: string, target: PageTarget | null, testId: string, text: string) => (
    <button
      type="button"
      className={control}
      disabled={!target}
      aria-label={label}
      title={label}
      data-testid={testId}
      onClick={() => target && onNavigate(target)}
    >
      {text}
    </button>
  );

  return (
    <div className="flex flex-wrap items-center justify-between gap-3 pt-3 text-sm">
      <p className="text-muted" data-testid="list-summary">
        {t('summary', { from, to, total: meta.total })}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <label htmlFor={selectId} className="text-muted">
          {t('perPage')}
        </label>
        <select
          id={selectId}
          value={meta.per_page}
          onChange={(e) => onPerPage(Number(e.target.value))}
          className="rounded-md border border-line bg-card px-2 py-1 text-sm"
          data-testid="list-per-page"
        >
          {PER_PAGE_OPTIONS.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
        <nav aria-label={t('pagination')} className="flex items-center gap-1" data-testid="list-pagination">
          {button(t('firstPage'), model.first, 'page-first', '«')}
          {button(t('previousPage'), model.prev, 'page-prev', '‹')}
          {model.items.map((item) =>
            item.kind === 'gap' ? (
              <span key={item.key} aria-hidden="true" className="px-1 text-muted">
                …
              </span>
            ) : (
              <button
                key={item.page}
                type="button"
                className={cn(control, item.current && 'border-primary bg-primary text-on-primary hover:bg-primary')}
                aria-current={item.current ? 'page' : undefined}
                aria-label={t('page', { page: item.page })}
                disabled={!item.current && !item.target}
                onClick={() => item.target && onNavigate(item.target)}
                data-testid={`page-${item.page}`}
              >
                {item.page}
              </button>
            ),
          )}
          {button(t('nextPage'), model.next, 'page-next', '›')}
          {button(t('lastPage'), model.last, 'page-last', '»')}
        </nav>
      </div>
    </div>
  );
}

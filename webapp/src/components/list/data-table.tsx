/**
 * The list table of every module: sortable headers (buttons with aria-sort on the header cell),
 * a skeleton while loading, an empty state that says what to do next, and an error state with a
 * retry button.
 *
 * It fits the screen (issue 9 §13): rows are compact and one line tall (a header may take two) —
 * a text column (a name, a supplier, a store) is one line cut with an ellipsis, as wide as its
 * text when the table has room and never narrower than the smaller of its text and 11rem, the
 * whole text a tooltip when cut (TextCell); the row actions live in a sticky last column, so they
 * stay in view however wide the table scrolls, and never cut a column in half when it scrolls
 * (useWholeColumns) — a row's first action is a button, the others a ⋮ menu beside it
 * (RowActions); columns the user hid (column-visibility) are left out; below md the rows
 * become cards (the same data-testid="list-row"), one field per line, where long text wraps. With
 * a selection, a first column (a card's corner) holds each selectable row's checkbox, and the
 * header one for the whole page.
 */
import { useEffect, useLayoutEffect, useRef, useState, type CSSProperties, type PointerEvent, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '@/components/icon';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { isSmaller, useSizeClass } from '@/lib/breakpoints';
import { failureText } from '@/lib/form-errors';
import { sortDirection } from './list-params';
import { Menu, toneClass, type MenuItem } from './menu';
import { RowCheckbox, SelectAllCheckbox, type RowSelection } from './row-selection';

/** One column. `sortKey` makes the header a sort toggle (the server's sort key). */
export interface Column<T> {
  id: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  sortKey?: string;
  align?: 'start' | 'end' | 'center';
  /**
   * The cell never wraps and is never cut: codes, numbers, references, dates ("PO-000004", never
   * "PO-/000004"), badges, images and the words of a choice, which are short. Any other
   * start-aligned column is text: one line, cut with an ellipsis (see TextCell).
   */
  nowrap?: boolean;
  /** The cell lays out its own lines (a notification's title over its message): neither cut nor kept to one line. */
  wrap?: boolean;
  /** false: the column cannot be hidden (the record's name). Default true. */
  hideable?: boolean;
  /** The column's name in the column chooser when the header is not text (an image column). */
  label?: string;
  /**
   * A text column's least width when the table is short of room (a CSS length; default 11rem,
   * index.css): smaller for text whose whole is less needed in the row than in its tooltip.
   */
  least?: string;
}

/** One row action: a command or a link. */
export type RowAction = MenuItem;

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
  /** What to do next from an empty list (e.g. the Add button). */
  emptyAction?: ReactNode;
  /** Column ids the user hid. */
  hidden?: readonly string[];
  /** The actions of a row, in the sticky last column. */
  actions?: (row: T) => readonly RowAction[];
  /** Skeleton rows while loading (capped at 10). */
  skeletonRows?: number;
  caption: string;
  testId?: string;
  /** Rows ticked for an action over several (a first column of checkboxes). */
  selection?: RowSelection<T>;
}

const alignClass = { start: 'text-start', end: 'text-end', center: 'text-center' };

/**
 * The sticky actions cell: opaque, so scrolled cells pass under it, with a line on its inner side;
 * while columns lie hidden under it (the table scrolls sideways and is not at its end) it casts a
 * shadow over them, the hint that there is more to scroll to.
 */
const stickyClass =
  'sticky end-0 z-[1] bg-card shadow-[inset_1px_0_0_var(--bo-line)] rtl:shadow-[inset_-1px_0_0_var(--bo-line)] ' +
  'group-data-[more=true]:shadow-[-8px_0_8px_-6px_rgb(0_0_0/0.45),inset_1px_0_0_var(--bo-line)] ' +
  'rtl:group-data-[more=true]:shadow-[8px_0_8px_-6px_rgb(0_0_0/0.45),inset_-1px_0_0_var(--bo-line)]';

/** Whether the element scrolls sideways and has more to show toward its end (either direction). */
function useMoreToTheEnd(ref: RefObject<HTMLElement | null>, shown: boolean): boolean {
  const [more, setMore] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    // scrollLeft is negative in right-to-left layouts: the distance travelled is its size.
    const measure = () => setMore(Math.abs(el.scrollLeft) + el.clientWidth < el.scrollWidth - 1);
    measure();
    el.addEventListener('scroll', measure, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure);
    observer?.observe(el);
    if (el.firstElementChild) observer?.observe(el.firstElementChild);
    return () => {
      el.removeEventListener('scroll', measure);
      observer?.disconnect();
    };
  }, [ref, shown]);
  return more;
}

/**
 * The least width of the sticky actions column that leaves no column half under it when the
 * table, scrolled to its start, is wider than its box: the column then reaches back to the start
 * of the first column that does not fit whole beside the row actions, which hides that column
 * rather than cutting it ("$ 407.7" for $ 407.751 under Details · Payments). Undefined when the
 * table fits. The columns before the actions keep their places whatever the actions column's
 * width (the table is at its least width when it overflows), so applying the answer does not
 * change it.
 *
 * Column widths follow the data (a long customer name, a big amount), and they change after the
 * rows arrive too (a cell whose text comes later, a late font, a wider actions cell), with no new
 * rows and no resize of the box: so every header cell and every actions cell is watched, and the
 * answer is worked out again whenever one of them changes size (a ResizeObserver calls back after
 * layout, when the positions are final). Whether the table overflows is judged at the actions'
 * own width, not at the width given here before: a list whose data narrowed fits again.
 */
function useWholeColumns(ref: RefObject<HTMLElement | null>, shown: boolean, rows: unknown, columnIds: string): number | undefined {
  const [width, setWidth] = useState<number>();
  useEffect(() => {
    const el = ref.current;
    const table = el?.querySelector('table');
    if (!el || !table || !shown) return setWidth(undefined);
    const actionCells = () => Array.from(table.querySelectorAll<HTMLElement>('[data-testid="row-actions-cell"] > *'));
    const measure = () => setWidth((w) => settle(w, wholeColumnsWidth(el, table, actionCells())));
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    observer.observe(table);
    for (const cell of table.tHead?.rows[0]?.cells ?? []) observer.observe(cell);
    for (const content of actionCells()) observer.observe(content);
    // A font that arrives late widens the text without resizing the box.
    document.fonts?.addEventListener?.('loadingdone', measure);
    return () => {
      observer.disconnect();
      document.fonts?.removeEventListener?.('loadingdone', measure);
    };
  }, [ref, shown, rows, columnIds]);
  return width;
}

/** The new width unless it is the old one within half a pixel (no re-render for rounding). */
function settle(old: number | undefined, next: number | undefined): number | undefined {
  return old !== undefined && next !== undefined && Math.abs(old - next) < 0.5 ? old : next;
}

/**
 * The actions column's width that hides whole the columns it would cut (see useWholeColumns), from
 * the laid-out table: `scroller` its scroll box, `contents` what each row's actions cell holds.
 */
function wholeColumnsWidth(scroller: HTMLElement, table: HTMLTableElement, contents: readonly HTMLElement[]): number | undefined {
  const cells = Array.from(table.tHead?.rows[0]?.cells ?? []);
  const actions = cells.pop();
  if (!actions || cells.length === 0) return undefined;
  // The actions' own width: their widest cell's content, and the cell's padding.
  const style = getComputedStyle(actions);
  const pad = (parseFloat(style.paddingInlineStart) || 0) + (parseFloat(style.paddingInlineEnd) || 0) + actions.offsetWidth - actions.clientWidth;
  const own = Math.max(0, ...contents.map((c) => c.getBoundingClientRect().width)) + pad;
  // The scroll port: where the sticky column sticks (a scroll bar or border is not part of it).
  const view = scroller.clientWidth;
  const box = table.getBoundingClientRect();
  // The table's width were the actions column at its own width (it may carry this hook's width).
  if (box.width - Math.max(0, actions.getBoundingClientRect().width - own) <= view + 1) return undefined;
  // Where each column ends, from the table's start (either direction).
  const rtl = style.direction === 'rtl';
  const room = view - own;
  let end = 0;
  for (const c of cells) {
    const r = c.getBoundingClientRect();
    const e = rtl ? box.right - r.left : r.right - box.left;
    if (e > room + 0.5) break;
    end = e;
  }
  return view - end;
}

/** The data table. */
export function DataTable<T>(props: DataTableProps<T>) {
  const { rows, rowKey, sort, onSort, isLoading, error, onRetry, emptyText, emptyAction, actions, caption, testId, selection } = props;
  const { t } = useTranslation('list');
  const asCards = isSmaller(useSizeClass(), 'md');
  const scroller = useRef<HTMLDivElement>(null);
  const more = useMoreToTheEnd(scroller, !asCards);
  const skeletonRows = Math.min(props.skeletonRows ?? 5, 10);
  const hidden = props.hidden ?? [];
  const columns = props.columns.filter((c) => c.hideable === false || !hidden.includes(c.id));
  const actionsWidth = useWholeColumns(scroller, !asCards && !!actions, rows, columns.map((c) => c.id).join(' '));
  const span = columns.length + (actions ? 1 : 0) + (selection ? 1 : 0);
  // A card's title: the record's name (the first column that cannot be hidden), else the first column.
  const primary = columns.find((c) => c.hideable === false) ?? columns[0];

  let state: ReactNode = null;
  if (error && !rows) {
    state = (
      <div className="space-y-3" data-testid="list-error">
        <Alert>{failureText(error) ?? t('loadFailed')}</Alert>
        <Button variant="secondary" onClick={onRetry}>
          {t('common:actions.retry')}
        </Button>
      </div>
    );
  } else if (!(isLoading && !rows) && (!rows || rows.length === 0)) {
    state = (
      <div className="flex flex-col items-center gap-3 text-center text-muted" data-testid="list-empty">
        <p>{emptyText}</p>
        {emptyAction}
      </div>
    );
  }
  const skeleton = isLoading && !rows && !state;

  if (asCards) {
    return (
      <div aria-busy={isLoading || undefined} data-testid={testId ?? 'list-table'} data-layout="cards">
        <h2 className="sr-only">{caption}</h2>
        {selection && rows?.some(selection.selectable) && !state && (
          <label className="mb-2 inline-flex items-center gap-2 px-1 text-sm text-muted">
            <SelectAllCheckbox rows={rows} rowKey={rowKey} selection={selection} />
            {t('selectAll')}
          </label>
        )}
        {state && <div className="p-4">{state}</div>}
        {skeleton && (
          <ul className="space-y-2" aria-hidden="true">
            {Array.from({ length: Math.min(skeletonRows, 4) }, (_, i) => (
              <li key={i} className="h-24 animate-pulse rounded-lg bg-hover" data-testid="list-skeleton-row" />
            ))}
          </ul>
        )}
        {!state && rows && rows.length > 0 && (
          <ul className="space-y-2">
            {rows.map((row) => {
              const title = primary ? primary.cell(row) : null;
              return (
                <li key={rowKey(row)} className="rounded-lg border border-line p-3 text-sm" data-testid="list-row">
                  <div className="mb-2 flex items-start justify-between gap-2">
                    {selection && (
                      <span className="shrink-0 pt-0.5">
                        <RowCheckbox row={row} rowKey={rowKey(row)} selection={selection} />
                      </span>
                    )}
                    <div className="min-w-0 flex-1 break-words font-medium">{title}</div>
                    {actions && (
                      <div className="shrink-0" data-testid="row-actions-cell">
                        <RowActions actions={actions(row)} />
                      </div>
                    )}
                  </div>
                  <dl className="grid grid-cols-[minmax(5rem,38%)_minmax(0,1fr)] gap-x-3 gap-y-1">
                    {columns.map((c) => {
                      if (c === primary) return null;
                      const value = c.cell(row);
                      // An empty field is left out of the card rather than shown as a bare label.
                      if (value === '' || value === null || value === undefined) return null;
                      return (
                        <div key={c.id} className="contents">
                          <dt className="text-muted">{c.label ?? c.header}</dt>
                          <dd className={cn('min-w-0 overflow-x-auto', c.nowrap ? 'whitespace-nowrap' : 'break-words')}>{value}</dd>
                        </div>
                      );
                    })}
                  </dl>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    );
  }

  let body: ReactNode;
  if (state) {
    body = (
      <tr>
        <td colSpan={span} className="p-6">
          {state}
        </td>
      </tr>
    );
  } else if (skeleton) {
    body = Array.from({ length: skeletonRows }, (_, i) => (
      <tr key={i} aria-hidden="true" data-testid="list-skeleton-row">
        {selection && <td className="w-8 px-2" />}
        {columns.map((c) => (
          <td key={c.id} className="px-2 py-2">
            <span className="block h-4 w-full max-w-32 animate-pulse rounded bg-hover" />
          </td>
        ))}
        {actions && <td className={stickyClass} />}
      </tr>
    ));
  } else {
    const rowActions = (rows ?? []).map((row) => actions?.(row) ?? []);
    const menuSlot = rowActions.some((a) => a.length > 1);
    body = (rows ?? []).map((row, i) => (
      <tr key={rowKey(row)} className="border-t border-line hover:bg-hover/50" data-testid="list-row">
        {selection && (
          <td className="w-8 px-2 py-1.5 align-middle">
            <RowCheckbox row={row} rowKey={rowKey(row)} selection={selection} />
          </td>
        )}
        {columns.map((c) => (
          <td key={c.id} className={cn('px-2 py-1.5 align-middle', alignClass[c.align ?? 'start'], c.nowrap && 'whitespace-nowrap')}>
            {isText(c) ? <TextCell least={c.least}>{c.cell(row)}</TextCell> : c.cell(row)}
          </td>
        ))}
        {actions && (
          <td className={cn('px-2 py-1 text-end align-middle', stickyClass)} data-testid="row-actions-cell">
            <RowActions actions={rowActions[i]!} menuSlot={menuSlot} />
          </td>
        )}
      </tr>
    ));
  }

  return (
    <div ref={scroller} className="group overflow-x-auto" data-more={more || undefined} aria-busy={isLoading || undefined}>
      <table className="w-full text-sm" data-testid={testId ?? 'list-table'} data-layout="table">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="text-muted">
            {selection && (
              <th scope="col" className="w-8 px-2 py-2">
                <SelectAllCheckbox rows={rows ?? []} rowKey={rowKey} selection={selection} />
              </th>
            )}
            {columns.map((c) => {
              const direction = c.sortKey ? sortDirection(sort, c.sortKey) : undefined;
              return (
                <th
                  key={c.id}
                  scope="col"
                  aria-sort={c.sortKey ? (direction ?? 'none') : undefined}
                  // A header may wrap at its spaces ("Purchase / date"): one taller header row costs
                  // less than a column of rows pushed out of view by a two-word title.
                  className={cn('px-2 py-2 align-bottom font-medium', alignClass[c.align ?? 'start'])}
                >
                  {c.sortKey ? (
                    <button
                      type="button"
                      onClick={() => onSort(c.sortKey!)}
                      className="inline-flex items-center gap-1 rounded text-start hover:text-fg focus-visible:outline-2 focus-visible:outline-primary"
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
            {actions && (
              <th scope="col" className={cn('px-2 py-2', stickyClass)} style={actionsWidth ? { width: actionsWidth, minWidth: actionsWidth } : undefined}>
                <span className="sr-only">{t('actions')}</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>{body}</tbody>
      </table>
    </div>
  );
}

/** Whether a column's cells are text, kept to one line (neither nowrap nor wrap, start-aligned). */
function isText<T>(c: Column<T>): boolean {
  return !c.nowrap && !c.wrap && (c.align ?? 'start') === 'start';
}

/**
 * A text cell of the table: one line cut with an ellipsis (index.css, .list-cell-text, sizes the
 * column; `least` its least width, default 11rem). The hidden copy that sets the column's least
 * width is the text itself, copied whenever it changes (textContent: no layout needed). The whole
 * text is the tooltip when the cell cuts it, worked out on hover, when the column's width is known
 * (it changes with the window). Exported for the tables of a page's own (a run's documents).
 */
export function TextCell({ children, least }: { children: ReactNode; least?: string }) {
  const text = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    const el = text.current;
    const cell = el?.parentElement;
    if (!el || !cell) return;
    const copy = () => {
      cell.dataset.text = el.textContent ?? '';
    };
    copy();
    // A cell whose text arrives later (a row that reads its own details) re-renders only itself.
    const observer = new MutationObserver(copy);
    observer.observe(el, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, []);
  return (
    <div className="list-cell-text" style={least ? ({ '--cell-least': least } as CSSProperties) : undefined}>
      <span ref={text} className="truncate" onPointerEnter={titleWhenCut} data-testid="cell-text">
        {children}
      </span>
    </div>
  );
}

/** The element's whole text as its tooltip when it is cut (a line of its own per block in it), else none. */
function titleWhenCut(event: PointerEvent<HTMLElement>) {
  const el = event.currentTarget;
  const cut = el.scrollWidth > el.clientWidth || Array.from(el.children).some((c) => c.scrollWidth > c.clientWidth);
  if (cut) el.title = el.innerText;
  else el.removeAttribute('title');
}

/**
 * A row's actions, one pattern on every list and every screen: the first (the kit orders them:
 * Approve, the page's own, Edit, Delete) is a button, the others sit in a ⋮ menu beside it — one
 * click for the usual step, Delete never next to it. In a table where some row has a menu, a row
 * without one keeps the menu's place empty (`menuSlot`), so the buttons line up in the column.
 */
function RowActions({ actions, menuSlot = false }: { actions: readonly RowAction[]; menuSlot?: boolean }) {
  const { t } = useTranslation('list');
  const [first, ...rest] = actions;
  if (!first) return null;
  return (
    <span className="inline-flex items-center gap-1">
      <InlineAction action={first} />
      {rest.length > 0 ? (
        <Menu trigger={<Icon name="more" className="size-5" strokeWidth={3} />} label={t('moreActions')} items={rest} testId="row-actions" triggerClassName={MENU_WIDTH} />
      ) : (
        menuSlot && <span aria-hidden="true" className={cn('inline-block', MENU_WIDTH)} />
      )}
    </span>
  );
}

/** The ⋮ button's width, and that of the empty place a row without it keeps. */
const MENU_WIDTH = 'w-9 shrink-0';

function InlineAction({ action }: { action: RowAction }) {
  const className = cn(
    'inline-flex items-center whitespace-nowrap rounded-md px-2 py-1 text-sm font-medium hover:bg-hover focus-visible:outline-2 focus-visible:outline-primary',
    action.tone && toneClass[action.tone],
  );
  if (action.to !== undefined) {
    return (
      <Link to={action.to} className={className} data-testid={action.testId}>
        {action.label}
      </Link>
    );
  }
  return (
    <button type="button" onClick={action.onSelect} disabled={action.disabled} className={cn(className, 'disabled:opacity-60')} data-testid={action.testId}>
      {action.label}
    </button>
  );
}

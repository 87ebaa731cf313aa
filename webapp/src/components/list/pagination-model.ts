/**
 * The pagination bar's model for a keyset-paginated list (platform/listing's meta): with cursors
 * only the neighbouring pages and the two ends can be opened, which is exactly "1 sibling and
 * 1 boundary" (spec §9): 1 … p−1 p p+1 … N. Pure, so it is tested without a browser.
 */
import type { ListParams } from './list-params';

/** platform/listing.Meta as JSON. */
export interface ListMeta {
  page: number;
  per_page: number;
  total: number;
  total_pages: number;
  next_cursor?: string;
  prev_cursor?: string;
}

/** One list answer: `{data, meta}`. */
export interface ListPage<T> {
  data: T[];
  meta: ListMeta;
}

/** Where a pagination control leads. */
export interface PageTarget {
  page: number;
  after?: string;
  before?: string;
  last?: boolean;
}

/** One element of the numbered part of the bar. */
export type PageItem =
  | { kind: 'page'; page: number; current: boolean; target: PageTarget | null }
  | { kind: 'gap'; key: string };

/** The whole bar. A null target is a disabled control. */
export interface PaginationModel {
  first: PageTarget | null;
  prev: PageTarget | null;
  next: PageTarget | null;
  last: PageTarget | null;
  items: PageItem[];
}

/**
 * Builds the bar from the server's meta. `offset`: the list pages by number (a report's rows),
 * so every page is reached by its number and no cursor is needed.
 */
export function paginationModel(meta: ListMeta, offset = false): PaginationModel {
  const total = Math.max(meta.total_pages, 1);
  const page = Math.min(Math.max(meta.page, 1), total);
  const firstTarget: PageTarget = { page: 1 };
  const lastTarget: PageTarget = offset ? { page: total } : { page: total, last: true };
  // Page 2 reached backwards is simply the first page: no cursor needed.
  const prev: PageTarget | null =
    page <= 1 ? null : page === 2 || offset ? { page: page - 1 } : meta.prev_cursor ? { page: page - 1, before: meta.prev_cursor } : null;
  const next: PageTarget | null = page >= total ? null : offset ? { page: page + 1 } : !meta.next_cursor ? null : { page: page + 1, after: meta.next_cursor };

  const items: PageItem[] = [];
  const add = (n: number, target: PageTarget | null) => items.push({ kind: 'page', page: n, current: n === page, target: n === page ? null : target });
  if (page > 1) add(1, firstTarget);
  if (page - 1 > 2) items.push({ kind: 'gap', key: 'start' });
  if (page - 1 > 1) add(page - 1, prev);
  add(page, null);
  if (page + 1 < total) add(page + 1, next);
  if (page + 1 < total - 1) items.push({ kind: 'gap', key: 'end' });
  if (page < total) add(total, page + 1 === total ? next : lastTarget);

  return {
    first: page > 1 ? firstTarget : null,
    prev,
    next,
    last: page < total ? lastTarget : null,
    items,
  };
}

/** The list state after following a pagination control. */
export function withPageTarget(params: ListParams, target: PageTarget): ListParams {
  return {
    ...params,
    page: target.page,
    after: target.after ?? '',
    before: target.before ?? '',
    last: target.last ?? false,
  };
}

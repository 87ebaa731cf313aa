/**
 * The state of a server list (page, page size, search, sort, keyset cursors and filters) kept in
 * the URL, so that a list can be shared, reloaded, and walked with the browser's back/forward.
 * Pure functions only; `useListParams` binds them to react-router's search params.
 *
 * The server paginates by keyset (platform/listing): `page` is only a label for display, the
 * rows come from `after`/`before` cursors or `last=true`. Anything that changes which rows
 * match (search, sort, filters, page size) therefore starts again from the first page.
 */

/** Page sizes offered by the per-page select (the server caps at 100). */
export const PER_PAGE_OPTIONS = [10, 25, 50, 100] as const;
/** The server's default page size. */
export const DEFAULT_PER_PAGE = 25;

/** A list's state. `filters` holds the list's own filters by query name (empty = not set). */
export interface ListParams {
  page: number;
  perPage: number;
  q: string;
  /** Sort key, '-key' for descending, '' for the server's default order. */
  sort: string;
  after: string;
  before: string;
  last: boolean;
  filters: Record<string, string>;
}

/** What a list declares about itself. */
export interface ListConfig {
  /** Query names of the list's filters, e.g. ['approval', 'city']. */
  filterKeys: readonly string[];
  /** The sort the list shows when the URL names none ('' = the server's default). */
  defaultSort?: string;
}

const RESERVED = ['page', 'per_page', 'q', 'sort', 'after', 'before', 'last'];

function positiveInt(value: string | null, fallback: number): number {
  if (value === null || !/^\d+$/.test(value)) return fallback;
  const n = Number(value);
  return n >= 1 ? n : fallback;
}

/** Reads a list's state from the URL; unknown or malformed values fall back to the defaults. */
export function readListParams(search: URLSearchParams, config: ListConfig): ListParams {
  const perPage = positiveInt(search.get('per_page'), DEFAULT_PER_PAGE);
  const filters: Record<string, string> = {};
  for (const key of config.filterKeys) {
    if (RESERVED.includes(key)) continue;
    filters[key] = search.get(key) ?? '';
  }
  const after = search.get('after') ?? '';
  const before = after ? '' : (search.get('before') ?? '');
  return {
    page: positiveInt(search.get('page'), 1),
    perPage: Math.min(perPage, 100),
    q: search.get('q') ?? '',
    sort: search.get('sort') ?? config.defaultSort ?? '',
    after,
    before,
    last: !after && !before && search.get('last') === 'true',
    filters,
  };
}

/** Writes a list's state to URL search params, leaving out defaults so URLs stay short. */
export function writeListParams(params: ListParams, config: ListConfig): URLSearchParams {
  const out = new URLSearchParams();
  if (params.page > 1) out.set('page', String(params.page));
  if (params.perPage !== DEFAULT_PER_PAGE) out.set('per_page', String(params.perPage));
  if (params.q) out.set('q', params.q);
  if (params.sort && params.sort !== (config.defaultSort ?? '')) out.set('sort', params.sort);
  if (params.after) out.set('after', params.after);
  else if (params.before) out.set('before', params.before);
  else if (params.last) out.set('last', 'true');
  for (const key of config.filterKeys) {
    const value = params.filters[key];
    if (value) out.set(key, value);
  }
  return out;
}

function filterEntries(params: ListParams): Array<[string, string]> {
  return Object.entries(params.filters).filter(([, v]) => v !== '');
}

/** The query string of the list request: every set value, with the server's parameter names. */
export function listQuery(params: ListParams): string {
  const out = new URLSearchParams();
  out.set('page', String(params.page));
  out.set('per_page', String(params.perPage));
  if (params.q.trim()) out.set('q', params.q.trim());
  if (params.sort) out.set('sort', params.sort);
  if (params.after) out.set('after', params.after);
  else if (params.before) out.set('before', params.before);
  else if (params.last) out.set('last', 'true');
  for (const [key, value] of filterEntries(params)) out.set(key, value);
  return out.toString();
}

/** The URL of a list's Excel export: the same search, sort and filters, no paging, and the language. */
export function exportUrl(basePath: string, params: ListParams, language: string): string {
  const out = new URLSearchParams();
  if (params.q.trim()) out.set('q', params.q.trim());
  if (params.sort) out.set('sort', params.sort);
  for (const [key, value] of filterEntries(params)) out.set(key, value);
  out.set('lang', language.startsWith('es') ? 'es' : 'en');
  return `${basePath}/export.xlsx?${out.toString()}`;
}

/** Back to the first page (no cursor): what every change of the matching rows does. */
function firstPage(params: ListParams): ListParams {
  return { ...params, page: 1, after: '', before: '', last: false };
}

/** A new search text. */
export function withSearch(params: ListParams, q: string): ListParams {
  return firstPage({ ...params, q });
}

/** The search and every filter cleared (the empty list's "Clear search and filters"). */
export function withoutFilters(params: ListParams): ListParams {
  return firstPage({ ...params, q: '', filters: {} });
}

/** One filter set or cleared (''), and the filters that depend on it (clears) reset. */
export function withFilter(params: ListParams, key: string, value: string, clears: readonly string[] = []): ListParams {
  const filters = { ...params.filters, [key]: value };
  for (const other of clears) filters[other] = '';
  return firstPage({ ...params, filters });
}

/** A new page size. */
export function withPerPage(params: ListParams, perPage: number): ListParams {
  return firstPage({ ...params, perPage });
}

/** The direction a column is sorted in, if it is the sort column. */
export function sortDirection(sort: string, key: string): 'ascending' | 'descending' | undefined {
  if (sort === key) return 'ascending';
  if (sort === `-${key}`) return 'descending';
  return undefined;
}

/** A click on a sortable header: ascending first, then toggles. */
export function withSortToggled(params: ListParams, key: string): ListParams {
  const next = params.sort === key ? `-${key}` : key;
  return firstPage({ ...params, sort: next });
}

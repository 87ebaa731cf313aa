import { describe, expect, it } from 'vitest';
import {
  exportUrl,
  listQuery,
  readListParams,
  sortDirection,
  withFilter,
  withPerPage,
  withSearch,
  withSortToggled,
  writeListParams,
  type ListConfig,
} from './list-params';
import { paginationModel, withPageTarget, type ListMeta } from './pagination-model';

const config: ListConfig = { filterKeys: ['approval', 'city'], defaultSort: 'name' };
const read = (query: string) => readListParams(new URLSearchParams(query), config);

describe('readListParams / writeListParams', () => {
  it('reads defaults from an empty URL and writes nothing back', () => {
    const params = read('');
    expect(params).toEqual({ page: 1, perPage: 25, q: '', sort: 'name', after: '', before: '', last: false, filters: { approval: '', city: '' } });
    expect(writeListParams(params, config).toString()).toBe('');
  });

  it('round-trips every value', () => {
    const query = 'page=3&per_page=50&q=ana+mar%C3%ADa&sort=-created_at&after=abc&approval=pending&city=Cali';
    const params = read(query);
    expect(params).toMatchObject({ page: 3, perPage: 50, q: 'ana maría', sort: '-created_at', after: 'abc', filters: { approval: 'pending', city: 'Cali' } });
    expect(writeListParams(params, config).toString()).toBe(query);
  });

  it('ignores malformed numbers, unknown filters and contradictory cursors', () => {
    const params = read('page=-2&per_page=x&after=a&before=b&last=true&role=admin');
    expect(params).toMatchObject({ page: 1, perPage: 25, after: 'a', before: '', last: false });
    expect(params.filters).toEqual({ approval: '', city: '' });
    expect(read('per_page=1000').perPage).toBe(100);
    expect(read('last=true')).toMatchObject({ last: true });
    expect(read('last=1')).toMatchObject({ last: false });
  });
});

describe('list state transitions', () => {
  const onPage3 = read('page=3&after=c3&q=x&approval=pending');

  it('search, filter and page size go back to the first page', () => {
    for (const next of [withSearch(onPage3, 'y'), withFilter(onPage3, 'city', 'Bogotá'), withPerPage(onPage3, 10)]) {
      expect(next).toMatchObject({ page: 1, after: '', before: '', last: false });
    }
    expect(withFilter(onPage3, 'approval', '').filters.approval).toBe('');
    // A filter that others depend on resets them (a supplier once the type turns to sale).
    const typed = withFilter({ ...onPage3, filters: { type: 'purchase', party_id: '7' } }, 'type', 'sale', ['party_id']);
    expect(typed.filters).toEqual({ type: 'sale', party_id: '' });
    expect(typed.page).toBe(1);
    expect(withSearch(onPage3, 'y').filters.approval).toBe('pending');
  });

  it('sorting toggles ascending and descending and reports aria-sort', () => {
    const byCity = withSortToggled(onPage3, 'city');
    expect(byCity).toMatchObject({ sort: 'city', page: 1, after: '' });
    expect(withSortToggled(byCity, 'city').sort).toBe('-city');
    expect(withSortToggled(withSortToggled(byCity, 'city'), 'city').sort).toBe('city');
    expect(sortDirection('city', 'city')).toBe('ascending');
    expect(sortDirection('-city', 'city')).toBe('descending');
    expect(sortDirection('name', 'city')).toBeUndefined();
    // The default sort is left out of the URL, its reverse is kept.
    expect(writeListParams(withSortToggled(read(''), 'name'), config).get('sort')).toBe('-name');
  });
});

describe('request URLs', () => {
  it('listQuery sends paging, cursor, trimmed search and the set filters', () => {
    expect(listQuery(read('page=2&before=b2&q=+ana+&city=Cali'))).toBe('page=2&per_page=25&q=ana&sort=name&before=b2&city=Cali');
    expect(listQuery(read('last=true'))).toBe('page=1&per_page=25&sort=name&last=true');
  });

  it('exportUrl keeps search, sort and filters, drops paging, adds the language', () => {
    expect(exportUrl('/api/customers', read('page=4&after=c&q=ana&approval=approved&sort=-city'), 'es')).toBe(
      '/api/customers/export.xlsx?q=ana&sort=-city&approval=approved&lang=es',
    );
    expect(exportUrl('/api/products', read(''), 'en')).toBe('/api/products/export.xlsx?sort=name&lang=en');
    expect(exportUrl('/api/products', read(''), 'ar')).toBe('/api/products/export.xlsx?sort=name&lang=en');
  });
});

describe('paginationModel (1 sibling, 1 boundary, keyset cursors)', () => {
  const meta = (page: number, totalPages: number, cursors: Partial<ListMeta> = {}): ListMeta => ({
    page,
    per_page: 25,
    total: totalPages * 25,
    total_pages: totalPages,
    ...cursors,
  });
  const labels = (m: ListMeta) =>
    paginationModel(m).items.map((i) => (i.kind === 'gap' ? '…' : i.current ? `[${i.page}]` : String(i.page))).join(' ');

  it('lays out first, previous, current, next and last with gaps', () => {
    expect(labels(meta(1, 1))).toBe('[1]');
    expect(labels(meta(1, 2, { next_cursor: 'n' }))).toBe('[1] 2');
    expect(labels(meta(1, 10, { next_cursor: 'n' }))).toBe('[1] 2 … 10');
    expect(labels(meta(3, 10, { next_cursor: 'n', prev_cursor: 'p' }))).toBe('1 2 [3] 4 … 10');
    expect(labels(meta(5, 10, { next_cursor: 'n', prev_cursor: 'p' }))).toBe('1 … 4 [5] 6 … 10');
    expect(labels(meta(9, 10, { next_cursor: 'n', prev_cursor: 'p' }))).toBe('1 … 8 [9] 10');
    expect(labels(meta(10, 10, { prev_cursor: 'p' }))).toBe('1 … 9 [10]');
    expect(labels(meta(1, 0))).toBe('[1]');
  });

  it('leads each control to the right cursor', () => {
    const m = paginationModel(meta(5, 10, { next_cursor: 'n5', prev_cursor: 'p5' }));
    expect(m.first).toEqual({ page: 1 });
    expect(m.prev).toEqual({ page: 4, before: 'p5' });
    expect(m.next).toEqual({ page: 6, after: 'n5' });
    expect(m.last).toEqual({ page: 10, last: true });
    const pages = m.items.flatMap((i) => (i.kind === 'page' ? [[i.page, i.target] as const] : []));
    expect(pages).toEqual([
      [1, { page: 1 }],
      [4, { page: 4, before: 'p5' }],
      [5, null],
      [6, { page: 6, after: 'n5' }],
      [10, { page: 10, last: true }],
    ]);
  });

  it('disables what cannot be reached and goes back to page 1 without a cursor', () => {
    const first = paginationModel(meta(1, 3, { next_cursor: 'n' }));
    expect([first.first, first.prev]).toEqual([null, null]);
    const second = paginationModel(meta(2, 3, { next_cursor: 'n', prev_cursor: 'p' }));
    expect(second.prev).toEqual({ page: 1 });
    const noCursor = paginationModel(meta(4, 9));
    expect([noCursor.prev, noCursor.next]).toEqual([null, null]);
    expect(noCursor.last).toEqual({ page: 9, last: true });
  });

  it('offset paging (the rows of a report) reaches every page by its number, no cursor needed', () => {
    const m = paginationModel(meta(5, 10), true);
    expect([m.first, m.prev, m.next, m.last]).toEqual([{ page: 1 }, { page: 4 }, { page: 6 }, { page: 10 }]);
    expect(m.items.flatMap((i) => (i.kind === 'page' ? [i.target] : []))).toEqual([{ page: 1 }, { page: 4 }, null, { page: 6 }, { page: 10 }]);
    const last = paginationModel(meta(10, 10), true);
    expect([last.next, last.last]).toEqual([null, null]);
  });

  it('withPageTarget sets exactly one way of reaching the page', () => {
    const params = read('page=5&after=old&q=x');
    expect(withPageTarget(params, { page: 4, before: 'p' })).toMatchObject({ page: 4, after: '', before: 'p', last: false, q: 'x' });
    expect(withPageTarget(params, { page: 10, last: true })).toMatchObject({ page: 10, after: '', before: '', last: true });
  });
});

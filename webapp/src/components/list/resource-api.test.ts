import { describe, expect, it } from 'vitest';
import { readListParams } from './list-params';
import type { ListPage } from './pagination-model';
import { readPage } from './resource-api';

/** A fake server of `rows` rows paged by cursor: the cursor is the index of a row; page is for display only. */
function server(rows: number) {
  const calls: string[] = [];
  const get = (query: string): Promise<ListPage<number>> => {
    calls.push(query);
    const q = new URLSearchParams(query);
    const per = Number(q.get('per_page'));
    const totalPages = Math.ceil(rows / per);
    let start = 0;
    if (q.get('after')) start = Number(q.get('after'));
    else if (q.get('before')) start = Math.max(0, Number(q.get('before')) - per);
    else if (q.get('last') === 'true') start = (totalPages - 1) * per;
    const data = Array.from({ length: Math.min(per, rows - start) }, (_, i) => start + i);
    const end = start + data.length;
    return Promise.resolve({
      data,
      meta: {
        page: Number(q.get('page')),
        per_page: per,
        total: rows,
        total_pages: totalPages,
        next_cursor: end < rows ? String(end) : undefined,
        prev_cursor: start > 0 ? String(start) : undefined,
      },
    });
  };
  return { get, calls };
}

const params = (search: string) => readListParams(new URLSearchParams(search), { filterKeys: [], defaultSort: 'name' });

describe('readPage', () => {
  it('opens ?page=2 on the second page, not the first one labelled 2', async () => {
    const s = server(30);
    const page = await readPage(s.get, params('page=2&per_page=10'));
    expect(page.meta.page).toBe(2);
    expect(page.data[0]).toBe(10);
  });

  it('walks from the nearer end, and a number past the end opens the last page', async () => {
    const s = server(100);
    const ninth = await readPage(s.get, params('page=9&per_page=10'));
    expect(ninth.meta.page).toBe(9);
    expect(ninth.data[0]).toBe(80);
    expect(s.calls).toHaveLength(3); // page 1 (for the total), last, then one step back
    const past = await readPage(s.get, params('page=99&per_page=10'));
    expect(past.meta.page).toBe(10);
    expect(past.data[0]).toBe(90);
  });

  it('follows a cursor in the URL as it is, in one request', async () => {
    const s = server(30);
    const page = await readPage(s.get, params('page=2&per_page=10&after=10'));
    expect(page.data[0]).toBe(10);
    expect(s.calls).toHaveLength(1);
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureHttp } from '../http';
import { api, data, page } from './client';

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
  configureHttp({ baseUrl: 'http://localhost:5173', fallbackHost: undefined });
});
afterEach(() => vi.unstubAllGlobals());

const meta = { page: 1, per_page: 25, total: 0, total_pages: 0 };

describe('the two answer shapes', () => {
  it('data reads the record of {data}', async () => {
    fetchMock.mockResolvedValueOnce(json({ data: { id: 7, name: 'Bodega' } }));
    await expect(data(api.GET('/api/stores/{id}', { params: { path: { id: 7 } } }))).resolves.toEqual({ id: 7, name: 'Bodega' });
    expect((fetchMock.mock.calls[0]![0] as Request).url).toBe('http://localhost:5173/api/stores/7');
  });

  it('page reads {data, meta} and turns a null data (no rows) into []', async () => {
    fetchMock.mockResolvedValueOnce(json({ data: null, meta }));
    await expect(page(api.GET('/api/stores', { params: { query: { per_page: 25, sort: 'name' } } }))).resolves.toEqual({ data: [], meta });
    expect((fetchMock.mock.calls[0]![0] as Request).url).toBe('http://localhost:5173/api/stores?per_page=25&sort=name');
    fetchMock.mockResolvedValueOnce(json({ data: [{ id: 1 }], meta: { ...meta, total: 1 } }));
    await expect(page(api.GET('/api/stores'))).resolves.toMatchObject({ data: [{ id: 1 }], meta: { total: 1 } });
  });

  it('an answer without the body the document promises is an error, not undefined', async () => {
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    await expect(data(api.GET('/api/stores/{id}', { params: { path: { id: 1 } } }))).rejects.toThrow('without a body');
  });
});

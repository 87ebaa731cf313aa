/**
 * Server state of one REST resource of DESIGN §3 (`GET/POST /api/x`, `GET/PUT/DELETE /api/x/{id}`,
 * `POST /api/x/{id}/approve|reject`). Feature api/ files wrap these with their own types and
 * paths; every query key starts with the resource path, so any write refreshes its lists.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, type DataEnvelope } from '@/lib/http';
import { listQuery, type ListParams } from './list-params';
import type { ListPage } from './pagination-model';

/** One page of a list; the previous page stays on screen while the next one loads. */
export function useResourceList<T>(basePath: string, params: ListParams) {
  const query = listQuery(params);
  return useQuery({
    queryKey: [basePath, 'list', query],
    queryFn: ({ signal }) => readPage((q) => http.get<ListPage<T>>(`${basePath}?${q}`, { signal }), params),
    placeholderData: keepPreviousData,
  });
}

/** How far readPage walks to open a page by its number (a page is one cheap keyset read). */
export const MAX_PAGE_WALK = 200;

/**
 * Reads the page params name. The server pages by cursor (platform/listing: no OFFSET) and takes
 * the page number for display only, so a link that carries a page number without a cursor —
 * `?page=2`, typed, bookmarked or shared — would show page 1 labelled 2. Such a page is reached
 * by walking the cursors from the nearer end: next_cursor from page 1, or prev_cursor from the
 * last page; a number past the end opens the last page. Beyond MAX_PAGE_WALK steps it stops
 * at the page it reached (its own number in meta).
 */
export async function readPage<T>(get: (query: string) => Promise<ListPage<T>>, params: ListParams): Promise<ListPage<T>> {
  const cursorless = !params.after && !params.before && !params.last;
  if (!cursorless || params.page <= 1) return get(listQuery(params));
  const first = await get(listQuery({ ...params, page: 1 }));
  const total = first.meta.total_pages;
  if (total <= 1) return first;
  const wanted = Math.min(params.page, total);
  const walk = async (from: ListPage<T>, step: 1 | -1) => {
    let page = from;
    for (let hops = 0; page.meta.page !== wanted && hops < MAX_PAGE_WALK; hops++) {
      const cursor = step === 1 ? page.meta.next_cursor : page.meta.prev_cursor;
      if (!cursor) break;
      const at = page.meta.page + step;
      page = await get(listQuery({ ...params, page: at, after: step === 1 ? cursor : '', before: step === 1 ? '' : cursor, last: false }));
    }
    return page;
  };
  if (wanted - 1 <= total - wanted) return walk(first, 1);
  const last = await get(listQuery({ ...params, page: total, after: '', before: '', last: true }));
  return walk(last, -1);
}

/** A short list for a select (first 100 rows in the given order), e.g. companies or categories. */
export function useResourceOptions<T>(basePath: string, sort = 'name', enabled = true) {
  return useQuery({
    queryKey: [basePath, 'options', sort],
    queryFn: ({ signal }) => http.get<ListPage<T>>(`${basePath}?per_page=100&sort=${encodeURIComponent(sort)}`, { signal }),
    select: (page) => page.data,
    enabled,
    staleTime: 60_000,
  });
}

/** What a save sends: a new record (no id) or the changes of one. The body is JSON or FormData. */
export interface SaveVariables {
  id?: number;
  body: unknown;
}

/** Create (POST) or update (PUT); answers the saved record. */
export function useSaveResource<T>(basePath: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: SaveVariables) =>
      (id === undefined ? await http.post<DataEnvelope<T>>(basePath, body) : await http.put<DataEnvelope<T>>(`${basePath}/${id}`, body)).data,
    onSuccess: () => client.invalidateQueries({ queryKey: [basePath] }),
  });
}

/** Soft delete. */
export function useDeleteResource(basePath: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.delete<void>(`${basePath}/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: [basePath] }),
  });
}

/** Approve, or reject with a reason (admins; pending records only). */
export function useDecideResource(basePath: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, approve, reason }: { id: number; approve: boolean; reason?: string }) =>
      approve ? http.post<unknown>(`${basePath}/${id}/approve`) : http.post<unknown>(`${basePath}/${id}/reject`, { reason: reason ?? '' }),
    onSuccess: () => client.invalidateQueries({ queryKey: [basePath] }),
  });
}

/**
 * Server state of one REST resource of DESIGN §3 (`GET/POST /api/x`, `GET/PUT/DELETE /api/x/{id}`,
 * `POST /api/x/{id}/approve|reject`). Feature api/ files wrap these with their own types and
 * paths; every query key starts with the resource path, so any write refreshes its lists.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, data, done, page, type ApiPaths, type Page, type Schema } from '@/lib/api';
import { listQuery, type ListParams } from './list-params';
import type { ListPage } from './pagination-model';

/** The JSON body of an operation's 200 (or 201) answer. */
type JsonAnswer<Op> = Op extends { responses: { 200: { content: { 'application/json': infer B } } } }
  ? B
  : Op extends { responses: { 201: { content: { 'application/json': infer B } } } }
    ? B
    : never;

/** The document's paths whose GET answers a page `{data, meta}`: the resources of DESIGN §3. */
export type ListPath = {
  [P in keyof ApiPaths]: [JsonAnswer<ApiPaths[P]['get']>] extends [never]
    ? never
    : JsonAnswer<ApiPaths[P]['get']> extends { meta: Schema<'Meta'> }
      ? P
      : never;
}[keyof ApiPaths];

/** One row of a resource's list, as the document describes it. */
export type ListItem<P extends ListPath> = NonNullable<JsonAnswer<ApiPaths[P]['get']>['data']>[number];

/** The record a create of the resource answers (`{data}` of its POST). */
export type SavedItem<P extends ListPath> = JsonAnswer<ApiPaths[P]['post']> extends { data: infer D } ? D : never;

/** The record a read of one resource answers (`{data}` of GET /x/{id}). */
export type ReadItem<P extends ListPath> = `${P}/{id}` extends keyof ApiPaths
  ? JsonAnswer<ApiPaths[`${P}/{id}`]['get']> extends { data: infer D }
    ? D
    : never
  : never;

/**
 * The client as these generic hooks call it. Their signatures already check the path against the
 * document (ListPath); openapi-fetch cannot check a call whose path is a union of resources.
 */
interface ResourceCalls {
  GET(path: string, init: { params: { query: Record<string, string> }; signal?: AbortSignal }): Promise<{ data?: { data: unknown[] | null; meta: Schema<'Meta'> } }>;
  GET(path: string, init: { params: { path: { id: number } }; signal?: AbortSignal }): Promise<{ data?: { data: unknown } }>;
  POST(path: string, init: { body?: unknown; params?: { path: { id: number } } }): Promise<{ data?: { data: unknown } }>;
  PUT(path: string, init: { body: unknown; params: { path: { id: number } } }): Promise<{ data?: { data: unknown } }>;
  DELETE(path: string, init: { params: { path: { id: number } } }): Promise<unknown>;
}
const resources = api as unknown as ResourceCalls;

function queryObject(query: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(query));
}

/** GET of one page of a resource with the given query (list filters are strings in the URL). */
export function fetchPage<P extends ListPath>(path: P, query: Record<string, string>, signal?: AbortSignal): Promise<Page<ListItem<P>>> {
  return page(resources.GET(path, { params: { query }, signal })) as Promise<Page<ListItem<P>>>;
}

/** One page of a list; the previous page stays on screen while the next one loads. */
export function useResourceList<T>(basePath: ListPath, params: ListParams) {
  const query = listQuery(params);
  return useQuery({
    queryKey: [basePath, 'list', query],
    queryFn: ({ signal }) =>
      readPage((q) => page(resources.GET(basePath, { params: { query: queryObject(q) }, signal })) as Promise<ListPage<T>>, params),
    placeholderData: keepPreviousData,
  });
}

/** One record of a resource (GET /x/{id}); undefined id: nothing asked. Its key is [path, 'one', id]. */
export function useResourceRecord<P extends ListPath>(basePath: P, id: number | undefined) {
  return useQuery({
    queryKey: [basePath, 'one', id],
    queryFn: ({ signal }) => data(resources.GET(`${basePath}/{id}`, { params: { path: { id: id! } }, signal })) as Promise<ReadItem<P>>,
    enabled: id !== undefined,
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

/** What a save sends: a new record (no id) or the changes of one. The body is JSON or FormData. */
export interface SaveVariables {
  id?: number;
  body: unknown;
}

/** Create (POST) or update (PUT); answers the saved record. */
export function useSaveResource<P extends ListPath>(basePath: P) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: SaveVariables) =>
      (id === undefined
        ? data(resources.POST(basePath, { body }))
        : data(resources.PUT(`${basePath}/{id}`, { body, params: { path: { id } } }))) as Promise<SavedItem<P>>,
    onSuccess: () => client.invalidateQueries({ queryKey: [basePath] }),
  });
}

/** Refreshes the resource's queries and those of the other paths a change of it touches. */
function refresh(client: QueryClient, basePath: string, also: readonly string[]): Promise<unknown> {
  return Promise.all([basePath, ...also].map((path) => client.invalidateQueries({ queryKey: [path] })));
}

/** Soft delete; `also`: other resources the record's removal changes (a pending return: its purchase). */
export function useDeleteResource(basePath: ListPath, also: readonly string[] = []) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => done(resources.DELETE(`${basePath}/{id}`, { params: { path: { id } } })),
    onSuccess: () => refresh(client, basePath, also),
  });
}

/**
 * Approve, or reject with a reason (admins; pending records only); `also`: other resources the
 * decision changes (an approved return: its purchase, supplier and products).
 */
export function useDecideResource(basePath: ListPath, also: readonly string[] = []) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, approve, reason }: { id: number; approve: boolean; reason?: string }) =>
      done(
        approve
          ? resources.POST(`${basePath}/{id}/approve`, { params: { path: { id } } })
          : resources.POST(`${basePath}/{id}/reject`, { body: { reason: reason ?? '' }, params: { path: { id } } }),
      ),
    onSuccess: () => refresh(client, basePath, also),
  });
}

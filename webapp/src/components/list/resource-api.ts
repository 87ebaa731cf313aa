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
    queryFn: ({ signal }) => http.get<ListPage<T>>(`${basePath}?${query}`, { signal }),
    placeholderData: keepPreviousData,
  });
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

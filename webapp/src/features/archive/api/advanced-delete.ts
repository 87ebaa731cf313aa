/**
 * The advanced delete's calls: POST /api/advanced-delete/preview (what a selection would
 * archive, nothing changes), /send-code (a 6-digit code mailed to the signed-in user, bound to
 * that preview) and /verify (code + reason: the selection is archived in one transaction), and
 * the archive: GET /api/archive (batches) and POST /api/archive/{id}/restore (administrators).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, data, done, type Schema } from '@/lib/api';

/** A selection as the API takes it: a kind, and records or a filter. */
export type ArchiveSelection = Schema<'ArchiveSelection'>;
/** What a selection would archive. */
export type ArchivePreview = Schema<'ArchivePreview'>;
/** An archived batch with its records. */
export type ArchiveBatch = Schema<'ArchiveBatch'>;

/** The kinds the advanced delete takes, in the form's order. */
export const ARCHIVE_KINDS = [
  'purchases',
  'sales',
  'payments',
  'returns',
  'purchase_orders',
  'received_orders',
  'customers',
  'suppliers',
  'products',
  'categories',
] as const;
export type ArchiveKind = (typeof ARCHIVE_KINDS)[number];

/** A filter beyond the dates: the party (supplier or customer), store, approval status or category. */
export type ArchiveFilter = 'party' | 'store' | 'status' | 'category';

/** Whom a kind's party filter lists: its records' suppliers or customers. */
export type PartyList = 'suppliers' | 'customers';

/**
 * The filters each kind takes beyond the dates (the server refuses the others rather than
 * ignore them). Returns are narrowed by their supplier and their purchase's store; payments,
 * purchase orders and received orders name neither. Master data is picked by the day it was
 * created.
 */
export const KIND_FILTERS: Record<ArchiveKind, readonly ArchiveFilter[]> = {
  purchases: ['party', 'store', 'status'],
  sales: ['party', 'store', 'status'],
  payments: ['status'],
  returns: ['party', 'store', 'status'],
  purchase_orders: ['status'],
  received_orders: ['status'],
  customers: ['status'],
  suppliers: ['status'],
  products: ['category'],
  categories: [],
};

/** Whom the party filter of a kind that takes one lists. */
export const KIND_PARTY: Partial<Record<ArchiveKind, PartyList>> = { purchases: 'suppliers', sales: 'customers', returns: 'suppliers' };

const ARCHIVE_KEY = ['archive'] as const;

/** Previews a selection. */
export function usePreview() {
  return useMutation({
    mutationFn: async (body: ArchiveSelection): Promise<ArchivePreview> => data(api.POST('/api/advanced-delete/preview', { body })),
  });
}

/** Mails a code for the selection's preview, in the interface's language. */
export function useSendCode() {
  return useMutation({
    mutationFn: async ({ body, language }: { body: ArchiveSelection; language: string }) =>
      done(api.POST('/api/advanced-delete/send-code', { body, params: { header: { 'Accept-Language': language } } })),
  });
}

/** Verifies the code and archives the selection; every list refreshes. */
export function useVerify() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: Schema<'ArchiveVerifyInputBody'>): Promise<ArchiveBatch> => data(api.POST('/api/advanced-delete/verify', { body })),
    onSuccess: () => client.invalidateQueries(),
  });
}

/** One page of the batches, newest first. */
export function useBatches(page: number, perPage = 20) {
  return useQuery({
    queryKey: [...ARCHIVE_KEY, page, perPage],
    queryFn: async ({ signal }): Promise<{ data: ArchiveBatch[]; total: number }> => {
      const answer = await api.GET('/api/archive', { params: { query: { page, per_page: perPage } }, signal });
      if (!answer.data) throw new Error('The server answered without a body');
      return { data: answer.data.data ?? [], total: answer.data.total };
    },
  });
}

/** Restores a batch (administrators); every list refreshes. */
export function useRestore() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number): Promise<ArchiveBatch> => data(api.POST('/api/archive/{id}/restore', { params: { path: { id } } })),
    onSuccess: () => client.invalidateQueries(),
  });
}

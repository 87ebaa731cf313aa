/**
 * GET /api/payments/documents: the open documents (approved, with a balance) of suppliers'
 * purchases or customers' sales, soonest due first, each with what is pending on it and what a
 * new payment may still take (available_cents): the concurrent-payments form's table, and the
 * single payment form's default amount.
 */
import { useQuery } from '@tanstack/react-query';
import { api, data, type Schema } from '@/lib/api';
import { PAYMENTS_PATH, type PaymentType } from './list-payments';

/** An open document as the API sends it (money in centavos). */
export type OpenDocument = Schema<'OpenDocument'>;

/** The open documents of the parties; nothing is asked while there is none. */
export function useOpenDocuments(type: PaymentType, partyIds: readonly number[]) {
  const ids = [...partyIds].sort((a, b) => a - b);
  return useQuery({
    // Under the payments path: a payment anywhere (pushed or made here) refreshes it.
    queryKey: [PAYMENTS_PATH, 'documents', type, ids],
    queryFn: async ({ signal }): Promise<OpenDocument[]> =>
      // The server reads the parties comma-separated (party_ids=3,8), not as repeated names.
      (await data(api.GET('/api/payments/documents', { params: { query: { type, party_ids: ids } }, querySerializer: { array: { style: 'form', explode: false } }, signal }))) ?? [],
    enabled: ids.length > 0,
  });
}

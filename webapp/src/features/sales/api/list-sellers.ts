/**
 * GET /api/sales/sellers: the users who recorded the sales the person may see, by name — the
 * sales list's seller filter for every role (only administrators may list users).
 */
import { useQuery } from '@tanstack/react-query';
import { api, data, type Schema } from '@/lib/api';
import { SALES_PATH } from './list-sales';

/** A seller as the filter offers it: named as on their latest sale. */
export type SaleSeller = Schema<'Seller'>;

/** The sellers; the key starts with the sales path, so a new sale's seller appears after it is saved. */
export function useSaleSellers() {
  return useQuery({
    queryKey: [SALES_PATH, 'sellers'],
    queryFn: async ({ signal }): Promise<SaleSeller[]> => (await data(api.GET('/api/sales/sellers', { signal }))) ?? [],
    staleTime: 60_000,
  });
}

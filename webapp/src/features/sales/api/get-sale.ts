/** GET /api/sales/{id}: one sale with its lines and images (edit page, detail dialog). */
import { useQuery } from '@tanstack/react-query';
import { api, data } from '@/lib/api';
import { SALES_PATH } from './list-sales';

/** One sale; undefined id: nothing asked. */
export function useSale(id: number | undefined) {
  return useQuery({
    queryKey: [SALES_PATH, 'one', id],
    queryFn: ({ signal }) => data(api.GET('/api/sales/{id}', { params: { path: { id: id! } }, signal })),
    enabled: id !== undefined,
  });
}

/** GET /api/payments/{id}: one payment with its images (and its run's image): the list's image cell. */
import { useQuery } from '@tanstack/react-query';
import { api, data } from '@/lib/api';
import { PAYMENTS_PATH } from './list-payments';

/** One payment; the images of a payment never change, so it is read once. */
export function usePayment(id: number) {
  return useQuery({
    queryKey: [PAYMENTS_PATH, 'one', id],
    queryFn: ({ signal }) => data(api.GET('/api/payments/{id}', { params: { path: { id } }, signal })),
    staleTime: 5 * 60_000,
  });
}

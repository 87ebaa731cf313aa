/**
 * POST /api/sales (record) and PUT /api/sales/{id} (edit a pending sale): multipart, a part
 * `data` with the sale as JSON and one `images` part per new image. Both refresh every sales
 * query, and the products and customers whose stock and figures a sale changes.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, data, multipart } from '@/lib/api';
import { SALES_PATH, type Sale } from './list-sales';
import { CUSTOMERS_PATH, PRODUCTS_PATH } from './sale-choices';

/** Records (no id) or edits a sale. */
export function useSaveSale() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, form }: { id?: number; form: FormData }): Promise<Sale> =>
      id === undefined
        ? data(api.POST('/api/sales', { body: multipart(form) }))
        : data(api.PUT('/api/sales/{id}', { params: { path: { id } }, body: multipart(form) })),
    onSuccess: () => Promise.all([SALES_PATH, PRODUCTS_PATH, CUSTOMERS_PATH].map((path) => client.invalidateQueries({ queryKey: [path] }))),
  });
}

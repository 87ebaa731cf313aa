/**
 * What the sales pages choose from, read from other modules' lists: the customers and stores a
 * sale may name (pickers searched as typed; the list's filters take every one) and products
 * (with stock and price) for a line. The seller filter's choices are the sales' own
 * (list-sellers).
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { CUSTOMERS, narrowed, STORES } from '@/components/form/record-sources';
import { fetchPage } from '@/components/list/resource-api';
import type { Schema } from '@/lib/api';

/** Path of the customers resource. */
export const CUSTOMERS_PATH = '/api/customers';
/** Path of the products resource. */
export const PRODUCTS_PATH = '/api/products';

/** The customers a sale may name: approved ones (searched as typed). */
export const SALE_CUSTOMERS = narrowed(CUSTOMERS, { approval: 'approved' });

/** The stores a sale may name: active ones. */
export const SALE_STORES = narrowed(STORES, { active: 'true' });

/** A product as a sale line needs it. */
export type SaleProductChoice = Pick<Schema<'Product'>, 'id' | 'code' | 'name' | 'kind' | 'iva_class' | 'price_cents' | 'quantity'>;

/** Products matching what is typed in a line's picker. */
export function useSaleProductChoices(q: string) {
  const query: Record<string, string> = { per_page: '20', sort: 'name' };
  if (q.trim()) query.q = q.trim();
  return useQuery({
    queryKey: [PRODUCTS_PATH, 'choices', new URLSearchParams(query).toString()],
    queryFn: async ({ signal }): Promise<SaleProductChoice[]> => (await fetchPage(PRODUCTS_PATH, query, signal)).data,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

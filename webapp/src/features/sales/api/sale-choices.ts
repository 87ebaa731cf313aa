/**
 * What the sales pages choose from, read from other modules' lists: customers (a legal entity
 * named by its company), stores, products (with stock and price) for a line and companies for
 * the administrators' company filter. The seller filter's choices are the sales' own
 * (list-sellers).
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchPage, useResourceOptions } from '@/components/list/resource-api';
import type { Schema } from '@/lib/api';

/** Path of the customers resource. */
export const CUSTOMERS_PATH = '/api/customers';
/** Path of the stores resource. */
export const STORES_PATH = '/api/stores';
/** Path of the products resource. */
export const PRODUCTS_PATH = '/api/products';

/** A customer as a select names it: a legal entity by its company name (people's display_name). */
export function customerLabel(c: { name: string; display_name?: string }): string {
  return c.display_name || c.name;
}

/** Customers a sale may name (approved), or every customer for a filter. */
export function useCustomerChoices(onlyApproved: boolean) {
  return useResourceOptions(CUSTOMERS_PATH, 'name', true, onlyApproved ? { approval: 'approved' } : {});
}

/** Stores (active ones for a new sale). */
export function useStoreChoices(onlyActive: boolean) {
  return useResourceOptions(STORES_PATH, 'name', true, onlyActive ? { active: 'true' } : {});
}

/** Companies, for the administrators' company filter. */
export function useCompanyChoices(enabled: boolean) {
  return useResourceOptions('/api/companies', 'name', enabled);
}

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

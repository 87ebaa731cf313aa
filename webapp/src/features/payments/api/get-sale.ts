/** GET /api/sales/{id}: the sale a payment page collects (its header: number, customer, totals, status). */
import { useResourceRecord } from '@/components/list/resource-api';
import type { Schema } from '@/lib/api';

/** Path of the sales resource: a payment's push refreshes every query under it. */
export const SALES_PATH = '/api/sales';

/** A sale as the API sends it. */
export type Sale = Schema<'Sale'>;

/** One sale; undefined id: nothing asked. */
export function useSale(id: number | undefined) {
  return useResourceRecord(SALES_PATH, id);
}

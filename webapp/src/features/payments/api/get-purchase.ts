/** GET /api/purchases/{id}: the purchase a payment page pays (its header: number, supplier, totals, status). */
import { useResourceRecord } from '@/components/list/resource-api';
import type { Schema } from '@/lib/api';

/** Path of the purchases resource: a payment's push refreshes every query under it. */
export const PURCHASES_PATH = '/api/purchases';

/** A purchase as the API sends it. */
export type Purchase = Schema<'Purchase'>;

/** One purchase; undefined id: nothing asked. */
export function usePurchase(id: number | undefined) {
  return useResourceRecord(PURCHASES_PATH, id);
}

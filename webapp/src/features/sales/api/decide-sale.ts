/**
 * POST /api/sales/{id}/approve and /reject (administrators, pending sales): the detail dialog's
 * decision; the list's rows decide through the list kit with the same endpoints.
 */
import { useDecideResource } from '@/components/list/resource-api';
import { SALES_PATH } from './list-sales';

/** Approve, or reject with a reason. */
export function useDecideSale() {
  return useDecideResource(SALES_PATH);
}

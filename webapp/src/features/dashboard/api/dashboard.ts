/**
 * GET /api/dashboard (modules/reports): this month's and last month's sales and purchases,
 * receivables, payables and overdue, twelve months of sales and purchases, and for
 * administrators the approvals waiting for them. The live channel refreshes it whenever a
 * document, payment or return changes (lib/live: its query key is a summary's).
 */
import { useQuery } from '@tanstack/react-query';
import { api, data, type Schema } from '@/lib/api';

/** The dashboard's figures (schema `Dashboard`); money in integer centavos. */
export type Dashboard = Schema<'Dashboard'>;

/** The dashboard's path (and query key). */
export const DASHBOARD_PATH = '/api/dashboard';

/** The dashboard's figures. */
export function useDashboard() {
  return useQuery({
    queryKey: [DASHBOARD_PATH],
    queryFn: ({ signal }) => data(api.GET('/api/dashboard', { signal })),
  });
}

/**
 * GET /api/dashboard (modules/reports): this month's and last month's sales and purchases,
 * receivables, payables and overdue, twelve months of sales and purchases, and for
 * administrators the approvals waiting for them. The live channel refreshes it whenever a
 * document, payment or return changes (lib/live: its query key is a summary's).
 */
import { useQuery } from '@tanstack/react-query';
import { api, data } from '@/lib/api';

/** The dashboard's figures; money in integer centavos. */
export interface Dashboard {
  kpis: {
    sales_month_cents: number;
    sales_last_month_cents: number;
    purchases_month_cents: number;
    purchases_last_month_cents: number;
    receivables_cents: number;
    payables_cents: number;
    overdue_cents: number;
  };
  months: Array<{ month: string; sales_cents: number; purchases_cents: number }> | null;
  /** What waits for an administrator's decision, by kind (null for the other roles). */
  approvals: Record<string, number> | null;
}

/** The dashboard's path (and query key). */
export const DASHBOARD_PATH = '/api/dashboard';

/** openapi-fetch over a path the generated document names once the server has it. */
interface DashboardCalls {
  GET(path: string, init: { signal?: AbortSignal }): Promise<{ data?: { data: Dashboard } }>;
}
const calls = api as unknown as DashboardCalls;

/** The dashboard's figures. */
export function useDashboard() {
  return useQuery({
    queryKey: [DASHBOARD_PATH],
    queryFn: ({ signal }) => data(calls.GET(DASHBOARD_PATH, { signal })),
  });
}

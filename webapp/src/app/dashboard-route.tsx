/**
 * Composes the dashboard page with the app's navigation: the dashboard feature does not know
 * other features, so the app hands it the cards of what this role may open, the widgets (the
 * purchases' 'Expiries in 5 days' beside the dashboard's quantity alerts) and where its figures
 * lead (a KPI to its report, an approval to where it is decided, an alert to its product).
 */
import { useTranslation } from 'react-i18next';
import { QuantityAlertsCard, type KpiName, type SummaryLinks } from '@/features/dashboard/components/summary';
import { HomePage, type DashboardCard } from '@/features/dashboard/pages/home-page';
import { ExpiringPurchasesCard } from '@/features/purchasing/components/expiring-purchases-card';
import { MissingUvtNotice } from '@/features/tax/components/missing-uvt-notice';
import type { Role } from '@/lib/auth/types';
import { useAuthStore } from '@/lib/auth/store';
import { BUILT_REPORTS } from './built-reports';
import { guard } from './guard';
import { navItemsFor } from './nav-items';

/** Roles the purchases API lets read purchases (modules/purchasing: not buyers). */
const PURCHASE_READERS: readonly Role[] = ['admin', 'user', 'secretary'];

/** The report page behind each KPI card. */
const KPI_REPORTS: Record<KpiName, string> = {
  sales: 'sales_report',
  purchases: 'purchases_report',
  receivables: 'customers_report',
  payables: 'suppliers_report',
  overdue: 'expired_purchases_report',
};

/** Where each kind of approval is decided (the dashboard's approvals card). */
const APPROVAL_PAGES: Record<string, string> = {
  purchases: '/pending-data/purchase',
  sales: '/sale/list?approval=pending',
  payments: '/payment/pending',
  returns: '/preturn/list?approval=pending',
  purchase_orders: '/purchase-order/list?status=pending',
  received_orders: '/received-order/list?status=pending',
  customers: '/people/customer?approval=pending',
  suppliers: '/people/supplier?approval=pending',
  users: '/people/user?approval=pending',
};

/** Links of the figures that lead to pages this role may open. */
function summaryLinks(role: Role): SummaryLinks {
  const open = (path: string | undefined) => (path && guard(role, path.split('?')[0]!).allowed ? path : undefined);
  const report = (page: string) => (BUILT_REPORTS.includes(page) ? open(`/report/${page}`) : undefined);
  return {
    kpi: (kpi) => report(KPI_REPORTS[kpi]),
    approval: (kind) => open(APPROVAL_PAGES[kind]),
    // Products have no page of their own: the product list opened on its code shows its row.
    product: (alert) => open(`/product/list?q=${encodeURIComponent(alert.code)}`),
    alerts: report('product_quantity_alert'),
  };
}

/** Route element of /dashboards/home. */
export function DashboardRoute() {
  const { t } = useTranslation('layout');
  const user = useAuthStore((s) => s.user);
  const cards: DashboardCard[] = navItemsFor(user?.role)
    .filter((item) => item.path !== '/dashboards/home')
    .map((item) => ({ to: item.path, title: t(item.labelKey), description: t(item.descriptionKey), icon: item.icon }));
  // The buyer never opens the dashboard (guard): everyone here reads GET /api/dashboard, whose
  // quantity alerts the card beside 'Expiries in 5 days' shows, refreshed live with the figures.
  const summary = user ? summaryLinks(user.role) : undefined;
  const widgets = user ? (
    <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
      {PURCHASE_READERS.includes(user.role) && <ExpiringPurchasesCard />}
      {summary && <QuantityAlertsCard links={summary} />}
    </div>
  ) : undefined;
  // Only administrators can add the year's UVT (PUT /api/tax/uvt is theirs): only they are told it is missing.
  const notice = user?.role === 'admin' ? <MissingUvtNotice /> : undefined;
  return <HomePage cards={cards} widgets={widgets} summary={summary} notice={notice} />;
}

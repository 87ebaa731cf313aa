/**
 * The report pages of spec §2 and what each one's filter bar offers. The server decides what a
 * page shows (columns, chart); the web only needs to know which filters mean something there:
 * a date range (every page but the stock snapshots), the store (where documents carry one) and
 * the day/month grouping (where rows are dates). A page is routed only once the server answers
 * it (app/routes.tsx lists BUILT_REPORTS); the others stay the not-found page.
 */
import type { Role } from '@/lib/auth/types';

/** What a report page's filter bar offers. */
export interface ReportPageInfo {
  name: string;
  dates: boolean;
  store: boolean;
  group: boolean;
  /** Only administrators open it (spec §6; the server answers 403 to the others). */
  adminOnly?: boolean;
  /** The page of one party's statement: `${name}/{id}`. */
  statement?: boolean;
}

/** Every report page in menu order (the statements are reached from their lists). */
export const REPORT_PAGES: readonly ReportPageInfo[] = [
  { name: 'overview_chart', dates: true, store: true, group: true },
  { name: 'company_chart', dates: true, store: false, group: false },
  { name: 'store_chart', dates: true, store: false, group: false },
  { name: 'product_quantity_alert', dates: false, store: false, group: false },
  { name: 'product_expiry_alert', dates: false, store: false, group: false },
  { name: 'expired_purchases_report', dates: false, store: true, group: false },
  { name: 'product_report', dates: true, store: true, group: false },
  { name: 'sales_report', dates: true, store: true, group: true },
  { name: 'purchases_report', dates: true, store: true, group: true },
  { name: 'payment_report', dates: true, store: true, group: false },
  { name: 'income_report', dates: true, store: true, group: true },
  { name: 'customers_report', dates: true, store: true, group: false, statement: true },
  { name: 'suppliers_report', dates: true, store: true, group: false, statement: true },
  { name: 'users_report', dates: true, store: false, group: false, adminOnly: true, statement: true },
];

/** The page's info by name (a statement `customers_report/42` is its list's page). */
export function reportPageInfo(page: string): ReportPageInfo | undefined {
  const base = page.split('/')[0];
  return REPORT_PAGES.find((p) => p.name === base);
}

/** The pages a role may open among those given. */
export function reportPagesFor(role: Role | undefined, built: readonly string[]): ReportPageInfo[] {
  if (!role || role === 'buyer') return [];
  return REPORT_PAGES.filter((p) => built.includes(p.name) && (!p.adminOnly || role === 'admin'));
}

/** Where a row's link leads in the app. */
export function rowLinkPath(link: { kind: string; id: number }): string | null {
  switch (link.kind) {
    case 'customer':
      return `/report/customers_report/${link.id}`;
    case 'supplier':
      return `/report/suppliers_report/${link.id}`;
    case 'user':
      return `/report/users_report/${link.id}`;
    case 'purchase':
      return `/purchase/edit/${link.id}`;
    case 'sale':
      return `/sale/edit/${link.id}`;
    default:
      return null;
  }
}

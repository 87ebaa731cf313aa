/**
 * What the navigation lists: only what exists now (later issues add their modules here).
 * Entries are filtered by the role guard, plus `adminOnly` for pages whose API only admins may use
 * and `buyerOnly` for pages only buyers use (adding purchase orders: the guard lets users and
 * secretaries open it too, but buying is the buyer's job).
 */
import type { Role } from '@/lib/auth/types';
import { BUILT_REPORTS } from './built-reports';
import { guard } from './guard';

/** Icon names the layouts know how to draw. */
export type NavIcon =
  | 'dashboard'
  | 'settings'
  | 'power'
  | 'people'
  | 'truck'
  | 'shield'
  | 'box'
  | 'tag'
  | 'building'
  | 'store'
  | 'bell'
  | 'cart'
  | 'clipboard'
  | 'inbox'
  | 'clock'
  | 'receipt'
  | 'wallet'
  | 'coins'
  | 'trash'
  | 'archive'
  | 'audit'
  | 'chart'
  | 'undo'
  | 'percent';

/** One navigation entry. */
export interface NavItem {
  path: string;
  /** Key in the `layout` namespace. */
  labelKey: string;
  /** Key in the `layout` namespace for the dashboard card text. */
  descriptionKey: string;
  icon: NavIcon;
  adminOnly?: boolean;
  buyerOnly?: boolean;
}

/** Every entry, in menu order. */
export const NAV_ITEMS: readonly NavItem[] = [
  { path: '/dashboards/home', labelKey: 'nav.dashboard', descriptionKey: 'nav.dashboardDescription', icon: 'dashboard' },
  { path: '/purchase/list', labelKey: 'nav.purchases', descriptionKey: 'nav.purchasesDescription', icon: 'cart' },
  { path: '/pending-data/purchase', labelKey: 'nav.pendingPurchases', descriptionKey: 'nav.pendingPurchasesDescription', icon: 'clock', adminOnly: true },
  { path: '/sale/list', labelKey: 'nav.sales', descriptionKey: 'nav.salesDescription', icon: 'receipt' },
  { path: '/payment/pending', labelKey: 'nav.payments', descriptionKey: 'nav.paymentsDescription', icon: 'wallet' },
  { path: '/preturn/list', labelKey: 'nav.returns', descriptionKey: 'nav.returnsDescription', icon: 'undo' },
  { path: '/concurrent_payments/form', labelKey: 'nav.concurrentPayments', descriptionKey: 'nav.concurrentPaymentsDescription', icon: 'coins' },
  { path: '/advanced_delete/form', labelKey: 'nav.advancedDelete', descriptionKey: 'nav.advancedDeleteDescription', icon: 'trash' },
  { path: '/purchase-order/list', labelKey: 'nav.purchaseOrders', descriptionKey: 'nav.purchaseOrdersDescription', icon: 'clipboard' },
  { path: '/purchase-order/add', labelKey: 'nav.addPurchaseOrder', descriptionKey: 'nav.addPurchaseOrderDescription', icon: 'clipboard', buyerOnly: true },
  { path: '/received-order/list', labelKey: 'nav.receivedOrders', descriptionKey: 'nav.receivedOrdersDescription', icon: 'inbox' },
  { path: '/product/list', labelKey: 'nav.products', descriptionKey: 'nav.productsDescription', icon: 'box' },
  { path: '/category/list', labelKey: 'nav.categories', descriptionKey: 'nav.categoriesDescription', icon: 'tag' },
  // The report pages choose among themselves (reports' page picker); shown once one is built.
  ...(BUILT_REPORTS.length > 0 ? [{ path: '/report', labelKey: 'nav.reports', descriptionKey: 'nav.reportsDescription', icon: 'chart' as const }] : []),
  { path: '/people/customer', labelKey: 'nav.customers', descriptionKey: 'nav.customersDescription', icon: 'people' },
  { path: '/people/supplier', labelKey: 'nav.suppliers', descriptionKey: 'nav.suppliersDescription', icon: 'truck' },
  { path: '/people/user', labelKey: 'nav.users', descriptionKey: 'nav.usersDescription', icon: 'shield', adminOnly: true },
  { path: '/setting/company', labelKey: 'nav.companies', descriptionKey: 'nav.companiesDescription', icon: 'building', adminOnly: true },
  { path: '/setting/store', labelKey: 'nav.stores', descriptionKey: 'nav.storesDescription', icon: 'store', adminOnly: true },
  { path: '/setting/uvt', labelKey: 'nav.uvt', descriptionKey: 'nav.uvtDescription', icon: 'percent', adminOnly: true },
  { path: '/notification/list', labelKey: 'nav.notifications', descriptionKey: 'nav.notificationsDescription', icon: 'bell' },
  { path: '/settings/general', labelKey: 'nav.accountSettings', descriptionKey: 'nav.accountSettingsDescription', icon: 'settings' },
  {
    path: '/setting/site_status',
    labelKey: 'nav.siteStatus',
    descriptionKey: 'nav.siteStatusDescription',
    icon: 'power',
    adminOnly: true,
  },
  { path: '/audit', labelKey: 'nav.audit', descriptionKey: 'nav.auditDescription', icon: 'audit', adminOnly: true },
  { path: '/archive', labelKey: 'nav.archive', descriptionKey: 'nav.archiveDescription', icon: 'archive', adminOnly: true },
];

/** The entries a role may open. */
export function navItemsFor(role: Role | undefined): NavItem[] {
  if (!role) return [];
  return NAV_ITEMS.filter(
    (item) => guard(role, item.path).allowed && (!item.adminOnly || role === 'admin') && (!item.buyerOnly || role === 'buyer'),
  );
}

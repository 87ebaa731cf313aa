/**
 * What the navigation lists: only what exists now (later issues add their modules here).
 * Entries are filtered by the role guard, plus `adminOnly` for pages whose API only admins may use.
 */
import type { Role } from '@/lib/auth/types';
import { guard } from './guard';

/** Icon names the layouts know how to draw. */
export type NavIcon = 'dashboard' | 'settings' | 'power' | 'people' | 'truck' | 'shield' | 'box' | 'tag' | 'building' | 'store';

/** One navigation entry. */
export interface NavItem {
  path: string;
  /** Key in the `layout` namespace. */
  labelKey: string;
  /** Key in the `layout` namespace for the dashboard card text. */
  descriptionKey: string;
  icon: NavIcon;
  adminOnly?: boolean;
}

/** Every entry, in menu order. */
export const NAV_ITEMS: readonly NavItem[] = [
  { path: '/dashboards/home', labelKey: 'nav.dashboard', descriptionKey: 'nav.dashboardDescription', icon: 'dashboard' },
  { path: '/product/list', labelKey: 'nav.products', descriptionKey: 'nav.productsDescription', icon: 'box' },
  { path: '/category/list', labelKey: 'nav.categories', descriptionKey: 'nav.categoriesDescription', icon: 'tag' },
  { path: '/people/customer', labelKey: 'nav.customers', descriptionKey: 'nav.customersDescription', icon: 'people' },
  { path: '/people/supplier', labelKey: 'nav.suppliers', descriptionKey: 'nav.suppliersDescription', icon: 'truck' },
  { path: '/people/user', labelKey: 'nav.users', descriptionKey: 'nav.usersDescription', icon: 'shield', adminOnly: true },
  { path: '/setting/company', labelKey: 'nav.companies', descriptionKey: 'nav.companiesDescription', icon: 'building', adminOnly: true },
  { path: '/setting/store', labelKey: 'nav.stores', descriptionKey: 'nav.storesDescription', icon: 'store', adminOnly: true },
  { path: '/settings/general', labelKey: 'nav.accountSettings', descriptionKey: 'nav.accountSettingsDescription', icon: 'settings' },
  {
    path: '/setting/site_status',
    labelKey: 'nav.siteStatus',
    descriptionKey: 'nav.siteStatusDescription',
    icon: 'power',
    adminOnly: true,
  },
];

/** The entries a role may open. */
export function navItemsFor(role: Role | undefined): NavItem[] {
  if (!role) return [];
  return NAV_ITEMS.filter((item) => guard(role, item.path).allowed && (!item.adminOnly || role === 'admin'));
}

/**
 * What the navigation lists: only what exists now (later issues add their modules here).
 * Entries are filtered by the role guard, plus `adminOnly` for pages whose API only admins may use.
 */
import type { Role } from '@/lib/auth/types';
import { guard } from './guard';

/** Icon names the layouts know how to draw. */
export type NavIcon = 'dashboard' | 'settings' | 'power';

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

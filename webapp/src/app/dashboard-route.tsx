/**
 * Composes the dashboard page with the app's navigation: the dashboard feature does not know
 * other features, so the app hands it the cards of what this role may open and the widgets
 * (the purchases' 'Expiries in 5 days' and the catalog's product quantity alerts).
 */
import { useTranslation } from 'react-i18next';
import { ProductAlertsCard } from '@/features/catalog/components/product-alerts-card';
import { HomePage, type DashboardCard } from '@/features/dashboard/pages/home-page';
import { ExpiringPurchasesCard } from '@/features/purchasing/components/expiring-purchases-card';
import type { Role } from '@/lib/auth/types';
import { useAuthStore } from '@/lib/auth/store';
import { navItemsFor } from './nav-items';

/** Roles the products API lets read products (issue 3: the alerts card is shown to them). */
const PRODUCT_READERS: readonly Role[] = ['admin', 'user', 'secretary', 'buyer'];
/** Roles the purchases API lets read purchases (modules/purchasing: not buyers). */
const PURCHASE_READERS: readonly Role[] = ['admin', 'user', 'secretary'];

/** Route element of /dashboards/home. */
export function DashboardRoute() {
  const { t } = useTranslation('layout');
  const user = useAuthStore((s) => s.user);
  const cards: DashboardCard[] = navItemsFor(user?.role)
    .filter((item) => item.path !== '/dashboards/home')
    .map((item) => ({ to: item.path, title: t(item.labelKey), description: t(item.descriptionKey), icon: item.icon }));
  const widgets = user ? (
    <div className="grid gap-4 xl:grid-cols-2">
      {PURCHASE_READERS.includes(user.role) && <ExpiringPurchasesCard />}
      {PRODUCT_READERS.includes(user.role) && <ProductAlertsCard />}
    </div>
  ) : undefined;
  return <HomePage cards={cards} widgets={widgets} />;
}

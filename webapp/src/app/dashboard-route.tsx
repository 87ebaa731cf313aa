/**
 * Composes the dashboard page with the app's navigation: the dashboard feature does not know
 * other features, so the app hands it the cards of what this role may open.
 */
import { useTranslation } from 'react-i18next';
import { HomePage, type DashboardCard } from '@/features/dashboard/pages/home-page';
import { useAuthStore } from '@/lib/auth/store';
import { navItemsFor } from './nav-items';

/** Route element of /dashboards/home. */
export function DashboardRoute() {
  const { t } = useTranslation('layout');
  const user = useAuthStore((s) => s.user);
  const cards: DashboardCard[] = navItemsFor(user?.role)
    .filter((item) => item.path !== '/dashboards/home')
    .map((item) => ({ to: item.path, title: t(item.labelKey), description: t(item.descriptionKey), icon: item.icon }));
  return <HomePage cards={cards} />;
}

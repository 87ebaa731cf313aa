/** /settings: the account settings tabs (general, password, google2fa, appearance, ip_restriction). */
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet } from 'react-router';
import { guard } from '@/app/guard';
import { useAuthStore } from '@/lib/auth/store';
import { cn } from '@/components/ui/cn';
import { PageTitle } from '@/components/ui/page-title';

const TABS = ['general', 'password', 'google2fa', 'appearance', 'ip_restriction'] as const;

/** Tab bar + the active tab. */
export function SettingsLayout() {
  const { t } = useTranslation('settings');
  const role = useAuthStore((s) => s.user?.role);
  // The tabs this role may open (a buyer has no IP restriction tab): the route guard decides.
  const tabs = TABS.filter((tab) => role !== undefined && guard(role, `/settings/${tab}`).allowed);
  return (
    <div className="space-y-6">
      <PageTitle>{t('title')}</PageTitle>
      {/* The tabs wrap on a phone: scrolled sideways, the last ones ("Google Authenticator", "Appearance") were cut off the screen's edge. */}
      <nav aria-label={t('tabsLabel')} className="flex flex-wrap gap-x-1 border-b border-line">
        {tabs.map((tab) => (
          <NavLink
            key={tab}
            to={`/settings/${tab}`}
            className={({ isActive }) =>
              cn(
                '-mb-px whitespace-nowrap border-b-2 px-3 py-2 sm:px-4 text-sm font-medium focus-visible:outline-2 focus-visible:outline-primary',
                isActive ? 'border-primary text-primary' : 'border-transparent text-muted hover:text-fg',
              )
            }
          >
            {t(`tabs.${tab}`)}
          </NavLink>
        ))}
      </nav>
      <div className="card max-w-3xl p-6">
        <Outlet />
      </div>
    </div>
  );
}

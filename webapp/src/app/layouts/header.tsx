/** The top header: sidebar toggle, app name, notification bell, language, theme customizer and profile menu. */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '@/components/icon';
import { LanguageSwitcher } from '@/components/language-switcher';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { useAuthStore } from '@/lib/auth/store';
import type { ThemeLayout } from '@/lib/theme/settings-store';
import { guard } from '../guard';
import { ProfileMenu } from './profile-menu';
import { useSidebarStore } from './sidebar-store';

const iconButton =
  'inline-flex size-9 items-center justify-center rounded-md text-fg hover:bg-hover focus-visible:outline-2 focus-visible:outline-primary';

/** Header of both layouts. */
export function Header({
  layout,
  onOpenCustomizer,
  customizerOpen,
}: {
  layout: ThemeLayout;
  onOpenCustomizer: () => void;
  customizerOpen: boolean;
}) {
  const { t } = useTranslation('layout');
  const sidebarOpen = useSidebarStore((s) => s.isOpen);
  const toggleSidebar = useSidebarStore((s) => s.toggle);
  const role = useAuthStore((s) => s.user?.role);
  return (
    <header className="sticky top-0 z-20 flex h-16 items-center gap-2 border-b border-line bg-card/95 px-2 backdrop-blur sm:gap-3 sm:px-4">
      {layout === 'sideblock' ? (
        <button
          type="button"
          className={iconButton}
          onClick={toggleSidebar}
          aria-expanded={sidebarOpen}
          aria-controls="app-sidebar"
          aria-label={sidebarOpen ? t('sidebar.close') : t('sidebar.open')}
          data-testid="sidebar-toggle"
        >
          <Icon name="menu" />
        </button>
      ) : (
        <Link to="/dashboards/home" className="text-lg font-semibold">
          {t('appName')}
        </Link>
      )}
      <div className="ms-auto flex min-w-0 items-center gap-1 sm:gap-2">
        {role && <NotificationBell listAllowed={guard(role, '/notification/list').allowed} />}
        <LanguageSwitcher compact />
        <button
          type="button"
          className={iconButton}
          onClick={onOpenCustomizer}
          aria-expanded={customizerOpen}
          aria-controls="theme-customizer"
          aria-label={t('theme.open')}
          title={t('theme.open')}
          data-testid="theme-customizer-toggle"
        >
          <Icon name="palette" />
        </button>
        <ProfileMenu />
      </div>
    </header>
  );
}

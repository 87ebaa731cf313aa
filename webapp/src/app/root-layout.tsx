/**
 * The root route element: app-wide effects (theme, inactivity sign-out, site-disabled redirect),
 * the route-loading bar and the toast host around every page.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { startInactivityLogout } from '@/lib/auth/inactivity-logout';
import { useAuthStore } from '@/lib/auth/store';
import { isOpenWhenDisabled, useSiteStatusStore } from '@/lib/site-status';
import { applyTheme, resolveDark, watchSystemDark } from '@/lib/theme/apply-theme';
import { settingsOf, useSettingsStore } from '@/lib/theme/settings-store';
import { ToastHost } from '@/lib/toast';
import { RouteProgress } from './route-progress';

/** Keeps <html> in step with the theme settings and, in system mode, the OS preference. */
function useThemeOnDocument(): boolean {
  const settings = useSettingsStore();
  const [systemTick, setSystemTick] = useState(0);
  useEffect(() => {
    applyTheme(settingsOf(settings));
  }, [settings, systemTick]);
  useEffect(() => {
    if (settings.themeMode !== 'system') return;
    return watchSystemDark(() => setSystemTick((n) => n + 1));
  }, [settings.themeMode]);
  return resolveDark(settings.themeMode);
}

/** Signs out after 15 idle minutes while signed in. */
function useInactivityLogout(): void {
  const isAuthenticated = useAuthStore((s) => s.isAuthenticated);
  useEffect(() => {
    if (!isAuthenticated) return;
    return startInactivityLogout();
  }, [isAuthenticated]);
}

/** Root element of the route tree. */
export function RootLayout() {
  const dark = useThemeOnDocument();
  useInactivityLogout();
  const notification = useSettingsStore((s) => s.notification);
  const { i18n } = useTranslation();
  const siteStatus = useSiteStatusStore((s) => s.status);
  const location = useLocation();

  const mustShowDisabled = siteStatus === 'disabled' && !isOpenWhenDisabled(location.pathname);

  return (
    <>
      <RouteProgress />
      {mustShowDisabled ? <Navigate to="/disabled" replace /> : <Outlet />}
      <ToastHost
        position={notification.position}
        expanded={notification.isExpanded}
        visibleToasts={notification.visibleToasts}
        theme={dark ? 'dark' : 'light'}
        dir={i18n.dir(i18n.language)}
      />
    </>
  );
}

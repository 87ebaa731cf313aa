/**
 * The signed-in shell. The theme layout setting picks main-layout (top header + horizontal menu)
 * or sideblock (collapsible sidebar).
 */
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { useSizeClass } from '@/lib/breakpoints';
import { useSettingsStore } from '@/lib/theme/settings-store';
import { useLiveFeed } from '../live-feed';
import { Header } from './header';
import { HorizontalMenu, Sidebar } from './navigation-menus';
import { useSidebarStore } from './sidebar-store';
import { ThemeCustomizer } from './theme-customizer';

function SkipLink() {
  const { t } = useTranslation('layout');
  return (
    <a
      href="#main-content"
      className="sr-only focus:not-sr-only focus:fixed focus:start-2 focus:top-2 focus:z-50 focus:rounded focus:bg-card focus:px-3 focus:py-2"
    >
      {t('skipToContent')}
    </a>
  );
}

/** Reports size-class changes to the sidebar store (it closes when the screen class shrinks, opens when it grows into xl). */
function useSidebarFollowsScreen(): void {
  const sizeClass = useSizeClass();
  const onSizeClass = useSidebarStore((s) => s.onSizeClass);
  useEffect(() => onSizeClass(sizeClass), [sizeClass, onSizeClass]);
}

/** Layout route element of the protected area. */
export function AppLayout() {
  const layout = useSettingsStore((s) => s.themeLayout);
  const [customizerOpen, setCustomizerOpen] = useState(false);
  const closeCustomizer = useCallback(() => setCustomizerOpen(false), []);
  const sidebarOpen = useSidebarStore((s) => s.isOpen);
  const closeSidebar = useSidebarStore((s) => s.close);
  const sizeClass = useSizeClass();
  const location = useLocation();
  useSidebarFollowsScreen();
  useLiveFeed();

  // On small screens the sidebar overlays the page, so it closes after choosing a page.
  const overlay = sizeClass === 'xs' || sizeClass === 'sm' || sizeClass === 'md' || sizeClass === 'lg';
  useEffect(() => {
    if (overlay) closeSidebar();
  }, [location.pathname]); // only on navigation, not when the screen class changes

  const header = (
    <Header
      layout={layout}
      onOpenCustomizer={() => setCustomizerOpen(true)}
      customizerOpen={customizerOpen}
    />
  );

  return (
    <div className="min-h-screen bg-surface text-fg" data-layout={layout}>
      <SkipLink />
      {layout === 'sideblock' ? (
        <div className="flex min-h-screen">
          <Sidebar open={sidebarOpen} overlay={overlay} onClose={closeSidebar} />
          <div className="flex min-w-0 flex-1 flex-col">
            {header}
            <main id="main-content" tabIndex={-1} className="flex-1 p-4 md:p-6">
              <Outlet />
            </main>
          </div>
        </div>
      ) : (
        <div className="flex min-h-screen flex-col">
          {header}
          <HorizontalMenu />
          <main id="main-content" tabIndex={-1} className="mx-auto w-full max-w-7xl flex-1 p-4 md:p-6">
            <Outlet />
          </main>
        </div>
      )}
      <ThemeCustomizer open={customizerOpen} onClose={closeCustomizer} />
    </div>
  );
}

/** The sidebar (sideblock layout) and the horizontal menu (main-layout). */
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { Icon } from '@/components/icon';
import { cn } from '@/components/ui/cn';
import { useAuthStore } from '@/lib/auth/store';
import { navItemsFor } from '../nav-items';

function useNavItems() {
  const role = useAuthStore((s) => s.user?.role);
  return navItemsFor(role);
}

function linkClass({ isActive }: { isActive: boolean }) {
  return cn(
    'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors',
    'focus-visible:outline-2 focus-visible:outline-primary',
    isActive ? 'bg-primary/10 text-primary' : 'text-fg hover:bg-hover',
  );
}

/** The collapsible sidebar. */
export function Sidebar({ open, overlay, onClose }: { open: boolean; overlay: boolean; onClose: () => void }) {
  const { t } = useTranslation('layout');
  const items = useNavItems();
  if (!open) return null;
  return (
    <>
      {overlay && <div className="fixed inset-0 z-30 bg-black/40" aria-hidden="true" onClick={onClose} />}
      <aside
        id="app-sidebar"
        aria-label={t('nav.label')}
        className={cn(
          'z-40 flex w-64 shrink-0 flex-col border-e border-line bg-card',
          overlay ? 'fixed inset-y-0 start-0' : 'sticky top-0 h-screen',
        )}
      >
        <div className="flex h-16 items-center px-5 text-lg font-semibold">{t('appName')}</div>
        <nav className="flex-1 space-y-1 overflow-y-auto px-3 py-2">
          {items.map((item) => (
            <NavLink key={item.path} to={item.path} className={linkClass}>
              <Icon name={item.icon} />
              <span>{t(item.labelKey)}</span>
            </NavLink>
          ))}
        </nav>
      </aside>
    </>
  );
}

/** The horizontal menu under the header. */
export function HorizontalMenu() {
  const { t } = useTranslation('layout');
  const items = useNavItems();
  if (items.length === 0) return null;
  return (
    <nav aria-label={t('nav.label')} className="border-b border-line bg-card">
      <div className="mx-auto flex max-w-7xl gap-1 overflow-x-auto px-4 py-2">
        {items.map((item) => (
          <NavLink key={item.path} to={item.path} className={linkClass}>
            <Icon name={item.icon} />
            <span className="whitespace-nowrap">{t(item.labelKey)}</span>
          </NavLink>
        ))}
      </div>
    </nav>
  );
}

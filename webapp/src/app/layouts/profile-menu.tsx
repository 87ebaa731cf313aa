/** The profile menu (spec §1): name and role, profile, settings, logout. */
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '@/components/icon';
import { displayName } from '@/lib/auth/types';
import { useAuthStore } from '@/lib/auth/store';

const itemClass =
  'flex w-full items-center gap-2 rounded px-3 py-2 text-start text-sm hover:bg-hover focus-visible:bg-hover focus-visible:outline-none';

/** Header button + dropdown. */
export function ProfileMenu() {
  const { t } = useTranslation('layout');
  const user = useAuthStore((s) => s.user);
  const logout = useAuthStore((s) => s.logout);
  const [open, setOpen] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: MouseEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('keydown', onKey);
    rootRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  if (!user) return null;
  const name = displayName(user);

  const onMenuKey = (event: React.KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    const items = Array.from(rootRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
    const index = items.indexOf(document.activeElement as HTMLElement);
    const next = event.key === 'ArrowDown' ? index + 1 : index - 1;
    items[(next + items.length) % items.length]?.focus();
  };

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        data-testid="profile-menu"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((v) => !v)}
        className="flex items-center gap-2 rounded-md px-2 py-1 hover:bg-hover focus-visible:outline-2 focus-visible:outline-primary"
      >
        <span className="flex size-8 items-center justify-center rounded-full bg-primary/15 text-primary">
          <Icon name="user" />
        </span>
        <span className="hidden text-start leading-tight sm:block">
          <span className="block text-sm font-medium">{name}</span>
          <span data-testid="user-role" className="block text-xs text-muted">
            {t(`roles.${user.role}`)}
          </span>
        </span>
      </button>
      {open && (
        <div
          id={menuId}
          role="menu"
          aria-label={t('profile.menu')}
          onKeyDown={onMenuKey}
          className="card absolute end-0 z-30 mt-2 w-60 space-y-1 p-2"
        >
          <div className="border-b border-line px-3 pb-2 sm:hidden">
            <p className="text-sm font-medium">{name}</p>
            <p className="text-xs text-muted">{t(`roles.${user.role}`)}</p>
          </div>
          <Link role="menuitem" to="/settings/general" className={itemClass} onClick={() => setOpen(false)}>
            <Icon name="user" />
            {t('profile.profile')}
          </Link>
          <Link role="menuitem" to="/settings/appearance" className={itemClass} onClick={() => setOpen(false)}>
            <Icon name="settings" />
            {t('profile.settings')}
          </Link>
          <button
            role="menuitem"
            type="button"
            data-testid="logout"
            disabled={signingOut}
            className={itemClass}
            onClick={() => {
              setSigningOut(true);
              void logout().finally(() => setSigningOut(false));
            }}
          >
            <Icon name="logout" />
            {t('profile.logout')}
          </button>
        </div>
      )}
    </div>
  );
}

/**
 * The header's bell: the unread count from the live feed store (data-testid notification-badge)
 * and whether this tab's live channel is connected. It opens /notification/list, or, for a role
 * that may not open that page (buyers, spec §6), a panel with the latest notifications.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '@/components/icon';
import { formatCop } from '@/components/form/money';
import { useDates } from '@/lib/dates/use-dates';
import { useLiveStore } from '@/lib/live/live-store';
import { notificationMessage, notificationTitle } from '@/lib/live/notification-text';
import { useLatestNotifications, useNotificationAction } from '../api/notifications';

const iconButton =
  'relative inline-flex size-9 items-center justify-center rounded-md text-fg hover:bg-hover focus-visible:outline-2 focus-visible:outline-primary';

function Badge() {
  const unread = useLiveStore((s) => s.unread);
  const connected = useLiveStore((s) => s.connected);
  return (
    <>
      {unread > 0 && (
        <span
          className="absolute -end-0.5 -top-0.5 min-w-5 rounded-full bg-danger px-1 text-center text-[11px] font-semibold leading-5 text-white"
          data-testid="notification-badge"
          data-count={unread}
        >
          {unread > 99 ? '99+' : unread}
        </span>
      )}
      <span
        aria-hidden="true"
        className={`absolute bottom-1 end-1 size-1.5 rounded-full ${connected ? 'bg-success' : 'bg-muted'}`}
        data-testid="live-status"
        data-connected={connected}
      />
    </>
  );
}

/** The bell. `listAllowed`: the role may open /notification/list. */
export function NotificationBell({ listAllowed }: { listAllowed: boolean }) {
  const { t } = useTranslation('notifications');
  const unread = useLiveStore((s) => s.unread);
  const label = t('bell', { count: unread });
  if (listAllowed) {
    return (
      <Link to="/notification/list" className={iconButton} aria-label={label} title={label} data-testid="notification-bell">
        <Icon name="bell" />
        <Badge />
      </Link>
    );
  }
  return <BellPanel label={label} />;
}

/** How many notifications the panel shows. */
const PANEL_SIZE = 8;

function BellPanel({ label }: { label: string }) {
  const { t } = useTranslation('notifications');
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const action = useNotificationAction();
  const unread = useLiveStore((s) => s.unread);
  const dates = useDates();
  const latest = useLatestNotifications(PANEL_SIZE, open);
  useEffect(() => {
    if (!open) return;
    const onPointer = (e: MouseEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  return (
    <div ref={rootRef} className="relative">
      <button type="button" className={iconButton} aria-label={label} title={label} aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((o) => !o)} data-testid="notification-bell">
        <Icon name="bell" />
        <Badge />
      </button>
      {open && (
        <div id={panelId} className="card absolute end-0 z-30 mt-2 w-80 space-y-2 p-3 text-sm" data-testid="notification-panel">
          <div className="flex items-center justify-between">
            <span className="font-medium">{t('title')}</span>
            <button
              type="button"
              className="text-xs text-primary hover:underline disabled:cursor-not-allowed disabled:text-muted disabled:no-underline"
              disabled={unread === 0}
              onClick={() => action.mutate({ type: 'read-all' })}
              data-testid="notification-panel-read-all"
            >
              {t('markAllRead')}
            </button>
          </div>
          {latest.data?.length === 0 && <p className="text-muted">{t('empty')}</p>}
          <ul className="max-h-96 space-y-2 overflow-y-auto">
            {latest.data?.map((n) => (
              <li key={n.id} className={`rounded-md border border-line p-2 ${n.read_at ? '' : 'bg-primary/5'}`}>
                <p className="font-medium">{notificationTitle(n)}</p>
                <p className="text-muted">{notificationMessage(n)}</p>
                {n.amount_cents > 0 && <p className="text-xs tabular-nums">{formatCop(n.amount_cents)}</p>}
                <time dateTime={n.created_at} className="block text-xs text-muted">
                  {dates.dateTime(n.created_at)}
                </time>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

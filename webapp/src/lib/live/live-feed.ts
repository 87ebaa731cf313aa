/**
 * What the live channel does in this app: toasts and badge for pushed notifications, and
 * refreshing the lists another tab or person changed. Started by the signed-in shell (so it never
 * ships with /login) and stopped at sign-out.
 *
 * - {type:"notification", data} → a toast (lib/toast: 4 s, bottom-right), unread + 1, and the
 *   notification list is invalidated.
 * - {type:"invalidate", keys:[…]} → the TanStack queries of those list names are invalidated: the
 *   name "purchase-orders" is the resource /api/purchase-orders, whose queries all start with
 *   that path (components/list/resource-api); a change of documents also refreshes the
 *   dashboard (/api/dashboard) and the reports (/api/reports…), which sum them.
 * - {type:"site_status", data:{status:"disabled"}} → an admin switched the site off: the tab
 *   goes to /disabled at once rather than at its next call's 503.
 * - every (re)connection, and {type:"resync"} (the tab's notifier lost its bus connection for a
 *   while) → resume (lib/live/resume): the notifications created since the last id the tab saw
 *   are toasted, each id once (a live push of an id already shown is dropped too); the unread
 *   count is read again; after a reconnection or a resync every list is refreshed, since their
 *   invalidations may have been missed as well. Resyncs are spread over RESYNC_SPREAD_MS, so
 *   that a notifier's thousands of tabs do not call the API at the same instant.
 * - on every (re)connection and whenever it changes, the tab tells the server which lists it shows
 *   (lib/live/watch), and is sent the invalidations of those only.
 */
import { api, data } from '../api';
import { navigate } from '../navigation';
import { isOpenWhenDisabled, useSiteStatusStore } from '../site-status';
import { toast } from '../toast';
import { createLiveClient, liveUrl, reconnectDelay, type LiveClient, type LiveMessage, type SocketFactory, type SocketLike } from './live-client';
import { catchUp, Seen, type MissedPage } from './resume';
import { watchLists, type WatchedCache } from './watch';
import { useLiveStore } from './live-store';
import { notificationMessage, notificationTitle, type AppNotification } from './notification-text';

/** The notifications resource. */
export const NOTIFICATIONS_PATH = '/api/notifications';

/** The part of TanStack's QueryClient the feed uses. */
export interface Invalidator {
  invalidateQueries(filters: { queryKey: readonly unknown[]; refetchType?: 'none' }): Promise<unknown> | void;
}

/** The query key prefix of a list name the server sends ("purchases" → ['/api/purchases']). */
export function queryKeyOfList(name: string): [string] {
  return [`/api/${name.replace(/^\/+/, '').replace(/^api\//, '')}`];
}

/**
 * Lists whose change moves the figures of the summaries (the dashboard and the reports), and
 * those summaries' names: an approved purchase, sale, payment or return refreshes them too.
 */
const SUMMARY_SOURCES = ['purchases', 'sales', 'payments', 'returns', 'products', 'purchase-orders', 'received-orders', 'customers', 'suppliers'];
const SUMMARIES = ['dashboard', 'reports'];

/** The lists whose changes refresh list `name`: the sources of a summary, none otherwise. */
export function summarizedBy(name: string): readonly string[] {
  return SUMMARIES.includes(name) ? SUMMARY_SOURCES : [];
}

/** The list names a change of `keys` makes stale: the keys, and the summaries when a source changed. */
export function staleLists(keys: readonly string[]): string[] {
  const out = new Set(keys);
  if (keys.some((k) => SUMMARY_SOURCES.includes(k))) SUMMARIES.forEach((s) => out.add(s));
  return [...out];
}

/** Asks the server for the unread count and puts it in the store. */
export async function refreshUnreadCount(): Promise<void> {
  try {
    const { unread } = await data(api.GET('/api/notifications/unread_count'));
    useLiveStore.getState().setUnread(unread);
  } catch {
    // The badge keeps its last value; the next (re)connection asks again.
  }
}

/** Shows one pushed notification as a toast. */
export function toastNotification(notification: AppNotification): void {
  const title = notificationTitle(notification);
  const message = notificationMessage(notification);
  if (notification.outcome === 'rejected') toast.error(title, message);
  else if (notification.outcome === 'approved') toast.success(title, message);
  else toast.info(title, message);
}

/** Asks the server for what the tab missed after notification `after` (0: only its newest id). */
export async function fetchMissed(after: number): Promise<MissedPage<AppNotification>> {
  const answer = await api.GET('/api/notifications/missed', { params: { query: { after, limit: 100 } } });
  if (!answer.data) throw new Error('The server answered without a body');
  return { data: (answer.data.data ?? []) as AppNotification[], more: answer.data.more, last_id: answer.data.last_id };
}

/** A resync is started within this long after the message, at random. */
export const RESYNC_SPREAD_MS = 3000;
/** A failed resume is tried again this many times (with the reconnection delays). */
export const RESUME_RETRIES = 4;

/** Options of startLiveFeed. */
export interface LiveFeedOptions {
  queries: Invalidator;
  /** The query cache, read to tell the server which lists the tab shows; without it the tab says nothing and gets every invalidation. */
  cache?: WatchedCache;
  /** Tests pass a fake socket; the browser's WebSocket otherwise. */
  createSocket?: SocketFactory;
  url?: string;
  random?: () => number;
  /** Tests pass a fake; GET /api/notifications/missed otherwise. */
  fetchMissed?: (after: number) => Promise<MissedPage<AppNotification>>;
}

/** Handles one message; exported for tests. A notification whose id seen has shown is dropped. */
export function handleLiveMessage(message: LiveMessage, queries: Invalidator, seen?: Seen): void {
  if (message.type === 'notification') {
    const notification = message.data as AppNotification;
    if (seen && typeof notification.id === 'number' && !seen.accept(notification.id)) return;
    toastNotification(notification);
    useLiveStore.getState().bumpUnread();
    void queries.invalidateQueries({ queryKey: queryKeyOfList('notifications') });
  } else if (message.type === 'invalidate') {
    for (const key of staleLists(message.keys)) void queries.invalidateQueries({ queryKey: queryKeyOfList(key) });
  } else if (message.type === 'site_status') {
    useSiteStatusStore.getState().setStatus(message.status);
    if (!isOpenWhenDisabled(window.location.pathname)) navigate('/disabled', { replace: true });
  }
}

/** Opens the tab's live channel; call the returned function at sign-out. */
export function startLiveFeed(options: LiveFeedOptions): () => void {
  const store = useLiveStore.getState();
  // The browser's WebSocket is a SocketLike; its handler types are only narrower event classes.
  const createSocket: SocketFactory = options.createSocket ?? ((url) => new WebSocket(url) as unknown as SocketLike);
  const random = options.random ?? Math.random;
  const seen = new Seen();
  const missed = options.fetchMissed ?? fetchMissed;
  let stopped = false;
  let resumeTimer: ReturnType<typeof setTimeout> | undefined;
  const later = (fn: () => void, ms: number) => {
    if (resumeTimer !== undefined) clearTimeout(resumeTimer);
    resumeTimer = setTimeout(() => {
      resumeTimer = undefined;
      fn();
    }, ms);
  };
  // Resume, then refresh: the badge always; every list when the tab was away (it may have missed
  // their invalidations too). A failure is retried a few times, then left to the next reconnection.
  const resume = (refreshAll: boolean, attempt = 0): void => {
    if (stopped) return;
    catchUp(seen, missed, (n) => {
      toastNotification(n);
    })
      .then(() => {
        if (stopped) return;
        void refreshUnreadCount();
        void options.queries.invalidateQueries({ queryKey: refreshAll ? [] : queryKeyOfList('notifications') });
      })
      .catch(() => {
        if (!stopped && attempt < RESUME_RETRIES) later(() => resume(refreshAll, attempt + 1), reconnectDelay(attempt, random));
      });
  };
  // Called only once a socket is open, after client is set.
  const watch = options.cache && watchLists({
      cache: options.cache,
      summarized: summarizedBy,
      send: (m) => client.send(m),
      forget: (name) => void options.queries.invalidateQueries({ queryKey: queryKeyOfList(name), refetchType: 'none' }),
    });
  const client: LiveClient = createLiveClient({
    url: options.url ?? liveUrl(),
    createSocket,
    random,
    onConnect: (reconnected) => {
      store.setConnected(true);
      watch?.announce();
      resume(reconnected);
    },
    onDisconnect: () => store.setConnected(false),
    onMessage: (message) => {
      if (message.type === 'resync') later(() => resume(true), Math.round(random() * RESYNC_SPREAD_MS));
      else handleLiveMessage(message, options.queries, seen);
    },
  });
  const online = () => client.reconnectNow();
  if (typeof window !== 'undefined') window.addEventListener('online', online);
  return () => {
    stopped = true;
    if (resumeTimer !== undefined) clearTimeout(resumeTimer);
    if (typeof window !== 'undefined') window.removeEventListener('online', online);
    watch?.stop();
    client.stop();
    useLiveStore.getState().reset();
  };
}

/**
 * What the tab tells the live channel it shows, so that the gateway sends it only the list
 * invalidations that concern it (platform/ws, {"type":"watch","lists":[…]}): at 10,000 tabs,
 * writing every company-wide invalidation to every tab was most of a notifier's work.
 *
 * A tab "shows" a list when a query of that list is on screen (it has observers) or was fetched
 * less than FRESH_MS ago (a page the user just left: coming back within its staleTime would show
 * the cache without asking the server). The summaries (dashboard, reports) are refreshed by the
 * changes of every list they sum (live-feed's staleLists), so showing one means showing those too.
 *
 * Saying too much only costs frames; saying too little would leave a list stale. Hence: the
 * announcement is recomputed on every change of the query cache and sent when it differs, and
 * sent again on every (re)connection (a new socket gets every invalidation until it is told); and
 * a list that leaves the announcement is marked stale at once (without a fetch, it is off screen),
 * since its invalidations stop: coming back to it fetches it, whatever its staleTime.
 */

/** How long a list left off screen is still announced: the longest staleTime of a list query (components/list/resource-api). */
export const FRESH_MS = 60_000;

/** The part of a TanStack Query the announcement reads. */
export interface WatchedQuery {
  queryKey: readonly unknown[];
  state: { dataUpdatedAt: number; isInvalidated: boolean; data: unknown };
  getObserversCount(): number;
}

/** The part of TanStack's QueryCache the announcement reads. */
export interface WatchedCache {
  getAll(): readonly WatchedQuery[];
  subscribe(listener: () => void): () => void;
}

/** The list name of a query key ('/api/purchase-orders' and '/api/reports/x' → 'purchase-orders', 'reports'). */
export function listOfKey(key: readonly unknown[]): string | undefined {
  const head = key[0];
  if (typeof head !== 'string' || !head.startsWith('/api/')) return undefined;
  const name = head.slice('/api/'.length).split(/[/?]/)[0];
  return name || undefined;
}

/** Whether a cached query off screen may still be shown as it is, without a fetch. */
function fresh(query: WatchedQuery, now: number): boolean {
  return query.state.data !== undefined && !query.state.isInvalidated && now - query.state.dataUpdatedAt < FRESH_MS;
}

/**
 * The list names whose invalidation the tab needs, sorted. `summarized` maps a summary's name to
 * the lists it sums (live-feed passes SUMMARIES → SUMMARY_SOURCES).
 */
export function shownLists(queries: readonly WatchedQuery[], summarized: (name: string) => readonly string[], now = Date.now()): string[] {
  const out = new Set<string>();
  for (const query of queries) {
    const name = listOfKey(query.queryKey);
    if (name === undefined || (query.getObserversCount() === 0 && !fresh(query, now))) continue;
    out.add(name);
    summarized(name).forEach((s) => out.add(s));
  }
  return [...out].sort();
}

/** Options of watchLists. */
export interface WatchOptions {
  cache: WatchedCache;
  summarized: (name: string) => readonly string[];
  /** Sends {"type":"watch"} on the open socket; returns false when there is none. */
  send: (message: { type: 'watch'; lists: string[] }) => boolean;
  /** Marks a list's cached queries stale without fetching them: it left the announcement. */
  forget: (name: string) => void;
  /** Changes of the cache come in bursts (a page mounting ten queries): one announcement after. */
  delayMs?: number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

/** A running announcement. */
export interface ListWatch {
  /** Sends the current lists whatever was sent before (a new socket knows nothing). */
  announce(): void;
  stop(): void;
}

/** Keeps the server told what the tab shows. */
export function watchLists(options: WatchOptions): ListWatch {
  const setTimer = options.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer = options.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>));
  let sent: string | undefined;
  let shown: string[] = [];
  let timer: unknown = null;
  const send = (force: boolean) => {
    const lists = shownLists(options.cache.getAll(), options.summarized);
    const left = shown.filter((name) => !lists.includes(name));
    shown = lists;
    left.forEach(options.forget);
    const key = lists.join(',');
    if (!force && key === sent) return;
    if (options.send({ type: 'watch', lists })) sent = key;
  };
  const unsubscribe = options.cache.subscribe(() => {
    if (timer !== null) return;
    timer = setTimer(() => {
      timer = null;
      send(false);
    }, options.delayMs ?? 100);
  });
  return {
    announce: () => send(true),
    stop() {
      unsubscribe();
      if (timer !== null) clearTimer(timer);
      timer = null;
    },
  };
}

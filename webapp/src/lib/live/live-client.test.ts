import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureHttp } from '../http';
import * as navigation from '../navigation';
import { useSiteStatusStore } from '../site-status';
import * as toastModule from '../toast';
import { createLiveClient, parseLiveMessage, reconnectDelay, RECONNECT_MAX_MS, SESSION_ENDED_CODE, type SocketLike } from './live-client';
import { handleLiveMessage, queryKeyOfList, RESYNC_SPREAD_MS, staleLists, startLiveFeed, summarizedBy } from './live-feed';
import { catchUp, Seen, SEEN_CAPACITY, type MissedPage } from './resume';
import type { AppNotification } from './notification-text';
import { useLiveStore } from './live-store';
import { listOfKey, shownLists, type WatchedQuery } from './watch';
import { fillPlaceholders, notificationMessage, notificationTitle } from './notification-text';

/** A WebSocket the test opens, feeds and closes by hand. */
class FakeSocket implements SocketLike {
  static all: FakeSocket[] = [];
  onopen: ((event: never) => void) | null = null;
  onclose: ((event: { code: number; reason?: string }) => void) | null = null;
  onerror: ((event: never) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  closedWith: number | undefined;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  close(code = 1000): void {
    this.closedWith = code;
  }
  open(): void {
    this.onopen?.({} as never);
  }
  drop(code = 1006): void {
    this.onerror?.({} as never);
    this.onclose?.({ code });
  }
  /** What the client sent the server. */
  sent: unknown[] = [];
  send(data: string): void {
    this.sent.push(JSON.parse(data));
  }
  /** A message from the server. */
  push(message: unknown): void {
    this.onmessage?.({ data: typeof message === 'string' ? message : JSON.stringify(message) });
  }
}

const latest = () => FakeSocket.all[FakeSocket.all.length - 1]!;

beforeEach(() => {
  FakeSocket.all = [];
  vi.useFakeTimers();
  useLiveStore.getState().reset();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('reconnectDelay', () => {
  it('doubles from 1 s to 30 s and keeps a random half', () => {
    const steps = [1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000];
    steps.forEach((step, attempt) => {
      expect(reconnectDelay(attempt, () => 0)).toBe(step / 2);
      expect(reconnectDelay(attempt, () => 1)).toBe(step);
    });
    expect(reconnectDelay(1000, () => 0.999)).toBeLessThanOrEqual(RECONNECT_MAX_MS);
  });
});

describe('parseLiveMessage', () => {
  it('reads the message types and ignores anything else', () => {
    expect(parseLiveMessage('{"type":"hello"}')).toEqual({ type: 'hello' });
    expect(parseLiveMessage('{"type":"invalidate","keys":["purchases",3]}')).toEqual({ type: 'invalidate', keys: ['purchases'] });
    expect(parseLiveMessage('{"type":"notification","data":{"id":1}}')).toEqual({ type: 'notification', data: { id: 1 } });
    expect(parseLiveMessage('{"type":"site_status","data":{"status":"disabled"}}')).toEqual({ type: 'site_status', status: 'disabled' });
    for (const bad of ['nope', '{"type":"x"}', '{"type":"invalidate"}', '{"type":"notification"}', 'null', new ArrayBuffer(2),
      '{"type":"site_status"}', '{"type":"site_status","data":{"status":"enabled"}}']) {
      expect(parseLiveMessage(bad)).toBeUndefined();
    }
  });
});

describe('createLiveClient', () => {
  it('connects, reconnects with growing jittered delays, and resets the delay after a success', () => {
    const events: string[] = [];
    const client = createLiveClient({
      url: 'ws://x/ws',
      createSocket: (url) => new FakeSocket(url),
      random: () => 0.5,
      onConnect: () => events.push('connect'),
      onDisconnect: (retry) => events.push(`down:${retry}`),
    });
    expect(FakeSocket.all).toHaveLength(1);
    expect(latest().url).toBe('ws://x/ws');
    latest().open();
    expect(client.connected).toBe(true);

    latest().drop();
    expect(client.connected).toBe(false);
    // attempt 0: 1 s step, half kept + half of the rest = 750 ms
    vi.advanceTimersByTime(749);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(2);
    latest().drop(); // failed attempt: 2 s step → 1500 ms
    vi.advanceTimersByTime(1499);
    expect(FakeSocket.all).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(3);
    latest().open();
    latest().drop(); // after a success the delay starts again at 1 s
    vi.advanceTimersByTime(750);
    expect(FakeSocket.all).toHaveLength(4);
    expect(events).toEqual(['connect', 'down:true', 'down:true', 'connect', 'down:true']);
    client.stop();
  });

  it('never waits more than 30 s between attempts', () => {
    createLiveClient({ url: 'ws://x/ws', createSocket: (url) => new FakeSocket(url), random: () => 1 });
    for (let i = 0; i < 12; i++) {
      const before = FakeSocket.all.length;
      latest().drop();
      vi.advanceTimersByTime(RECONNECT_MAX_MS);
      expect(FakeSocket.all.length).toBe(before + 1);
    }
  });

  it('stop closes the socket and cancels a scheduled reconnection', () => {
    const client = createLiveClient({ url: 'ws://x/ws', createSocket: (url) => new FakeSocket(url) });
    const first = latest();
    first.open();
    client.stop();
    expect(first.closedWith).toBe(1000);
    first.drop(1000); // the close event of our own close
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);

    const second = createLiveClient({ url: 'ws://x/ws', createSocket: (url) => new FakeSocket(url) });
    latest().drop();
    second.stop();
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(2);
  });

  it('does not reconnect when the server says the session ended', () => {
    const downs: boolean[] = [];
    createLiveClient({ url: 'ws://x/ws', createSocket: (url) => new FakeSocket(url), onDisconnect: (r) => downs.push(r) });
    latest().open();
    latest().drop(SESSION_ENDED_CODE);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
    expect(downs).toEqual([false]);
  });

  it('reconnectNow skips the wait while down and does nothing while up', () => {
    const client = createLiveClient({ url: 'ws://x/ws', createSocket: (url) => new FakeSocket(url) });
    latest().open();
    client.reconnectNow();
    expect(FakeSocket.all).toHaveLength(1);
    latest().drop();
    client.reconnectNow();
    expect(FakeSocket.all).toHaveLength(2);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(2);
  });
});

describe('live feed', () => {
  const notification = {
    id: 7,
    kind: 'purchase_order',
    outcome: 'approved',
    message: 'Purchase order {{reference_no}} was approved.',
    params: { reference_no: 'OC-7' },
    reference_no: 'OC-7',
    supplier_name: '',
    amount_cents: 0,
    entity_id: 3,
    company_id: 1,
    read_at: null,
    created_at: '2026-11-22T12:00:00Z',
  };

  it('maps list names to query keys', () => {
    expect(queryKeyOfList('purchase-orders')).toEqual(['/api/purchase-orders']);
    expect(queryKeyOfList('/api/purchases')).toEqual(['/api/purchases']);
  });

  it('a notification toasts, bumps the badge and refreshes the list; invalidate refreshes the named lists once each', () => {
    const success = vi.spyOn(toastModule.toast, 'success').mockImplementation(() => {});
    const queries = { invalidateQueries: vi.fn() };
    useLiveStore.getState().setUnread(2);
    handleLiveMessage({ type: 'notification', data: notification }, queries);
    expect(useLiveStore.getState().unread).toBe(3);
    expect(success).toHaveBeenCalledTimes(1);
    expect(success.mock.calls[0]![1]).toContain('OC-7');
    expect(queries.invalidateQueries).toHaveBeenCalledWith({ queryKey: ['/api/notifications'] });

    queries.invalidateQueries.mockClear();
    handleLiveMessage({ type: 'invalidate', keys: ['purchase-orders', 'received-orders', 'purchase-orders'] }, queries);
    expect(queries.invalidateQueries.mock.calls.map((c) => c[0])).toEqual([
      { queryKey: ['/api/purchase-orders'] },
      { queryKey: ['/api/received-orders'] },
      { queryKey: ['/api/dashboard'] },
      { queryKey: ['/api/reports'] },
    ]);
  });

  it('a change of documents also refreshes the summaries that sum them; other lists leave them be', () => {
    expect(staleLists(['payments'])).toEqual(['payments', 'dashboard', 'reports']);
    expect(staleLists(['returns', 'purchases'])).toEqual(['returns', 'purchases', 'dashboard', 'reports']);
    expect(staleLists(['users'])).toEqual(['users']);
    expect(staleLists(['notifications'])).toEqual(['notifications']);
  });

  it('site switched off: the tab goes to /disabled at once, unless it is on a page open while disabled', () => {
    const go = vi.spyOn(navigation, 'navigate').mockImplementation(() => {});
    const queries = { invalidateQueries: vi.fn() };
    useSiteStatusStore.setState({ status: 'enabled' });
    window.history.replaceState(null, '', '/purchases');
    handleLiveMessage({ type: 'site_status', status: 'disabled' }, queries);
    expect(go).toHaveBeenCalledWith('/disabled', { replace: true });
    expect(useSiteStatusStore.getState().status).toBe('disabled');

    go.mockClear();
    window.history.replaceState(null, '', '/activate');
    handleLiveMessage({ type: 'site_status', status: 'disabled' }, queries);
    expect(go).not.toHaveBeenCalled();
    expect(queries.invalidateQueries).not.toHaveBeenCalled();
    window.history.replaceState(null, '', '/');
    go.mockRestore();
  });

  it('on every (re)connection reads the unread count and refreshes the list; stop resets the store', async () => {
    // The document's answer: {data: {unread}}.
    const unread = (n: number) => new Response(JSON.stringify({ data: { unread: n } }), { headers: { 'Content-Type': 'application/json' } });
    configureHttp({ baseUrl: 'http://localhost:5173' });
    const missed = () => new Response(JSON.stringify({ data: [], more: false, last_id: 0 }), { headers: { 'Content-Type': 'application/json' } });
    let count = 5;
    const urls: string[] = [];
    const get = vi.fn<typeof fetch>().mockImplementation(async (input) => {
      const url = (input as Request).url;
      urls.push(url);
      return url.includes('/missed') ? missed() : unread(count);
    });
    vi.stubGlobal('fetch', get);
    const queries = { invalidateQueries: vi.fn() };
    const stop = startLiveFeed({ queries, url: 'ws://x/ws', createSocket: (url) => new FakeSocket(url), random: () => 0 });
    latest().open();
    await vi.waitFor(() => expect(useLiveStore.getState().unread).toBe(5));
    expect(useLiveStore.getState().connected).toBe(true);
    expect(urls).toEqual([
      'http://localhost:5173/api/notifications/missed?after=0&limit=100',
      'http://localhost:5173/api/notifications/unread_count',
    ]);
    expect(queries.invalidateQueries).toHaveBeenCalledWith({ queryKey: ['/api/notifications'] });

    // Away: the server pushed while we were down; the reconnection catches up and refreshes
    // every list (their invalidations were missed too).
    latest().drop();
    expect(useLiveStore.getState().connected).toBe(false);
    count = 9;
    vi.advanceTimersByTime(500);
    latest().open();
    await vi.waitFor(() => expect(useLiveStore.getState().unread).toBe(9));
    expect(urls.filter((u) => u.endsWith('/unread_count'))).toHaveLength(2);
    expect(queries.invalidateQueries).toHaveBeenLastCalledWith({ queryKey: [] });

    stop();
    expect(latest().closedWith).toBe(1000);
    expect(useLiveStore.getState()).toMatchObject({ connected: false, unread: 0 });
  });

  it('messages are translated with their parameters, and untranslated ones are filled in English', () => {
    expect(fillPlaceholders('Order {{ref}} for {{who}}', { ref: 'A-1' })).toBe('Order A-1 for {{who}}');
    expect(notificationMessage({ message: 'Something new {{x}}', params: '{"x":"happened"}' })).toBe('Something new happened');
    // The server's keys (modules/notifications), in the test's Spanish.
    expect(notificationMessage({ message: 'Purchase Order {{label}} was rejected: {{reason}}', params: { label: 'PO-000001', reason: 'Sin presupuesto' } })).toBe(
      'La orden de compra PO-000001 fue rechazada: Sin presupuesto',
    );
    // A payment names its document (modules/notifications sends its number as a parameter).
    expect(notificationMessage({ message: 'Payment {{label}} was approved.', params: { label: 'TR-77', document_number: 'FE-01021', document_type: 'purchase' } })).toBe(
      'El pago TR-77 de FE-01021 fue aprobado.',
    );
    expect(notificationTitle({ kind: 'payment', outcome: 'approved', title: 'Payment Approved' })).toBe('Pago aprobado');
    expect(notificationTitle({ kind: 'purchase_order', outcome: 'approved', title: 'Purchase Order Approved' })).toBe('Orden de compra aprobada');
    expect(notificationTitle({ kind: 'purchase', outcome: 'approved', title: 'Something Unknown' })).toBe('Something Unknown');
    expect(notificationTitle({ kind: 'purchase', outcome: 'rejected' })).toBe('Compra rechazada');
  });
});

describe('resume (issue 14)', () => {
  const note = (id: number) => ({ id, kind: 'purchase_order', outcome: 'approved', title: 'Purchase Order Approved', message: 'm', params: {} }) as unknown as AppNotification;

  it('Seen shows an id once, remembers the newest, and forgets the oldest beyond its capacity', () => {
    const seen = new Seen(3);
    expect(seen.lastId).toBeUndefined();
    expect([seen.accept(5), seen.accept(5), seen.accept(3), seen.accept(7)]).toEqual([true, false, true, true]);
    expect(seen.lastId).toBe(7);
    seen.accept(8); // 5 is forgotten
    expect(seen.accept(5)).toBe(true);
    seen.startAt(2);
    expect(seen.lastId).toBe(8);
    const fresh = new Seen();
    fresh.startAt(10); // what came before the tab opened is never toasted
    expect([fresh.accept(9), fresh.accept(10), fresh.accept(11)]).toEqual([false, false, true]);
    expect(new Seen().accept(1)).toBe(true);
    expect(SEEN_CAPACITY).toBeGreaterThan(500);
  });

  it('catchUp learns a starting point first, then shows each missed id once, oldest first, page by page', async () => {
    const seen = new Seen();
    const calls: number[] = [];
    const pages: Record<number, MissedPage<{ id: number }>> = {
      0: { data: [], more: false, last_id: 10 },
      11: { data: [{ id: 9 }, { id: 11 }, { id: 12 }], more: true, last_id: 14 }, // 9: the grace window
      12: { data: [{ id: 13 }, { id: 14 }], more: false, last_id: 14 },
    };
    const fetch = async (after: number) => {
      calls.push(after);
      return pages[after] ?? { data: [], more: false, last_id: 14 };
    };
    const shown: number[] = [];
    expect(await catchUp(seen, fetch, (n) => shown.push(n.id))).toBe(0);
    expect(seen.lastId).toBe(10);
    seen.accept(9);
    seen.accept(11); // pushed live meanwhile
    expect(await catchUp(seen, fetch, (n) => shown.push(n.id))).toBe(3);
    expect(shown).toEqual([12, 13, 14]);
    expect(calls).toEqual([0, 11, 12]);
    expect(await catchUp(seen, fetch, (n) => shown.push(n.id))).toBe(0);
  });

  it('a tab toasts each notification exactly once across a reconnection and a resync', async () => {
    const toasts = vi.spyOn(toastModule.toast, 'success').mockImplementation(() => '');
    const answers: Record<number, MissedPage<AppNotification>> = {
      0: { data: [], more: false, last_id: 5 },
      6: { data: [note(5), note(6), note(7)], more: false, last_id: 7 },
      7: { data: [note(7), note(8)], more: false, last_id: 8 },
    };
    const asked: number[] = [];
    const fetchMissed = vi.fn(async (after: number) => {
      asked.push(after);
      return answers[after] ?? { data: [], more: false, last_id: 8 };
    });
    configureHttp({ baseUrl: 'http://localhost:5173' });
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ data: { unread: 0 } }), { headers: { 'Content-Type': 'application/json' } })));
    const queries = { invalidateQueries: vi.fn() };
    const stop = startLiveFeed({ queries, url: 'ws://x/ws', createSocket: (url) => new FakeSocket(url), random: () => 0.5, fetchMissed });
    latest().open();
    await vi.waitFor(() => expect(asked).toEqual([0]));
    latest().push({ type: 'notification', data: note(6) });
    latest().push({ type: 'notification', data: note(6) }); // a redelivered event's second push
    expect(toasts).toHaveBeenCalledTimes(1);

    // The notifier dies: the tab reconnects after a jittered delay and resumes after 6.
    latest().drop();
    vi.advanceTimersByTime(750);
    latest().open();
    await vi.waitFor(() => expect(toasts).toHaveBeenCalledTimes(2)); // 7 only (5: before the tab opened; 6: shown)
    expect(asked).toEqual([0, 6]);
    latest().push({ type: 'notification', data: note(7) });
    expect(toasts).toHaveBeenCalledTimes(2);

    // The notifier lost its bus for a while: a resync, spread over RESYNC_SPREAD_MS.
    latest().push({ type: 'resync' });
    expect(asked).toEqual([0, 6]);
    vi.advanceTimersByTime(RESYNC_SPREAD_MS / 2);
    await vi.waitFor(() => expect(toasts).toHaveBeenCalledTimes(3)); // 8
    expect(asked).toEqual([0, 6, 7]);
    await vi.waitFor(() => expect(queries.invalidateQueries).toHaveBeenLastCalledWith({ queryKey: [] }));
    stop();
    toasts.mockRestore();
  });

  it('the tab tells the server the lists it shows on connecting, when they change, and again after a reconnection', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ data: { unread: 0 } }), { headers: { 'Content-Type': 'application/json' } })));
    vi.setSystemTime(NOW);
    const listeners: (() => void)[] = [];
    let queries = [query(['/api/purchase-orders', 'list', {}], { observers: 1, age: 0 })];
    const cache = { getAll: () => queries, subscribe: (l: () => void) => (listeners.push(l), () => listeners.splice(listeners.indexOf(l), 1)) };
    const fetchMissed = vi.fn(async () => ({ data: [], more: false, last_id: 1 }));
    const invalidations = { invalidateQueries: vi.fn() };
    const stop = startLiveFeed({ queries: invalidations, cache, url: 'ws://x/ws', createSocket: (url) => new FakeSocket(url), random: () => 0, fetchMissed });
    latest().open();
    expect(latest().sent).toEqual([{ type: 'watch', lists: ['purchase-orders'] }]);

    // To the products page: the orders, left at once, are still fresh in the cache (30 s).
    queries = [query(['/api/purchase-orders', 'list', {}], { age: 0 }), query(['/api/products', 'list', {}], { observers: 1 })];
    listeners.forEach((l) => l());
    listeners.forEach((l) => l());
    await vi.advanceTimersByTimeAsync(150);
    expect(latest().sent).toEqual([{ type: 'watch', lists: ['purchase-orders'] }, { type: 'watch', lists: ['products', 'purchase-orders'] }]);
    listeners.forEach((l) => l()); // nothing changed: nothing sent
    await vi.advanceTimersByTimeAsync(150);
    expect(latest().sent).toHaveLength(2);
    const forgotten = () => invalidations.invalidateQueries.mock.calls.map((c) => c[0]).filter((f) => f.refetchType === 'none');
    expect(forgotten()).toEqual([]);

    // A minute later the orders leave the announcement: marked stale (no fetch), since their
    // invalidations stop.
    vi.setSystemTime(NOW + 61_000);
    listeners.forEach((l) => l());
    await vi.advanceTimersByTimeAsync(150);
    expect(latest().sent).toHaveLength(3);
    expect(latest().sent[2]).toEqual({ type: 'watch', lists: ['products'] });
    expect(forgotten()).toEqual([{ queryKey: ['/api/purchase-orders'], refetchType: 'none' }]);

    // A new socket knows nothing: it is told at once.
    latest().drop();
    await vi.advanceTimersByTimeAsync(1000);
    latest().open();
    expect(latest().sent).toEqual([{ type: 'watch', lists: ['products'] }]);
    stop();
    expect(listeners).toHaveLength(0);
  });

  it('a failed resume is retried with the reconnection delays', async () => {
    let fail = 2;
    const asked: number[] = [];
    const fetchMissed = vi.fn(async (after: number) => {
      asked.push(after);
      if (fail-- > 0) throw new Error('502');
      return { data: [], more: false, last_id: 1 };
    });
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ data: { unread: 0 } }), { headers: { 'Content-Type': 'application/json' } })));
    const stop = startLiveFeed({ queries: { invalidateQueries: vi.fn() }, url: 'ws://x/ws', createSocket: (url) => new FakeSocket(url), random: () => 0, fetchMissed });
    latest().open();
    await vi.waitFor(() => expect(asked).toHaveLength(1));
    await vi.advanceTimersByTimeAsync(500);
    await vi.waitFor(() => expect(asked).toHaveLength(2));
    await vi.advanceTimersByTimeAsync(1000);
    await vi.waitFor(() => expect(asked).toHaveLength(3));
    stop();
  });

  it('reconnection delays of a notifier\'s tabs spread over half a step to a step (no herd)', () => {
    const first = Array.from({ length: 5000 }, () => reconnectDelay(0));
    expect(Math.min(...first)).toBeGreaterThanOrEqual(500);
    expect(Math.max(...first)).toBeLessThanOrEqual(1000);
    // Each 100 ms bucket of the 500 ms window gets about a fifth of the tabs.
    for (let b = 0; b < 5; b++) {
      const inBucket = first.filter((d) => d >= 500 + b * 100 && d < 600 + b * 100).length;
      expect(inBucket).toBeGreaterThan(700);
    }
  });
});

const NOW = 1_000_000;

/** A cached query: on screen when observers > 0; its data fetched `age` ms ago. */
function query(key: unknown[], { observers = 0, age = 0, invalidated = false, fetched = true } = {}): WatchedQuery {
  return {
    queryKey: key,
    state: { dataUpdatedAt: NOW - age, isInvalidated: invalidated, data: fetched ? [] : undefined },
    getObserversCount: () => observers,
  };
}

describe('lib/live watch', () => {
  it('a list key names its list; other keys name none', () => {
    expect(listOfKey(['/api/purchase-orders', 'list', { page: 1 }])).toBe('purchase-orders');
    expect(listOfKey(['/api/reports/sales', 1])).toBe('reports');
    expect(listOfKey(['auth', '2fa-qr'])).toBeUndefined();
    expect(listOfKey(['/api/'])).toBeUndefined();
  });

  it('the lists on screen and the fresh cached ones are shown; stale, invalidated and unfetched ones are not', () => {
    const lists = shownLists(
      [
        query(['/api/purchase-orders', 'list', {}], { observers: 1, age: 120_000 }), // on screen, however old
        query(['/api/products', 'options', ''], { age: 10_000 }), // left 10 s ago: still served from the cache
        query(['/api/suppliers', 'list', {}], { age: 70_000 }), // past the longest staleTime: refetches when shown again
        query(['/api/customers', 'list', {}], { age: 1_000, invalidated: true }),
        query(['/api/sales', 'list', {}], { fetched: false }),
        query(['site-settings', 'public'], { observers: 1 }),
      ],
      summarizedBy,
      NOW,
    );
    expect(lists).toEqual(['products', 'purchase-orders']);
  });

  it('a summary on screen shows every list it sums', () => {
    const lists = shownLists([query(['/api/dashboard'], { observers: 1 })], summarizedBy, NOW);
    expect(lists).toContain('dashboard');
    for (const source of ['purchases', 'sales', 'payments', 'purchase-orders', 'received-orders']) expect(lists).toContain(source);
  });
});

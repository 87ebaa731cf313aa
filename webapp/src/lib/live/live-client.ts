/**
 * The live channel's socket (DESIGN §6): one WebSocket per tab to `/ws` on the page's own origin,
 * authenticated by the session cookie. It reconnects with jittered exponential backoff (1 s
 * doubling to 30 s) so that a restarted notifier is not hit by every tab at the same instant, and
 * reports each (re)connection so the caller can resume (lib/live/resume): ask for the
 * notifications it missed since the last id it saw, the persisted list being the truth.
 *
 * Pure of React and of the app: the socket class, timers and randomness are injected, which is
 * what lets the tests drive it with a fake WebSocket.
 */

/** A message the server pushes (platform/ws.Message). */
export type LiveMessage =
  | { type: 'notification'; data: unknown }
  | { type: 'invalidate'; keys: string[] }
  | { type: 'site_status'; status: 'disabled' }
  | { type: 'hello' }
  | { type: 'resync' };

/** The part of the browser's WebSocket this client uses. */
export interface SocketLike {
  onopen: ((event: never) => void) | null;
  onclose: ((event: { code: number; reason?: string }) => void) | null;
  onerror: ((event: never) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

/** Builds a socket for a URL (the browser's WebSocket constructor fits). */
export type SocketFactory = (url: string) => SocketLike;

/** First reconnection delay. */
export const RECONNECT_MIN_MS = 1000;
/** Longest reconnection delay. */
export const RECONNECT_MAX_MS = 30_000;
/**
 * Close code of the gateway when the session behind the socket ended (platform/ws): reconnecting
 * would only be refused, so the client stops.
 */
export const SESSION_ENDED_CODE = 4401;

/**
 * The delay before reconnection attempt `attempt` (0-based): 1 s, 2 s, 4 s … capped at 30 s, of
 * which a random half is kept ("equal jitter"), so it is never below half the step and tabs spread.
 */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const step = Math.min(RECONNECT_MAX_MS, RECONNECT_MIN_MS * 2 ** Math.min(attempt, 16));
  return Math.round(step / 2 + (step / 2) * random());
}

/** Parses one frame; anything that is not a known message is ignored (undefined). */
export function parseLiveMessage(data: unknown): LiveMessage | undefined {
  if (typeof data !== 'string') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const msg = value as Record<string, unknown>;
  if (msg.type === 'notification' && msg.data !== undefined) return { type: 'notification', data: msg.data };
  if (msg.type === 'invalidate' && Array.isArray(msg.keys)) {
    return { type: 'invalidate', keys: msg.keys.filter((k): k is string => typeof k === 'string') };
  }
  if (msg.type === 'site_status') {
    const data = msg.data as Record<string, unknown> | null | undefined;
    if (typeof data === 'object' && data !== null && data.status === 'disabled') return { type: 'site_status', status: 'disabled' };
    return undefined;
  }
  if (msg.type === 'hello') return { type: 'hello' };
  if (msg.type === 'resync') return { type: 'resync' };
  return undefined;
}

/** What the client tells its owner. */
export interface LiveClientHandlers {
  /** The socket is open: the first time (reconnected false) or after a reconnection. */
  onConnect?: (reconnected: boolean) => void;
  /** The socket closed; `willRetry` says whether a reconnection is scheduled. */
  onDisconnect?: (willRetry: boolean) => void;
  onMessage?: (message: LiveMessage) => void;
}

/** Options of createLiveClient. */
export interface LiveClientOptions extends LiveClientHandlers {
  url: string;
  createSocket: SocketFactory;
  random?: () => number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

/** A running client. */
export interface LiveClient {
  /** Closes the socket and stops reconnecting (sign-out). */
  stop(): void;
  /** Reconnects now if the socket is down (the browser came back online). */
  reconnectNow(): void;
  /** Sends a message to the server on the open socket; false when it is not open. */
  send(message: object): boolean;
  /** Whether the socket is currently open. */
  readonly connected: boolean;
}

/** Opens the socket and keeps it open until stop(). */
export function createLiveClient(options: LiveClientOptions): LiveClient {
  const random = options.random ?? Math.random;
  const setTimer = options.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer = options.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>));
  let socket: SocketLike | null = null;
  let timer: unknown = null;
  let attempt = 0;
  let stopped = false;
  let connected = false;
  let everConnected = false;

  const schedule = () => {
    const delay = reconnectDelay(attempt, random);
    attempt += 1;
    timer = setTimer(() => {
      timer = null;
      open();
    }, delay);
  };

  function open(): void {
    if (stopped) return;
    let current: SocketLike;
    try {
      current = options.createSocket(options.url);
    } catch {
      options.onDisconnect?.(true);
      schedule();
      return;
    }
    socket = current;
    current.onopen = () => {
      if (socket !== current) return;
      attempt = 0;
      connected = true;
      const reconnected = everConnected;
      everConnected = true;
      options.onConnect?.(reconnected);
    };
    current.onmessage = (event) => {
      if (socket !== current) return;
      const message = parseLiveMessage(event.data);
      if (message) options.onMessage?.(message);
    };
    // An error is always followed by a close; the close decides.
    current.onerror = () => {};
    current.onclose = (event) => {
      if (socket !== current) return;
      socket = null;
      connected = false;
      const retry = !stopped && event.code !== SESSION_ENDED_CODE;
      options.onDisconnect?.(retry);
      if (retry) schedule();
    };
  }

  open();

  return {
    stop() {
      stopped = true;
      if (timer !== null) clearTimer(timer);
      timer = null;
      const current = socket;
      socket = null;
      connected = false;
      current?.close(1000, 'signed out');
    },
    reconnectNow() {
      if (stopped || socket !== null) return;
      if (timer !== null) clearTimer(timer);
      timer = null;
      attempt = 0;
      open();
    },
    send(message) {
      if (!connected || socket === null) return false;
      socket.send(JSON.stringify(message));
      return true;
    },
    get connected() {
      return connected;
    },
  };
}

/** The `/ws` URL of the page's own origin (ws: or wss: to match the page). */
export function liveUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/ws`;
}

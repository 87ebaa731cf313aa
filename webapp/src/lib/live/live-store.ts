/**
 * The live feed's client state (DESIGN §9: zustand holds client state only): whether this tab's
 * socket is open, and the unread notification count behind the header's badge. The list of
 * notifications itself is server state and lives in TanStack Query.
 */
import { create } from 'zustand';

/** State of the live feed. */
export interface LiveState {
  connected: boolean;
  /** Unread notifications of the signed-in user. */
  unread: number;
  setConnected: (connected: boolean) => void;
  /** The server's count (after a (re)connection, a read or a delete). */
  setUnread: (unread: number) => void;
  /** One more unread (a pushed notification), without asking the server. */
  bumpUnread: () => void;
  reset: () => void;
}

/** The live feed store hook. */
export const useLiveStore = create<LiveState>()((set) => ({
  connected: false,
  unread: 0,
  setConnected: (connected) => set({ connected }),
  setUnread: (unread) => set({ unread: Math.max(0, Math.trunc(unread)) }),
  bumpUnread: () => set((s) => ({ unread: s.unread + 1 })),
  reset: () => set({ connected: false, unread: 0 }),
}));

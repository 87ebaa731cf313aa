/**
 * The pending two-factor sign-in of spec §4: between a password login and the one-time code,
 * the user, token and lifetime wait in localStorage under these exact keys.
 */
import type { User } from './types';

/** localStorage keys of the pending sign-in. */
export const PENDING_KEYS = {
  user: 'pendingUser',
  token: 'pendingToken',
  expiresIn: 'pendingExpiresIn',
} as const;

/** A pending sign-in read back from storage. */
export interface PendingSignIn {
  user: User | null;
  token: string | null;
  expiresIn: number | null;
}

/** Stores the pending sign-in. */
export function savePending(user: User, token: string, expiresIn: number): void {
  localStorage.setItem(PENDING_KEYS.user, JSON.stringify(user));
  localStorage.setItem(PENDING_KEYS.token, token);
  localStorage.setItem(PENDING_KEYS.expiresIn, String(expiresIn));
}

/** Reads the pending sign-in; missing or damaged entries come back as null. */
export function readPending(): PendingSignIn {
  let user: User | null = null;
  try {
    const raw = localStorage.getItem(PENDING_KEYS.user);
    user = raw ? (JSON.parse(raw) as User) : null;
  } catch {
    user = null;
  }
  const expires = Number(localStorage.getItem(PENDING_KEYS.expiresIn));
  return {
    user,
    token: localStorage.getItem(PENDING_KEYS.token),
    expiresIn: Number.isFinite(expires) && expires > 0 ? expires : null,
  };
}

/** Removes every pending entry. */
export function clearPending(): void {
  for (const key of Object.values(PENDING_KEYS)) localStorage.removeItem(key);
}

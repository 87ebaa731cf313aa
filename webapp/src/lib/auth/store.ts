/**
 * The auth store: the spec's Auth state (§3) and its actions (§4), plus the sign-in flows that
 * drive them. Client state only: the user object is kept here because every screen needs it
 * synchronously (guard, header); everything else from the server lives in TanStack Query.
 *
 * The session cookie (authToken) is set and expired by the server, HttpOnly: no script on the
 * page can read it, this store included. Whether someone is signed in is learnt from the profile
 * call; the pending two-factor token of spec §4 still waits in localStorage and goes as Bearer.
 */
import { create } from 'zustand';
import { HttpError } from '../http';
import { i18n } from '../i18n/i18n';
import { navigate } from '../navigation';
import { translateServerMessage } from '../server-messages';
import { loginRequest, logoutRequest, profileRequest, verifyTwoFactorRequest, type Credentials } from './api';
import { clearPending, readPending, savePending } from './pending';
import type { User } from './types';

/** How long a login error stays on screen (spec §9). */
export const LOGIN_ERROR_DISPLAY_MS = 5000;

/** Auth state of spec §3. */
export interface AuthState {
  isAuthenticated: boolean;
  isLoading: boolean;
  isInitialized: boolean;
  errorMessage: string | null;
  user: User | null;
}

/** Where a password login leads (spec §4 steps 2–4). */
export type LoginOutcome = 'verification' | 'qr' | 'signed-in' | 'failed';

/** Actions of spec §4 and the flows built on them. */
export interface AuthActions {
  /** Sets the authenticated flag and user, marks the store initialized. */
  initialize: (user: User | null) => void;
  /** Marks a login in flight. */
  loginRequest: () => void;
  /** A login completed: authenticated with this user. */
  loginSuccess: (user: User) => void;
  /** A login failed: stores the message (cleared after 5 s) and stops loading. */
  loginError: (message: string) => void;
  /** Replaces the signed-in user (after a profile or 2FA change). */
  setUser: (user: User) => void;
  /** Spec §4 steps 1–4. */
  login: (credentials: Credentials) => Promise<LoginOutcome>;
  /** Spec §4 step 5: confirms the one-time code of the pending sign-in; rejects on failure. */
  verifyTwoFactor: (code: string) => Promise<User>;
  /** Reads the profile (the session cookie, if any, goes with it); always ends initialized. */
  restoreSession: () => Promise<void>;
  /** Calls the server, then clears everything and goes to /login even if the call failed. */
  logout: () => Promise<void>;
}

const initialState: AuthState = {
  isAuthenticated: false,
  isLoading: false,
  isInitialized: false,
  errorMessage: null,
  user: null,
};

let errorTimer: ReturnType<typeof setTimeout> | undefined;

/** The auth store hook. */
export const useAuthStore = create<AuthState & AuthActions>()((set, get) => ({
  ...initialState,

  initialize: (user) => set({ isAuthenticated: user !== null, user, isInitialized: true }),

  loginRequest: () => {
    clearTimeout(errorTimer);
    set({ isLoading: true, errorMessage: null });
  },

  loginSuccess: (user) =>
    set({ isAuthenticated: true, user, isLoading: false, errorMessage: null, isInitialized: true }),

  loginError: (message) => {
    clearTimeout(errorTimer);
    set({ errorMessage: message, isLoading: false });
    errorTimer = setTimeout(() => set({ errorMessage: null }), LOGIN_ERROR_DISPLAY_MS);
  },

  setUser: (user) => set({ user }),

  login: async (credentials) => {
    get().loginRequest();
    let answer;
    try {
      answer = await loginRequest(credentials);
    } catch (error) {
      get().loginError(loginFailureMessage(error));
      return 'failed';
    }
    const { user, authToken, expires_in: expiresIn } = answer;
    if (user.enable_google2fa) {
      savePending(user, authToken, expiresIn);
      set({ isLoading: false });
      return user.google2fa_secret ? 'verification' : 'qr';
    }
    // The login answer has set the session cookie.
    get().loginSuccess(await profileOr(user));
    return 'signed-in';
  },

  verifyTwoFactor: async (code) => {
    const pending = readPending();
    // The answer sets the session cookie for the verified token.
    const verified = await verifyTwoFactorRequest(code, pending.token);
    const fallback = verified ?? pending.user;
    const user = fallback ? await profileOr(fallback) : await profileRequest();
    clearPending();
    get().loginSuccess(user);
    return user;
  },

  restoreSession: async () => {
    try {
      get().initialize(await profileRequest());
    } catch {
      // 401: no session, or one the server no longer accepts (the cookie is the server's to
      // expire). Any other failure also leaves the visitor signed out until the next start.
      get().initialize(null);
    }
  },

  logout: async () => {
    try {
      await logoutRequest();
    } catch {
      // Spec §4: sign out locally even when the server call fails.
    }
    // The logout answer expires the session cookie. Only the server can (HttpOnly): when the
    // call fails the cookie stays until its session ends, though this tab signs out anyway.
    clearPending();
    clearTimeout(errorTimer);
    set({ isAuthenticated: false, user: null, isLoading: false, errorMessage: null });
    // flushSync commits the router's pending navigation before React re-renders for the state
    // change above, so the protected gate sees /login under way and does not add its own
    // /login?redirect=…; and /login itself renders with the signed-out state.
    navigate('/login', { replace: true, flushSync: true });
  },
}));

async function profileOr(fallback: User): Promise<User> {
  try {
    return await profileRequest();
  } catch {
    return fallback;
  }
}

/**
 * Spec §8: the server's `error` field, else the client message, else 'Error de autenticación';
 * in the user's language.
 */
export function loginFailureMessage(error: unknown): string {
  if (error instanceof HttpError && error.serverError) return translateServerMessage(error.serverError);
  if (error instanceof Error && error.message) return translateServerMessage(error.message);
  return i18n.t('auth:errors.authFailed');
}

/** Spec §8: the server's error, else the client message, else 'Código 2FA inválido'; in the user's language. */
export function twoFactorFailureMessage(error: unknown): string {
  if (error instanceof HttpError && error.serverError) return translateServerMessage(error.serverError);
  if (error instanceof Error && error.message) return translateServerMessage(error.message);
  return i18n.t('auth:errors.invalidOtp');
}

/** Resets the store (tests). */
export function resetAuthStore(): void {
  clearTimeout(errorTimer);
  useAuthStore.setState(initialState);
}

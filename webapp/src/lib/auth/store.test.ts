import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureHttp } from '../http';
import * as navigation from '../navigation';
import { PENDING_KEYS, savePending } from './pending';
import { LOGIN_ERROR_DISPLAY_MS, resetAuthStore, useAuthStore } from './store';
import type { User } from './types';

const baseUser: User = {
  id: 1,
  username: 'admin',
  first_name: 'Ana',
  last_name: 'Admin',
  email: 'a@x.co',
  phone: '3001234567',
  company_id: 1,
  company_name: 'Demo S.A.S.',
  role: 'admin',
  active: true,
  ip_address: '',
  enable_google2fa: false,
  google2fa_secret: false,
  created_at: '2026-11-22T10:00:00Z',
};

type Route = (request: Request) => Response | Promise<Response>;

function json(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** A fake API: "METHOD /path" → handler; unknown routes fail the test. */
function fakeApi(routes: Record<string, Route>) {
  const mock = vi.fn<typeof fetch>(async (input) => {
    const request = input as Request;
    const key = `${request.method} ${new URL(request.url).pathname}`;
    const route = routes[key];
    if (!route) throw new Error(`unexpected call ${key}`);
    return route(request);
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}

function calls(mock: ReturnType<typeof fakeApi>): string[] {
  return mock.mock.calls.map(([input]) => `${(input as Request).method} ${new URL((input as Request).url).pathname}`);
}

let navigate: ReturnType<typeof vi.spyOn>;
let cookieWrites: ReturnType<typeof vi.spyOn>;

/** The session cookie is the server's (HttpOnly): the store never writes or reads it. */
function expectNoSessionCookieTouched() {
  expect(cookieWrites).not.toHaveBeenCalled();
  expect(document.cookie).not.toContain('authToken');
}

beforeEach(() => {
  cookieWrites = vi.spyOn(document, 'cookie', 'set');
  resetAuthStore();
  configureHttp({ baseUrl: 'http://localhost:5173' });
  navigate = vi.spyOn(navigation, 'navigate').mockImplementation(() => {});
});

afterEach(() => {
  cookieWrites.mockRestore();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('actions', () => {
  it('initialize sets the flag, the user and marks initialized', () => {
    useAuthStore.getState().initialize(baseUser);
    expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: true, user: baseUser, isInitialized: true });
    useAuthStore.getState().initialize(null);
    expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: false, user: null, isInitialized: true });
  });

  it('login request / success / error', () => {
    const s = useAuthStore.getState();
    s.loginRequest();
    expect(useAuthStore.getState().isLoading).toBe(true);
    s.loginError('nope');
    expect(useAuthStore.getState()).toMatchObject({ isLoading: false, errorMessage: 'nope' });
    s.loginSuccess(baseUser);
    expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: true, user: baseUser, isLoading: false });
  });

  it('the login error clears itself after 5 seconds', () => {
    vi.useFakeTimers();
    useAuthStore.getState().loginError('Invalid username or password');
    vi.advanceTimersByTime(LOGIN_ERROR_DISPLAY_MS - 1);
    expect(useAuthStore.getState().errorMessage).toBe('Invalid username or password');
    vi.advanceTimersByTime(1);
    expect(useAuthStore.getState().errorMessage).toBeNull();
  });

  it('a newer error restarts the 5 seconds', () => {
    vi.useFakeTimers();
    useAuthStore.getState().loginError('first');
    vi.advanceTimersByTime(4000);
    useAuthStore.getState().loginError('second');
    vi.advanceTimersByTime(4000);
    expect(useAuthStore.getState().errorMessage).toBe('second');
    vi.advanceTimersByTime(1000);
    expect(useAuthStore.getState().errorMessage).toBeNull();
  });
});

describe('login flow (spec §4)', () => {
  it('without 2FA: leaves the cookie to the server and uses the fetched profile', async () => {
    const profile = { ...baseUser, first_name: 'Fresh' };
    const api = fakeApi({
      'POST /api/auth/login': () => json(200, { authToken: 'tok-1', expires_in: 3600, user: baseUser }),
      'GET /api/auth/user/profile': (init) => {
        // The profile call rides on the cookie the login answer set: no token of the page's own.
        expect(init?.credentials).toBe('include');
        expect(init?.headers.get('Authorization')).toBeNull();
        return json(200, { data: profile });
      },
    });
    await expect(useAuthStore.getState().login({ username: 'admin', password: 'Demo123!' })).resolves.toBe('signed-in');
    expectNoSessionCookieTouched();
    expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: true, isLoading: false, user: profile });
    expect(calls(api)).toEqual(['POST /api/auth/login', 'GET /api/auth/user/profile']);
    expect(localStorage.getItem(PENDING_KEYS.token)).toBeNull();
  });

  it('falls back to the login user when the profile fetch fails', async () => {
    fakeApi({
      'POST /api/auth/login': () => json(200, { authToken: 'tok-1', expires_in: 60, user: baseUser }),
      'GET /api/auth/user/profile': () => json(500, { error: 'boom' }),
    });
    await useAuthStore.getState().login({ username: 'admin', password: 'x' });
    expect(useAuthStore.getState().user).toEqual(baseUser);
    expect(useAuthStore.getState().isAuthenticated).toBe(true);
  });

  it('2FA with a secret: stores the pending entries and goes to verification', async () => {
    const user = { ...baseUser, enable_google2fa: true, google2fa_secret: true };
    const api = fakeApi({ 'POST /api/auth/login': () => json(200, { authToken: 'pend-1', expires_in: 900, user }) });
    await expect(useAuthStore.getState().login({ username: 'admin', password: 'x' })).resolves.toBe('verification');
    expect(localStorage.getItem(PENDING_KEYS.token)).toBe('pend-1');
    expect(localStorage.getItem(PENDING_KEYS.expiresIn)).toBe('900');
    expect(JSON.parse(localStorage.getItem(PENDING_KEYS.user)!)).toEqual(user);
    expectNoSessionCookieTouched();
    expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: false, isLoading: false });
    expect(calls(api)).toEqual(['POST /api/auth/login']);
  });

  it('2FA without a secret: goes to the QR set-up', async () => {
    const user = { ...baseUser, enable_google2fa: true, google2fa_secret: false };
    fakeApi({ 'POST /api/auth/login': () => json(200, { authToken: 'pend-2', expires_in: 900, user }) });
    await expect(useAuthStore.getState().login({ username: 'admin', password: 'x' })).resolves.toBe('qr');
    expect(localStorage.getItem(PENDING_KEYS.token)).toBe('pend-2');
  });

  it("shows the server's error field in the user's language (Spanish here)", async () => {
    fakeApi({ 'POST /api/auth/login': () => json(401, { error: 'Invalid username or password', code: 'unauthorized' }) });
    await expect(useAuthStore.getState().login({ username: 'admin', password: 'bad' })).resolves.toBe('failed');
    expect(useAuthStore.getState()).toMatchObject({
      errorMessage: 'Usuario o contraseña incorrectos',
      isLoading: false,
      isAuthenticated: false,
    });
  });

  it("shows the 429 server message, and the client message when there is no error field", async () => {
    fakeApi({
      'POST /api/auth/login': () =>
        json(429, { error: 'Too many attempts. Please try again in 30 seconds.', code: 'rate_limited' }),
    });
    await useAuthStore.getState().login({ username: 'a', password: 'b' });
    expect(useAuthStore.getState().errorMessage).toBe('Demasiados intentos. Inténtelo de nuevo en 30 segundos.');

    fakeApi({ 'POST /api/auth/login': () => json(500, {}) });
    await useAuthStore.getState().login({ username: 'a', password: 'b' });
    expect(useAuthStore.getState().errorMessage).toBe('La solicitud falló (HTTP 500)');
  });
});

describe('two-factor completion (spec §4 step 5)', () => {
  it('sends the pending token as Bearer, fetches the profile and removes the pending entries', async () => {
    const pendingUser = { ...baseUser, enable_google2fa: true, google2fa_secret: true };
    savePending(pendingUser, 'pend-9', 1200);
    const api = fakeApi({
      'POST /api/auth/2fa': async (request) => {
        expect(request.headers.get('Authorization')).toBe('Bearer pend-9');
        expect(await request.json()).toEqual({ one_time_password: '123456' });
        return json(200, { data: pendingUser });
      },
      'GET /api/auth/user/profile': () => json(200, { data: { ...pendingUser, first_name: 'Profile' } }),
    });
    await useAuthStore.getState().verifyTwoFactor('123456');
    expectNoSessionCookieTouched();
    expect(useAuthStore.getState().user?.first_name).toBe('Profile');
    expect(useAuthStore.getState().isAuthenticated).toBe(true);
    for (const key of Object.values(PENDING_KEYS)) expect(localStorage.getItem(key)).toBeNull();
    expect(calls(api)).toEqual(['POST /api/auth/2fa', 'GET /api/auth/user/profile']);
  });

  it('rejects on a wrong code and keeps the pending entries', async () => {
    savePending(baseUser, 'pend-9', 1200);
    fakeApi({ 'POST /api/auth/2fa': () => json(401, { error: 'Invalid OTP', code: 'unauthorized' }) });
    await expect(useAuthStore.getState().verifyTwoFactor('000000')).rejects.toMatchObject({ status: 401 });
    expect(localStorage.getItem(PENDING_KEYS.token)).toBe('pend-9');
    expectNoSessionCookieTouched();
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
  });
});

describe('logout', () => {
  it('calls the server (which expires the cookie), clears the pending entries, goes to /login', async () => {
    savePending(baseUser, 'pend', 10);
    useAuthStore.getState().initialize(baseUser);
    const api = fakeApi({ 'POST /api/auth/logout': () => new Response(null, { status: 204 }) });
    await useAuthStore.getState().logout();
    expect(calls(api)).toEqual(['POST /api/auth/logout']);
    expectNoSessionCookieTouched();
    expect(localStorage.getItem(PENDING_KEYS.token)).toBeNull();
    expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: false, user: null });
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true, flushSync: true });
  });

  it('signs out locally even when the server call fails', async () => {
    useAuthStore.getState().initialize(baseUser);
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockRejectedValue(new TypeError('offline')));
    await useAuthStore.getState().logout();
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true, flushSync: true });
  });
});

describe('restoreSession', () => {
  it('asks the server: signed in when the profile answers', async () => {
    fakeApi({
      'GET /api/auth/user/profile': (init) => {
        expect(init?.credentials).toBe('include');
        return json(200, { data: baseUser });
      },
    });
    await useAuthStore.getState().restoreSession();
    expect(useAuthStore.getState()).toMatchObject({ isInitialized: true, isAuthenticated: true, user: baseUser });
    expectNoSessionCookieTouched();
  });

  it('signed out when the server answers 401 (no session, or one it no longer accepts)', async () => {
    fakeApi({ 'GET /api/auth/user/profile': () => json(401, { error: 'unauthorized' }) });
    await useAuthStore.getState().restoreSession();
    expect(useAuthStore.getState()).toMatchObject({ isInitialized: true, isAuthenticated: false, user: null });
    expectNoSessionCookieTouched();
  });

  it('signed out, and initialized, when the profile call fails otherwise', async () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockRejectedValue(new TypeError('offline')));
    await useAuthStore.getState().restoreSession();
    expect(useAuthStore.getState()).toMatchObject({ isInitialized: true, isAuthenticated: false });
  });
});

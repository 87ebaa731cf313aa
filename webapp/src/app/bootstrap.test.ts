import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetAuthStore, useAuthStore } from '@/lib/auth/store';
import { configureHttp } from '@/lib/http';
import * as navigation from '@/lib/navigation';
import { useSiteStatusStore } from '@/lib/site-status';
import { initializeApp, useBootStore } from './bootstrap';

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

let navigate: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  resetAuthStore();
  useSiteStatusStore.setState({ status: null });
  configureHttp({ baseUrl: 'http://localhost:5173' });
  navigate = vi.spyOn(navigation, 'navigate').mockImplementation(() => {});
});
afterEach(() => vi.unstubAllGlobals());

describe('initializeApp', () => {
  it('reads the status first, then the profile (the server tells whether a session exists)', async () => {
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockResolvedValueOnce(json(200, { data: 'enabled' }))
      .mockResolvedValueOnce(json(200, { data: { id: 1, username: 'admin', role: 'admin' } }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(initializeApp('/dashboards/home')).resolves.toBe('done');
    expect(fetchMock.mock.calls.map(([u]) => new URL((u as Request).url).pathname)).toEqual([
      '/api/site_setting/status',
      '/api/auth/user/profile',
    ]);
    expect(useAuthStore.getState()).toMatchObject({ isInitialized: true, isAuthenticated: true });
  });

  it('goes to /disabled when the site is disabled', async () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockResolvedValue(json(200, { data: 'disabled' })));
    await initializeApp('/dashboards/home');
    expect(navigate).toHaveBeenCalledWith('/disabled', { replace: true });
    expect(useSiteStatusStore.getState().status).toBe('disabled');
    expect(useAuthStore.getState().isInitialized).toBe(true);
  });

  it('stays on /activate when the site is disabled', async () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockResolvedValue(json(200, { data: 'disabled' })));
    await initializeApp('/activate');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('simply stops when the status call fails', async () => {
    const fetchMock = vi.fn<typeof fetch>().mockRejectedValue(new TypeError('offline'));
    vi.stubGlobal('fetch', fetchMock);
    await expect(initializeApp('/dashboards/home')).resolves.toBe('stopped');
    expect(useBootStore.getState().state).toBe('stopped');
    expect(useAuthStore.getState().isInitialized).toBe(false);
    expect(fetchMock.mock.calls.every(([u]) => (u as Request).url.includes('/api/site_setting/status'))).toBe(true);
  });
});

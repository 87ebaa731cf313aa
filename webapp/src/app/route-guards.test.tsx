import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetAuthStore, useAuthStore } from '@/lib/auth/store';
import type { Role, User } from '@/lib/auth/types';
import { GuestOnlyRoute, ProtectedRoute, safeRedirect } from './route-guards';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { Component: GuestOnlyRoute, children: [{ path: 'login', Component: Where }] },
      { Component: ProtectedRoute, children: [{ path: '*', Component: Where }] },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

function signIn(role: Role) {
  useAuthStore.getState().initialize({ id: 1, username: role, role } as User);
}

beforeEach(() => resetAuthStore());

describe('route gates', () => {
  it('sends anonymous visitors to /login with the requested path and search', async () => {
    useAuthStore.getState().initialize(null);
    const router = renderAt('/settings/password?tab=1');
    expect(await screen.findByTestId('where')).toHaveProperty('textContent', '/login?redirect=%2Fsettings%2Fpassword%3Ftab%3D1');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('sends a signed-in visitor of /login to the redirect parameter', async () => {
    signIn('admin');
    renderAt('/login?redirect=%2Fsettings%2Fpassword');
    expect((await screen.findByTestId('where')).textContent).toBe('/settings/password');
  });

  it('ignores redirect=null and unsafe targets', async () => {
    signIn('admin');
    renderAt('/login?redirect=null');
    expect((await screen.findByTestId('where')).textContent).toBe('/dashboards/home');
    expect(safeRedirect('//evil.example')).toBeUndefined();
    expect(safeRedirect('https://evil.example')).toBeUndefined();
    expect(safeRedirect('/purchase/list?x=1')).toBe('/purchase/list?x=1');
  });

  it('runs the role guard with history replace', async () => {
    signIn('buyer');
    const router = renderAt('/dashboards/home');
    expect((await screen.findByTestId('where')).textContent).toBe('/purchase-order/list');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('redirects a denied secretary to the dashboard', async () => {
    signIn('secretary');
    renderAt('/setting/site_status/');
    expect((await screen.findByTestId('where')).textContent).toBe('/dashboards/home');
  });

  it('lets allowed paths through', async () => {
    signIn('user');
    renderAt('/setting/site_status');
    expect((await screen.findByTestId('where')).textContent).toBe('/setting/site_status');
  });

  it('waits for initialization', () => {
    renderAt('/dashboards/home');
    expect(screen.queryByTestId('where')).toBeNull();
    expect(screen.getByRole('status')).toBeTruthy();
  });
});

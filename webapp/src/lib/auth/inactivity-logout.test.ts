import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const toastInfo = vi.fn();
vi.mock('../toast', () => ({ toast: { info: (message: string) => toastInfo(message) } }));

const { startInactivityLogout } = await import('./inactivity-logout');
const { useAuthStore } = await import('./store');
const { i18n } = await import('../i18n/i18n');

beforeEach(async () => {
  vi.useFakeTimers();
  toastInfo.mockReset();
  await i18n.changeLanguage('es');
});
afterEach(() => vi.useRealTimers());

describe('inactivity logout', () => {
  it('after 15 minutes: info toast then logout', () => {
    const logout = vi.fn(async () => {});
    useAuthStore.setState({ logout });
    startInactivityLogout();
    vi.advanceTimersByTime(15 * 60 * 1000);
    expect(toastInfo).toHaveBeenCalledWith('Tu sesión ha expirado por inactividad. Serás redirigido al inicio de sesión.');
    expect(logout).toHaveBeenCalledTimes(1);
  });

  it('says it in English too', async () => {
    await i18n.changeLanguage('en');
    const logout = vi.fn(async () => {});
    useAuthStore.setState({ logout });
    startInactivityLogout();
    vi.advanceTimersByTime(15 * 60 * 1000);
    expect(toastInfo).toHaveBeenCalledWith(
      'Your session has expired due to inactivity. You will be redirected to the sign-in page.',
    );
  });

  it('activity resets it', () => {
    const logout = vi.fn(async () => {});
    useAuthStore.setState({ logout });
    const stop = startInactivityLogout();
    vi.advanceTimersByTime(14 * 60 * 1000);
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    vi.advanceTimersByTime(14 * 60 * 1000);
    expect(logout).not.toHaveBeenCalled();
    expect(toastInfo).not.toHaveBeenCalled();
    stop();
  });
});

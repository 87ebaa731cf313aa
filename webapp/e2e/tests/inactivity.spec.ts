/**
 * Journey 7 (spec §4, §8, §9): 15 minutes without activity while signed in → an info toast says
 * the session expired and the app signs out to /login. Activity before that restarts the count.
 * page.clock is installed before the app loads so its timers can be fast-forwarded.
 */
import { expectPath, signIn } from '../support/app';
import { expect, test } from '../support/fixtures';
import { DEMO } from '../support/users';

const MINUTE = 60_000;

test('15 idle minutes end the session with the expiry toast (Spanish text of the spec)', async ({ page }) => {
  await page.addInitScript(() => {
    if (!localStorage.getItem('i18nextLng')) localStorage.setItem('i18nextLng', 'es');
  });
  await page.clock.install();
  await signIn(page, DEMO.user.username, DEMO.user.password);
  await expect(page.getByTestId('user-role')).toHaveText('Usuario');

  await page.clock.fastForward(15 * MINUTE - 5_000);
  await expect(page.getByTestId('profile-menu')).toBeVisible();
  await expectPath(page, '/dashboards/home');

  await page.clock.fastForward(6_000);
  const toast = page.locator('[data-sonner-toast][data-type="info"]');
  await expect(toast).toContainText('Tu sesión ha expirado por inactividad. Serás redirigido al inicio de sesión.');
  await expectPath(page, /^\/login(\?|$)/);
  expect((await page.context().cookies()).find((c) => c.name === 'authToken')).toBeUndefined();
  // The server session is gone too, not only the cookie.
  const profile = await page.request.get('/api/auth/user/profile');
  expect(profile.status()).toBe(401);
});

test('activity before 15 minutes keeps the session', async ({ page }) => {
  await page.clock.install();
  await signIn(page, DEMO.user.username, DEMO.user.password);

  await page.clock.fastForward(10 * MINUTE);
  await page.getByTestId('page-title').click();
  await page.clock.fastForward(10 * MINUTE);
  await expectPath(page, '/dashboards/home');
  await expect(page.getByTestId('profile-menu')).toBeVisible();

  await page.keyboard.press('Shift');
  await page.clock.fastForward(14 * MINUTE);
  await expectPath(page, '/dashboards/home');
  await expect(page.locator('[data-sonner-toast][data-type="info"]')).toHaveCount(0);

  // And the count still runs: 15 idle minutes after the last key press, the session ends.
  await page.clock.fastForward(1 * MINUTE + 1_000);
  await expect(page.locator('[data-sonner-toast][data-type="info"]')).toContainText('Your session has expired due to inactivity.');
  await expectPath(page, /^\/login(\?|$)/);
});

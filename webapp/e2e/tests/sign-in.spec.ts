/**
 * Journeys 1–3 and 6 (spec §2, §4, §5, §8): landing per role, the redirect parameter in both
 * directions, sign-in form messages in English and Spanish, logout from the profile menu, and
 * the per-user sign-in rate limit.
 */
import { expectPath, loginRedirect, signIn, submitLogin } from '../support/app';
import { expect, test } from '../support/fixtures';
import { DEMO } from '../support/users';

const landings = [
  { role: 'admin', label: 'Administrator', landing: '/dashboards/home' },
  { role: 'secretary', label: 'Secretary', landing: '/dashboards/home' },
  { role: 'user', label: 'User', landing: '/dashboards/home' },
  { role: 'buyer', label: 'Buyer', landing: '/purchase-order/list' },
] as const;

test.describe('sign-in lands each role on its home page', () => {
  for (const { role, label, landing } of landings) {
    test(`${role} lands on ${landing} and the header shows the role`, async ({ page }) => {
      await signIn(page, DEMO[role].username, DEMO[role].password, landing);
      await expect(page.getByTestId('user-role')).toHaveText(label);
      const cookie = (await page.context().cookies()).find((c) => c.name === 'authToken');
      expect(cookie, 'authToken cookie').toBeDefined();
      expect(cookie!.path).toBe('/');
      expect(cookie!.sameSite).toBe('Strict');
      expect(cookie!.expires, 'max-age from expires_in').toBeGreaterThan(Date.now() / 1000 + 60);
    });
  }
});

test('a signed-out visitor is sent to /login with the redirect and comes back after signing in', async ({ page }) => {
  await page.goto('/settings/password');
  await expectPath(page, loginRedirect('/settings/password'));
  await submitLogin(page, DEMO.user.username, DEMO.user.password);
  await expectPath(page, '/settings/password');
  await expect(page.getByLabel('Current password')).toBeVisible();
});

test('a signed-in visitor on /login follows the redirect parameter, and "null" means home', async ({ page }) => {
  await signIn(page, DEMO.user.username, DEMO.user.password);
  await page.goto('/login?redirect=/settings/general');
  await expectPath(page, '/settings/general');
  await page.goto('/login?redirect=null');
  await expectPath(page, '/dashboards/home');
  await page.goto('/login');
  await expectPath(page, '/dashboards/home');
});

test('empty submit shows the required messages in English', async ({ page }) => {
  await page.goto('/login');
  await page.getByTestId('login-submit').click();
  await expect(page.getByText('Username Required')).toBeVisible();
  await expect(page.getByText('Password Required')).toBeVisible();
  await expectPath(page, '/login');
});

test('empty submit shows the required messages in Spanish after switching the language', async ({ page }) => {
  await page.goto('/login');
  await page.getByTestId('language-switcher').selectOption('es');
  await expect(page.getByTestId('login-submit')).toHaveText('Ingresar');
  await page.getByTestId('login-submit').click();
  await expect(page.getByText('El usuario es obligatorio')).toBeVisible();
  await expect(page.getByText('La contraseña es obligatoria')).toBeVisible();
  await expect(page.getByText('Username Required')).toHaveCount(0);
});

test('a wrong password shows the server message, which goes away after about 5 s', async ({ page }) => {
  await page.goto('/login');
  await submitLogin(page, DEMO.user.username, 'Wrong123!');
  const error = page.getByTestId('login-error');
  await expect(error).toHaveText('Invalid username or password');
  const shownAt = Date.now();
  await expect(error).toBeHidden({ timeout: 8_000 });
  const shownFor = Date.now() - shownAt;
  expect(shownFor, 'the message stays about 5 s').toBeGreaterThan(3_500);
  await expectPath(page, '/login');
  // An unknown user gets the same answer (no user enumeration).
  await submitLogin(page, 'nobody-here', 'Wrong123!');
  await expect(error).toHaveText('Invalid username or password');
});

test('repeated failures for one username from one address are rate limited (429 message)', async ({ page }) => {
  await page.goto('/login');
  const error = page.getByTestId('login-error');
  for (let attempt = 1; attempt <= 5; attempt++) {
    await submitLogin(page, DEMO.secretary.username, `Wrong${attempt}!x`);
    await expect(error).toHaveText('Invalid username or password');
  }
  const limited = page.waitForResponse((r) => r.url().endsWith('/api/auth/login'));
  await submitLogin(page, DEMO.secretary.username, DEMO.secretary.password);
  const answer = await limited;
  expect(answer.status()).toBe(429);
  expect(Number(answer.headers()['retry-after'])).toBeGreaterThan(0);
  await expect(error).toHaveText(/^Too many attempts\. Please try again in \d+ seconds\.$/);
  await expectPath(page, '/login');
});

test('logout from the profile menu goes to /login and the session is gone', async ({ page }) => {
  await signIn(page, DEMO.admin.username, DEMO.admin.password);
  await page.getByTestId('profile-menu').click();
  await page.getByTestId('logout').click();
  await expectPath(page, '/login');
  expect((await page.context().cookies()).find((c) => c.name === 'authToken')).toBeUndefined();
  await page.goto('/dashboards/home');
  await expectPath(page, loginRedirect('/dashboards/home'));
});

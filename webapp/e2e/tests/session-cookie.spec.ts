/**
 * Issue 9 point 6: the session cookie is the server's. Signing in through the form leaves an
 * authToken cookie that is HttpOnly — no script on the page can read it, document.cookie shows
 * nothing of it — and the session still works: pages load their data and a reload stays signed
 * in (the app asks the profile call, it never reads the cookie).
 */
import { expectPath, signIn } from '../support/app';
import { expect, test } from '../support/fixtures';
import { DEMO } from '../support/users';

test('after sign-in the session cookie is HttpOnly, invisible to scripts, and the session works', async ({ page }) => {
  await signIn(page, DEMO.user.username, DEMO.user.password);
  await expect(page.getByTestId('user-role')).toHaveText('User');

  const cookie = (await page.context().cookies()).find((c) => c.name === 'authToken');
  expect(cookie, 'authToken cookie').toBeDefined();
  expect(cookie!.httpOnly, 'HttpOnly').toBe(true);
  expect(cookie!.sameSite).toBe('Strict');
  expect(cookie!.path).toBe('/');
  expect(await page.evaluate(() => document.cookie)).not.toContain('authToken');
  expect(await page.evaluate(() => document.cookie)).not.toContain(cookie!.value);

  // The session carries on without the page ever holding the token: a reload, then a page of data.
  await page.reload();
  await expectPath(page, '/dashboards/home');
  await expect(page.getByTestId('user-role')).toHaveText('User');
  const profile = await page.evaluate(async () => (await fetch('/api/auth/user/profile')).status);
  expect(profile).toBe(200);
  expect(await page.evaluate(() => document.cookie)).not.toContain('authToken');

  // A script that writes its own authToken cannot replace the server's HttpOnly cookie.
  await page.evaluate(() => {
    document.cookie = 'authToken=forged; path=/';
  });
  const after = (await page.context().cookies()).filter((c) => c.name === 'authToken');
  expect(after.map((c) => c.value)).toEqual([cookie!.value]);
});

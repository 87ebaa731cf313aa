/**
 * Issue 9 point 15: switching the site off moves every open tab to /disabled at once, over the
 * live channel — not at the tab's next request. A user's tab sits idle on its home page while an
 * admin, in another browser, disables the site; the user's tab lands on /disabled without a
 * reload. The settings are restored through the API afterwards, even when a step fails.
 */
import { expectPath, signIn } from '../support/app';
import { expect, test } from '../support/fixtures';
import { readSiteSettings, restoreSiteSettings, type SiteSettings } from '../support/site';
import { DEMO } from '../support/users';

let original: SiteSettings | undefined;

test.beforeEach(async ({ request }) => {
  original = await readSiteSettings(request);
});

test.afterEach(async ({ request }) => {
  if (original) await restoreSiteSettings(request, original);
});

test('an idle tab moves to /disabled as soon as an admin disables the site', async ({ page, newClient }) => {
  const user = await newClient();
  // Every frame the tab's live socket receives; its first (the gateway's hello) says it is up.
  const frames: string[] = [];
  user.page.on('websocket', (ws) => {
    if (new URL(ws.url()).pathname === '/ws') ws.on('framereceived', (f) => frames.push(String(f.payload)));
  });
  await signIn(user.page, DEMO.user.username, DEMO.user.password);
  await expect.poll(() => frames.some((f) => f.includes('"hello"')), { message: 'live channel up' }).toBe(true);
  // A marker that a full page load would wipe: the move must be the app's own navigation.
  await user.page.evaluate(() => {
    (window as unknown as { liveMarker: number }).liveMarker = 1;
  });
  const refused: string[] = [];
  user.page.on('response', (r) => {
    if (r.status() === 503) refused.push(new URL(r.url()).pathname);
  });

  await signIn(page, DEMO.admin.username, DEMO.admin.password);
  await page.goto('/setting/site_status');
  await page.getByLabel('Disable site').check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expectPath(page, '/disabled');

  await expectPath(user.page, '/disabled');
  expect(frames.filter((f) => f.includes('"site_status"'))).toEqual(['{"type":"site_status","data":{"status":"disabled"}}']);
  await expect(user.page.getByTestId('page-title')).toHaveText('The site is disabled');
  expect(await user.page.evaluate(() => (window as unknown as { liveMarker?: number }).liveMarker)).toBe(1);
  // No refused call sent it there (the HTTP client's 503 rule): the push did.
  expect(refused).toEqual([]);
});

/**
 * Journeys 9 and 10 (spec §2, §5, §6): the admin's site status page. A secretary disable window
 * covering the current Bogota time blocks the secretary's sign-in until it is removed; turning
 * the whole site off sends every page to /disabled until an administrator activates it on
 * /activate. Both restore the settings through the API even when a step fails.
 */
import { expectPath, signIn, submitLogin } from '../support/app';
import { expect, test } from '../support/fixtures';
import { bogotaTime, readSiteSettings, restoreSiteSettings, type SiteSettings } from '../support/site';
import { DEMO } from '../support/users';

const BLOCKED = 'The site is disabled, please try to login later.';

let original: SiteSettings | undefined;

test.beforeEach(async ({ request }) => {
  original = await readSiteSettings(request);
});

test.afterEach(async ({ request }) => {
  if (original) await restoreSiteSettings(request, original);
});

test('a disable window covering the current Bogota time blocks the secretary until it is removed', async ({ page, newClient }) => {
  expect(original!.disable_times, 'no window is set before the test').toEqual([]);
  const start = bogotaTime(-5);
  const end = bogotaTime(5); // earlier than start near midnight: the window then crosses it, as spec §5 allows

  await signIn(page, DEMO.admin.username, DEMO.admin.password);
  await page.goto('/setting/site_status');
  await page.getByRole('button', { name: 'Add window' }).click();
  await page.getByLabel('Start 1').fill(start);
  await page.getByLabel('End 1').fill(end);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Site status saved')).toBeVisible();

  const secretary = await newClient();
  await secretary.page.goto('/login');
  await submitLogin(secretary.page, DEMO.secretary.username, DEMO.secretary.password);
  await expect(secretary.page.getByTestId('login-error')).toHaveText(BLOCKED);
  await expectPath(secretary.page, '/login');

  // Other roles are not subject to the windows.
  const user = await newClient();
  await signIn(user.page, DEMO.user.username, DEMO.user.password);

  await page.reload();
  await expect(page.getByTestId('disable-window')).toHaveCount(1);
  await expect(page.getByLabel('Start 1')).toHaveValue(start);
  await page.getByRole('button', { name: 'Remove window 1' }).click();
  await expect(page.getByTestId('disable-window')).toHaveCount(0);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Site status saved')).toBeVisible();

  await submitLogin(secretary.page, DEMO.secretary.username, DEMO.secretary.password);
  await expectPath(secretary.page, '/dashboards/home');
  await expect(secretary.page.getByTestId('user-role')).toHaveText('Secretary');
});

test('disabling the site sends every page to /disabled until an admin activates it', async ({ page, newClient }) => {
  await signIn(page, DEMO.admin.username, DEMO.admin.password);
  await page.goto('/setting/site_status');
  await page.getByLabel('Disable site').check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expectPath(page, '/disabled');
  await expect(page.getByTestId('page-title')).toHaveText('The site is disabled');

  await page.goto('/dashboards/home');
  await expectPath(page, '/disabled');

  const visitor = await newClient();
  for (const path of ['/login', '/settings/general', '/no/such/page']) {
    await visitor.page.goto(path);
    await expectPath(visitor.page, '/disabled');
  }
  const login = await visitor.page.request.post('/api/auth/login', { data: DEMO.user });
  expect(login.status()).toBe(503);
  expect(((await login.json()) as { code: string }).code).toBe('site_disabled');

  await visitor.page.getByRole('link', { name: 'Activate the site' }).click();
  await expectPath(visitor.page, '/activate');
  await visitor.page.getByLabel('Administrator username').fill(DEMO.user.username);
  await visitor.page.getByLabel('Password', { exact: true }).fill(DEMO.user.password);
  await visitor.page.getByRole('button', { name: 'Activate', exact: true }).click();
  await expect(visitor.page.getByRole('alert')).toHaveText('Only an administrator can activate the site.');
  await expectPath(visitor.page, '/activate');

  await visitor.page.getByLabel('Administrator username').fill(DEMO.admin.username);
  await visitor.page.getByLabel('Password', { exact: true }).fill(DEMO.admin.password);
  await visitor.page.getByRole('button', { name: 'Activate', exact: true }).click();
  await expect(visitor.page.getByText('The site is enabled again')).toBeVisible();
  await expectPath(visitor.page, '/login');
  await submitLogin(visitor.page, DEMO.user.username, DEMO.user.password);
  await expectPath(visitor.page, '/dashboards/home');

  await page.goto('/dashboards/home');
  await expectPath(page, '/dashboards/home');
});

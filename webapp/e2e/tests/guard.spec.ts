/**
 * Journey 8 (spec §6): the role guard on navigation. A denied path is replaced in history by the
 * role's home, so Back never returns to it; trailing slashes do not slip past the guard.
 */
import { expectPath, pathOf, signIn } from '../support/app';
import { expect, test, type Page } from '../support/fixtures';
import { DEMO, type Role } from '../support/users';

const homes: Record<Role, string> = {
  admin: '/dashboards/home',
  secretary: '/dashboards/home',
  user: '/dashboards/home',
  buyer: '/purchase-order/list',
};

const denied: { role: Role; path: string }[] = [
  { role: 'buyer', path: '/dashboards/home' },
  { role: 'buyer', path: '/purchase/list' },
  { role: 'user', path: '/people/user' },
  { role: 'user', path: '/people/user/' },
  { role: 'secretary', path: '/setting/site_status' },
  { role: 'admin', path: '/purchase-order/add' },
  { role: 'admin', path: '/sale/add' },
  { role: 'buyer', path: '/sale/list' },
  { role: 'buyer', path: '/payment/pending' },
  { role: 'buyer', path: '/payments/purchase/1' },
  { role: 'buyer', path: '/concurrent_payments/form' },
];

/** Every URL the main frame commits from now on (in-app history changes included). */
function recordNavigations(page: Page): string[] {
  const seen: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) seen.push(new URL(frame.url()).pathname);
  });
  return seen;
}

for (const { role, path } of denied) {
  test(`${role} opening ${path} is sent to ${homes[role]} with history replaced`, async ({ page }) => {
    await signIn(page, DEMO[role].username, DEMO[role].password, homes[role]);
    // A page the role may open, so that Back has somewhere legitimate to go.
    const before = role === 'buyer' ? '/received-order/list' : '/settings/general';
    await page.goto(before);
    await expectPath(page, before);
    const lengthBefore = await page.evaluate(() => history.length);

    await page.goto(path);
    await expectPath(page, homes[role]);
    expect(await page.evaluate(() => history.length), 'the redirect replaced the denied entry').toBe(lengthBefore + 1);

    const afterBack = recordNavigations(page);
    await page.goBack();
    await expectPath(page, before);
    expect(afterBack, 'Back does not pass through the denied path').not.toContain(path.replace(/\/$/, ''));
    expect(afterBack).not.toContain(path);
  });
}

test('allowed pages stay put: buyer on its allow list, admin on site status, user on /people/customer', async ({ page, newClient }) => {
  await signIn(page, DEMO.buyer.username, DEMO.buyer.password, homes.buyer);
  for (const path of ['/purchase-order/add', '/received-order/list', '/purchase-order/receive/7', '/received-order/edit/7']) {
    await page.goto(path);
    await expectPath(page, path);
  }
  const admin = await newClient();
  await signIn(admin.page, DEMO.admin.username, DEMO.admin.password);
  await admin.page.goto('/setting/site_status');
  await expectPath(admin.page, '/setting/site_status');
  await expect(admin.page.getByTestId('page-title')).toHaveText('Site status');
  const user = await newClient();
  await signIn(user.page, DEMO.user.username, DEMO.user.password);
  await user.page.goto('/people/customer');
  await expectPath(user.page, '/people/customer');
  // Built in issue 3: the customer list itself, not the not-found page.
  await expect(user.page.getByTestId('customer-list')).toBeVisible();
  await expect(user.page.getByText('The requested information was not found')).toHaveCount(0);
  expect(pathOf(user.page)).toBe('/people/customer');
});

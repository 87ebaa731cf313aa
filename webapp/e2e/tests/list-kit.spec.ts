/**
 * Issue 9 §15, the list kit and the account pages as a person meets them: a link to ?page=2
 * opens page 2; an empty list says what to do next with the button to do it; "Mark all read" is
 * disabled when nothing is unread; the language menu says which languages are partial; a user
 * sees /setting/site_status read-only; a buyer reaches their own account settings; a legal-entity
 * supplier is named by its company name.
 */
import { expectPath, openSignedIn } from '../support/app';
import { test } from '../support/fixtures';
import { Api, expect, expectJson, tag } from '../support/masterdata';
import { DEMO } from '../support/users';

test('a link to ?page=2 opens the second page', async ({ page, request }) => {
  const t = tag();
  const admin = await Api.admin(request);
  const name = (i: number) => `Pagina ${t} ${String(i).padStart(2, '0')}`;
  for (let i = 1; i <= 12; i++) await admin.party('customers', name(i));
  await openSignedIn(page, DEMO.admin.username, DEMO.admin.password, `/people/customer?q=${t}&sort=name&per_page=10&page=2`);
  await expect(page.getByTestId('list-summary')).toHaveText('11–12 of 12');
  await expect(page.getByTestId('list-row')).toHaveCount(2);
  await expect(page.getByTestId('list-row').first()).toContainText(name(11));
  await expect(page.getByTestId('list-pagination').locator('[aria-current="page"]')).toHaveText('2');
  // From there, Previous goes to page 1.
  await page.getByTestId('page-prev').click();
  await expect(page.getByTestId('list-row').first()).toContainText(name(1));
});

test('an empty list offers its next step, and clearing a search that finds nothing', async ({ page, request, newClient }) => {
  // A new company has no customers: its user is offered "Add Customer", which opens the form.
  const t = tag();
  const admin = await Api.admin(request);
  const company = await admin.company(`Vacía ${t}`);
  const password = 'Vacia123!';
  await admin.user({ username: `vacia${t}`, password, companyId: company.id });
  const fresh = await newClient();
  await openSignedIn(fresh.page, `vacia${t}`, password, '/people/customer');
  const none = fresh.page.getByTestId('list-empty');
  await expect(none).toContainText('Add the first');
  await none.getByTestId('list-empty-add').click();
  await expect(fresh.page.getByTestId('customer-form')).toBeVisible();

  await openSignedIn(page, DEMO.admin.username, DEMO.admin.password, `/people/customer?q=nadie-${tag()}`);
  const empty = page.getByTestId('list-empty');
  await expect(empty).toContainText('No records match');
  await empty.getByTestId('list-clear-filters').click();
  await expect(page).not.toHaveURL(/[?&]q=/);
  await expect(page.getByTestId('list-row').first()).toBeVisible();
});

test('Mark all read is disabled when nothing is unread', async ({ page, request }) => {
  // A user of a company of their own: the demo user gets notifications from journeys running
  // alongside, which could land between the click and the check.
  const t = tag();
  const admin = await Api.admin(request);
  const company = await admin.company(`Avisos ${t}`);
  const password = 'Avisos123!';
  await admin.user({ username: `avisos${t}`, password, companyId: company.id });
  const user = await Api.as(request, `avisos${t}`, password);
  const supplier = await user.party('suppliers', `Proveedor avisos ${t}`);
  expect(supplier.approval_status).toBe('pending');
  await openSignedIn(page, `avisos${t}`, password, '/notification/list');
  const button = page.getByTestId('notification-read-all');
  await expect(page.getByTestId('live-status')).toHaveAttribute('data-connected', 'true');
  await expect(button).toBeDisabled();
  // The admin's approval reaches the open tab: one unread, the button wakes up.
  await expectJson(await admin.post(`/api/suppliers/${supplier.id}/approve`), 200);
  await expect(page.getByTestId('notification-badge')).toHaveText('1');
  await expect(button).toBeEnabled();
  await button.click();
  await expect(button).toBeDisabled();
  await expect(page.getByTestId('notification-badge')).toHaveCount(0);
});

test('the language menu marks ar and zh-cn as partial', async ({ page }) => {
  await openSignedIn(page, DEMO.admin.username, DEMO.admin.password, '/dashboards/home');
  const options = page.getByTestId('language-switcher').locator('option');
  await expect(options).toHaveText(['Español', 'English', 'العربية (partial)', '简体中文 (partial)']);
});

test('a user sees the site status read-only; a buyer reaches their account settings', async ({ page, newClient }) => {
  await openSignedIn(page, DEMO.user.username, DEMO.user.password, '/setting/site_status');
  await expect(page.getByTestId('site-status-readonly')).toBeVisible();
  await expect(page.getByTestId('site-status-value')).toHaveAttribute('data-status', 'enabled');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);

  const buyer = await newClient();
  await openSignedIn(buyer.page, DEMO.buyer.username, DEMO.buyer.password, '/purchase-order/list');
  await buyer.page.getByTestId('profile-menu').click();
  await buyer.page.getByRole('menuitem', { name: /profile/i }).click();
  await expectPath(buyer.page, '/settings/general');
  for (const tab of ['general', 'password', 'google2fa', 'appearance']) {
    await buyer.page.goto(`/settings/${tab}`);
    await expectPath(buyer.page, `/settings/${tab}`);
  }
  await expect(buyer.page.locator('a[href="/settings/ip_restriction"]')).toHaveCount(0);
  await expect(buyer.page.locator('a[href="/settings/password"]')).toHaveCount(1);
  await buyer.page.goto('/settings/ip_restriction');
  await expectPath(buyer.page, '/purchase-order/list');
});

test('a legal-entity supplier is named by its company name', async ({ page, request }) => {
  const t = tag();
  const admin = await Api.admin(request);
  await admin.create('/api/suppliers', { name: `Contacto ${t}`, company: `Andina ${t} S.A.S.`, person_type: 'juridica', city: 'Cali' });
  await openSignedIn(page, DEMO.admin.username, DEMO.admin.password, `/people/supplier?q=${t}`);
  await expect(page.getByTestId('party-name')).toHaveText(`Andina ${t} S.A.S.`);
});

test('a hidden column stays hidden on that list after a reload, and only there', async ({ page }) => {
  await openSignedIn(page, DEMO.admin.username, DEMO.admin.password, '/people/customer');
  const headers = page.getByTestId('customer-list').getByRole('columnheader');
  await expect(headers.filter({ hasText: 'Email' })).toHaveCount(1);
  await page.getByTestId('column-chooser').click();
  await page.getByTestId('column-chooser-menu').getByTestId('column-toggle-email').click();
  await page.keyboard.press('Escape');
  await expect(headers.filter({ hasText: 'Email' })).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('customer-list').getByRole('columnheader').first()).toBeVisible();
  await expect(headers.filter({ hasText: 'Email' })).toHaveCount(0);
  // The supplier list has its own choice.
  await page.goto('/people/supplier');
  await expect(page.getByTestId('supplier-list').getByRole('columnheader').filter({ hasText: 'Email' })).toHaveCount(1);
  await page.goto('/people/customer');
  await page.getByTestId('column-chooser').click();
  await page.getByTestId('column-show-all').click();
  await expect(headers.filter({ hasText: 'Email' })).toHaveCount(1);
});

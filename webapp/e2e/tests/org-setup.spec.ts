/**
 * Issue 3, journey 1 (spec §2, §6): an admin sets up a new company from the UI (company, one of
 * its stores, a user of role user), and that user signs in elsewhere and lands on the dashboard
 * of the new company.
 */
import { expectPath, openSignedIn, signIn } from '../support/app';
import { test, type Page } from '../support/fixtures';
import { Api, expect, tag } from '../support/masterdata';
import { DEMO } from '../support/users';
import { pick } from '../support/picker';

/** Opens the list's Add dialog, lets `fill` complete it, saves, and waits for the dialog to close. */
async function addThroughForm(page: Page, formTestId: string, fill: (form: ReturnType<Page['getByTestId']>) => Promise<void>): Promise<void> {
  await page.getByTestId('list-add').click();
  const form = page.getByTestId(formTestId);
  await expect(form).toBeVisible();
  await fill(form);
  await form.getByTestId('form-submit').click();
  await expect(form).toBeHidden();
}

test('admin creates a company, its store and a user; the user signs in to that company', async ({ page, newClient, request }) => {
  const t = tag();
  const companyName = `Ferretería ${t} S.A.S.`;
  const storeName = `Sede ${t}`;
  const username = `cajero_${t}`;
  const password = 'Cajero123!';

  // Three forms and a second browser: more steps than the default 30 s allows on a busy machine.
  test.setTimeout(120_000);
  // The admin's sign-in form is covered elsewhere; the new user's is the point here.
  await openSignedIn(page, DEMO.admin.username, DEMO.admin.password, '/setting/company');
  await expect(page.getByTestId('company-list')).toBeVisible();
  await addThroughForm(page, 'company-form', async (form) => {
    await form.getByTestId('field-name').fill(companyName);
  });
  await page.getByTestId('list-search').fill(t);
  const companyRow = page.getByTestId('list-row').filter({ hasText: companyName });
  await expect(companyRow).toHaveCount(1);

  await page.goto('/setting/store');
  await expect(page.getByTestId('store-list')).toBeVisible();
  await addThroughForm(page, 'store-form', async (form) => {
    await form.getByTestId('field-name').fill(storeName);
    await pick(form.getByTestId('field-company-id'), companyName);
  });
  await page.getByTestId('list-search').fill(t);
  await expect(page.getByTestId('list-row').filter({ hasText: storeName })).toContainText(companyName);

  await page.goto('/people/user');
  await expect(page.getByTestId('user-list')).toBeVisible();
  await addThroughForm(page, 'user-form', async (form) => {
    await form.getByTestId('field-username').fill(username);
    await pick(form.getByTestId('field-company-id'), companyName);
    await form.getByTestId('field-first-name').fill('Camila');
    await form.getByTestId('field-last-name').fill('Cajera');
    await form.getByTestId('field-role').selectOption('user');
    await form.getByTestId('field-password').fill(password);
    await form.getByTestId('field-password-confirmation').fill(password);
  });
  await page.getByTestId('list-search').fill(username);
  const userRow = page.getByTestId('list-row').filter({ hasText: username });
  await expect(userRow).toContainText(companyName);
  // Created by an admin: approved at once.
  await expect(userRow.getByTestId('approval-status')).toHaveAttribute('data-status', 'approved');

  // The server agrees: the company now counts one store and one user.
  const admin = await Api.admin(request);
  const companies = await admin.list('/api/companies', { q: t });
  expect(companies.data.map((c) => [c.name, c.stores, c.users])).toEqual([[companyName, 1, 1]]);

  const cashier = await newClient();
  await signIn(cashier.page, username, password);
  await expectPath(cashier.page, '/dashboards/home');
  await expect(cashier.page.getByText(companyName)).toBeVisible();
  await expect(cashier.page.getByText('Demo S.A.S.')).toHaveCount(0);
});

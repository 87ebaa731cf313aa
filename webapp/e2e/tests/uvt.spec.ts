/**
 * The UVT of each year (DESIGN §5): an admin opens /setting/uvt from the menu, adds 2027 with
 * the keyboard, sees it listed, corrects it, and the server audits both changes. A user has no
 * menu entry, is sent home from the page, and the API refuses their PUT with 403.
 *
 * Only 2027 is written: the other journeys' documents are dated today (2026), whose UVT stays.
 */
import { apiLogin, bearer, expectPath, openSignedIn } from '../support/app';
import { test } from '../support/fixtures';
import { Api, expect } from '../support/masterdata';
import { DEMO } from '../support/users';

interface Uvt {
  year: number;
  uvt_cents: number;
  updated_by: number | null;
}

interface AuditEntry {
  action: string;
  entity_id: string;
}

test('an admin adds next year’s UVT and corrects it; both are audited', async ({ page, request }) => {
  await openSignedIn(page, DEMO.admin.username, DEMO.admin.password, '/dashboards/home');
  await page.getByRole('navigation').first().getByRole('link', { name: 'UVT', exact: true }).click();
  await expectPath(page, '/setting/uvt');
  const rows = page.getByTestId('list-row');
  await expect(rows.filter({ hasText: '2026' })).toContainText('$52,374');

  // Add: the year after the newest is offered; the value typed in pesos, saved with Enter. The
  // list writes money as English does ("$55,000"), whatever the way it was typed.
  await page.getByTestId('list-add').click();
  const form = page.getByTestId('uvt-form');
  await expect(form.getByTestId('field-year')).toHaveValue('2027');
  await expect(form.getByTestId('field-year')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(form.getByTestId('field-uvt')).toBeFocused();
  await page.keyboard.type('55.000');
  await page.keyboard.press('Enter');
  await expect(form).toBeHidden();
  await expect(rows.first()).toContainText('2027');
  await expect(rows.first()).toContainText('$55,000');
  // Who set it: the demo admin.
  await expect(rows.first()).toContainText('Ana Administradora');

  // Correct: the year is fixed, the value focused.
  await rows.first().getByTestId('row-edit').click();
  await expect(form.getByTestId('field-year')).toHaveAttribute('readonly', '');
  await expect(form.getByTestId('field-uvt')).toBeFocused();
  await form.getByTestId('field-uvt').fill('0');
  await form.getByTestId('form-submit').click();
  // The server's rule, on the field.
  await expect(form).toContainText('The UVT value must be greater than 0.');
  await form.getByTestId('field-uvt').fill('54.321');
  await form.getByTestId('form-submit').click();
  await expect(form).toBeHidden();
  await expect(rows.first()).toContainText('$54,321');

  const admin = await Api.admin(request);
  const uvts = (await admin.read<Uvt[]>('/api/tax/uvt')).map((u) => [u.year, u.uvt_cents]);
  expect(uvts.slice(0, 2)).toEqual([
    [2027, 54_321_00],
    [2026, 52_374_00],
  ]);
  const trail = (await admin.list<AuditEntry>('/api/audit', { entity: 'tax_uvt', entity_id: '2027' })).data;
  expect(trail.map((e) => e.action)).toEqual(['uvt_set', 'uvt_set']);
});

test('a user cannot keep the UVT: no menu entry, sent home from the page, 403 from the API', async ({ page, request }) => {
  await openSignedIn(page, DEMO.user.username, DEMO.user.password, '/dashboards/home');
  await expect(page.getByRole('navigation').first().getByRole('link', { name: 'Purchases' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'UVT', exact: true })).toHaveCount(0);
  await page.goto('/setting/uvt');
  await expectPath(page, '/dashboards/home');

  const token = await apiLogin(request, DEMO.user.username, DEMO.user.password);
  const put = await request.put('/api/tax/uvt/2028', { headers: bearer(token), data: { uvt_cents: 60_000_00 } });
  expect(put.status()).toBe(403);
  // Reading stays open to every role (the purchase form shows the minimum bases).
  expect((await request.get('/api/tax/uvt', { headers: bearer(token) })).status()).toBe(200);
});

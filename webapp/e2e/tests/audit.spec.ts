/**
 * Issue 13, the audit trail: an admin opens /audit from the menu, filters by actor and kind and
 * sees their own sign-in and their approval of a user's supplier, opens the supplier's own trail,
 * and exports what the list shows. A user has no menu entry, is sent home from /audit, and the
 * API answers them 403.
 */
import { apiLogin, bearer, expectPath, openSignedIn } from '../support/app';
import { test } from '../support/fixtures';
import { Api, expect, readSheet, tag } from '../support/masterdata';
import { DEMO } from '../support/users';
import { pick } from '../support/picker';

interface AuditEntry {
  id: number;
  action: string;
  kind: string;
  entity: string;
  entity_id: string;
  actor_name: string;
}

test('an admin reads the audit trail: a sign-in and an approval, by actor and kind, and exports it', async ({ page, request }) => {
  test.setTimeout(90_000);
  const user = await Api.as(request, DEMO.user.username, DEMO.user.password);
  const supplier = await user.party('suppliers', `Proveedor ${tag()} auditado`);
  const admin = await Api.admin(request);
  expect((await admin.post(`/api/suppliers/${supplier.id}/approve`)).status()).toBe(200);
  const me = await admin.read<{ id: number }>('/api/auth/user/profile');

  await openSignedIn(page, DEMO.admin.username, DEMO.admin.password, '/dashboards/home');
  await page.getByRole('navigation').first().getByRole('link', { name: 'Audit trail' }).click();
  await expectPath(page, '/audit');
  await expect(page.getByRole('heading', { name: 'Audit trail' })).toBeVisible();
  await expect(page.getByTestId('list-row').first()).toBeVisible();

  // The admin's approvals: the supplier's, newest first.
  await pick(page.getByTestId('filter-actor_id'), DEMO.admin.username, me.id);
  await page.getByTestId('filter-kind').selectOption('approval');
  await expect(page).toHaveURL(new RegExp(`actor_id=${me.id}.*kind=approval|kind=approval.*actor_id=${me.id}`));
  const approval = page.getByTestId('list-row').filter({ hasText: `Supplier #${supplier.id}` });
  await expect(approval).toHaveCount(1);
  await expect(approval).toContainText('supplier_approved');
  await expect(approval).toContainText('Approval');

  // The admin's sign-ins: the one this page was opened with among them.
  await page.getByTestId('filter-kind').selectOption('sign_in');
  await expect(page).toHaveURL(/kind=sign_in/);
  const signIns = page.getByTestId('list-row').filter({ hasText: 'Sign-in' });
  await expect(signIns.first()).toBeVisible();
  await expect(page.getByTestId('list-row').filter({ has: page.locator('code', { hasText: /^login$/ }) }).first()).toBeVisible();

  // The export is what the list shows: the admin's sign-ins, headers and kinds in English.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('list-export').click()]);
  expect(download.suggestedFilename()).toMatch(/^audit-\d{8}\.xlsx$/);
  const sheet = await readSheet(await download.path());
  expect(sheet[0]).toEqual(['When', 'Company', 'Who', 'Kind', 'Action', 'Record', 'Record id', 'Detail', 'IP']);
  expect(sheet.length).toBeGreaterThan(1);
  for (const row of sheet.slice(1)) {
    expect(row[3]).toBe('Sign-in');
  }

  // A record's own trail: created by the user, approved by the admin.
  await page.getByTestId('filter-kind').selectOption('approval');
  await approval.getByRole('link', { name: `Supplier #${supplier.id}` }).click();
  await expect(page.getByTestId('audit-record-filter')).toContainText(`Supplier #${supplier.id}`);
  await expect(page.getByTestId('list-row')).toHaveCount(2);
  await expect(page.getByTestId('list-row').nth(0)).toContainText('supplier_approved');
  await expect(page.getByTestId('list-row').nth(1)).toContainText('supplier_created');
  const stored = (await admin.list<AuditEntry>('/api/audit', { entity: 'supplier', entity_id: supplier.id })).data;
  expect(stored.map((e) => e.action)).toEqual(['supplier_approved', 'supplier_created']);
});

test('a user has no audit trail: no menu entry, sent home from /audit, 403 from the API', async ({ page, request }) => {
  await openSignedIn(page, DEMO.user.username, DEMO.user.password, '/dashboards/home');
  await expect(page.getByRole('navigation').first().getByRole('link', { name: 'Purchases' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Audit trail' })).toHaveCount(0);
  await page.goto('/audit');
  await expectPath(page, '/dashboards/home');

  const token = await apiLogin(request, DEMO.user.username, DEMO.user.password);
  for (const path of ['/api/audit', '/api/audit/export.xlsx']) {
    const answer = await request.get(path, { headers: bearer(token) });
    expect(answer.status(), path).toBe(403);
  }
});

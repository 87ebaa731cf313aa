/**
 * Issue 3, journey 2 (approval of suppliers): a user adds suppliers, which wait as pending; an
 * admin in another browser filters the pending ones and approves one and rejects the other
 * (the reason is required); the user's list shows the decisions after a reload.
 */
import { openSignedIn } from '../support/app';
import { test, type Page } from '../support/fixtures';
import { Api, expect, type Party, tag } from '../support/masterdata';
import { rowAction } from '../support/rows';
import { DEMO } from '../support/users';

/** The list row of one record, found through the list's search box. */
async function rowOf(page: Page, name: string) {
  await page.getByTestId('list-search').fill(name);
  const row = page.getByTestId('list-row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  return row;
}

async function addSupplier(page: Page, name: string): Promise<void> {
  await page.getByTestId('list-add').click();
  const form = page.getByTestId('supplier-form');
  await form.getByTestId('field-name').fill(name);
  await form.getByTestId('field-city').fill('Cali');
  await form.getByTestId('form-submit').click();
  await expect(form).toBeHidden();
}

test('a user adds suppliers as pending; an admin elsewhere approves one and rejects the other with a reason', async ({ page, newClient, request }) => {
  // Two people in two browsers: more steps than the default 30 s allows on a busy machine.
  test.setTimeout(120_000);
  const t = tag();
  const approvedName = `Distribuidora ${t} Norte`;
  const rejectedName = `Distribuidora ${t} Sur`;
  const reason = 'RUT vencido: enviar el actualizado';

  await openSignedIn(page, DEMO.user.username, DEMO.user.password, '/people/supplier');
  await addSupplier(page, approvedName);
  // The second one through the API: the form was just exercised.
  const user = await Api.as(request, DEMO.user.username, DEMO.user.password);
  await user.party('suppliers', rejectedName);
  await page.getByTestId('list-search').fill(t);
  await expect(page.getByTestId('list-row')).toHaveCount(2);
  for (const status of await page.getByTestId('approval-status').all()) {
    await expect(status).toHaveAttribute('data-status', 'pending');
  }
  // A user decides nothing: no Approve or Reject on their own pending rows.
  await expect(page.getByTestId('row-approve')).toHaveCount(0);
  await expect(page.getByTestId('row-reject')).toHaveCount(0);

  const admin = await newClient();
  await openSignedIn(admin.page, DEMO.admin.username, DEMO.admin.password, '/people/supplier');
  await admin.page.getByTestId('filter-approval').selectOption('pending');
  await expect(admin.page).toHaveURL(/[?&]approval=pending(&|$)/);
  await admin.page.getByTestId('list-search').fill(t);
  await expect(admin.page.getByTestId('list-row')).toHaveCount(2);

  const toApprove = admin.page.getByTestId('list-row').filter({ hasText: approvedName });
  await (await rowAction(toApprove, 'row-approve')).click();
  await expect(admin.page.getByText('Supplier approved')).toBeVisible();
  // Under the pending filter the approved supplier leaves the list.
  await expect(admin.page.getByTestId('list-row')).toHaveCount(1);

  const toReject = admin.page.getByTestId('list-row').filter({ hasText: rejectedName });
  await (await rowAction(toReject, 'row-reject')).click();
  const dialog = admin.page.getByTestId('reject-dialog');
  await dialog.getByTestId('reject-submit').click();
  await expect(dialog.getByText('A reason is required.')).toBeVisible();
  await expect(dialog.getByTestId('reject-reason')).toHaveAttribute('aria-invalid', 'true');
  await dialog.getByTestId('reject-reason').fill(reason);
  await dialog.getByTestId('reject-submit').click();
  await expect(dialog).toBeHidden();
  await expect(admin.page.getByText('Supplier rejected')).toBeVisible();
  await expect(admin.page.getByTestId('list-empty')).toBeVisible();

  // The user's own list, after a reload, shows both decisions; the reason is the badge's tooltip.
  await page.reload();
  await expect((await rowOf(page, approvedName)).getByTestId('approval-status')).toHaveAttribute('data-status', 'approved');
  const rejectedBadge = (await rowOf(page, rejectedName)).getByTestId('approval-status');
  await expect(rejectedBadge).toHaveAttribute('data-status', 'rejected');
  await expect(rejectedBadge).toHaveAttribute('title', reason);

  // The server stored exactly that, and refuses to decide a record twice or without a reason.
  const api = await Api.admin(request);
  const stored = (await api.list<Party>('/api/suppliers', { q: t, sort: 'name' })).data;
  expect(stored.map((s) => [s.name, s.approval_status, s.approval_reason])).toEqual([
    [approvedName, 'approved', ''],
    [rejectedName, 'rejected', reason],
  ]);
  const again = await api.post(`/api/suppliers/${stored[0]!.id}/approve`);
  expect(again.status()).toBe(409);
  expect(await again.text()).toContain('Only pending records can be approved or rejected.');
});

test('rejecting without a reason is refused by the server too', async ({ request }) => {
  const user = await Api.as(request, DEMO.user.username, DEMO.user.password);
  const pending = await user.party('suppliers', `Proveedor ${tag()} sin motivo`);
  expect(pending.approval_status).toBe('pending');
  const admin = await Api.admin(request);
  const refused = await admin.post(`/api/suppliers/${pending.id}/reject`, { reason: '  ' });
  expect(refused.status(), await refused.text()).toBe(422);
  expect(await refused.text()).toContain('A reason is required.');
  expect((await admin.read<Party>(`/api/suppliers/${pending.id}`)).approval_status).toBe('pending');
});

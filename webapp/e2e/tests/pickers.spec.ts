/**
 * The pickers of other modules' records (RecordPicker) search the server as one types, so a
 * company with more suppliers than a select's first 100 can pick any of them:
 *  1. of 105 suppliers, the last by name — not among the first 100 a select used to hold — is
 *     found by typing on the purchase form and picked with the keyboard;
 *  2. the purchase list filtered by that supplier (a link, a bookmark) names it in its filter,
 *     though it is not among the filter's first matches.
 */
import { expectPath, openSignedIn } from '../support/app';
import { test } from '../support/fixtures';
import { Api, expect, type Party, tag } from '../support/masterdata';
import { expectPicked } from '../support/picker';
import { DEMO } from '../support/users';

const COUNT = 105;

test('a supplier beyond the first 100 is found by typing and picked; a filter names it from the address', async ({ page, request }) => {
  test.setTimeout(120_000);
  const t = tag();
  const admin = await Api.admin(request);
  // "Aaa …" sorts before the other journeys' suppliers; the numbers keep the batch in order.
  const names = Array.from({ length: COUNT }, (_, i) => `Aaa Lote ${t} ${String(i + 1).padStart(3, '0')}`);
  const suppliers: Party[] = [];
  for (let i = 0; i < names.length; i += 15) suppliers.push(...(await Promise.all(names.slice(i, i + 15).map((name) => admin.party('suppliers', name)))));
  const last = suppliers[COUNT - 1]!;
  // What a select of the first 100 by name held: the last of the batch is not there.
  const first100 = await admin.list<Party>('/api/suppliers', { per_page: 100, sort: 'name', approval: 'approved' });
  expect(first100.data.map((s) => s.id)).not.toContain(last.id);

  await openSignedIn(page, DEMO.user.username, DEMO.user.password, '/purchase/add');
  const field = page.getByTestId('purchase-form').getByTestId('field-supplier');
  await field.click();
  await field.fill(`${t} 105`);
  const options = page.getByTestId('field-supplier-option');
  await expect(options).toHaveText([last.name]);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await expectPicked(field, last.id);
  await expect(field).toHaveValue(last.name);
  // Enter picked; it did not save the half-filled form.
  await expectPath(page, '/purchase/add');

  // Escape closes a search and keeps the supplier.
  await field.fill(`${t} 00`);
  await expect(options.first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(options).toHaveCount(0);
  await expect(field).toHaveValue(last.name);

  await page.goto(`/purchase/list?supplier_id=${last.id}`);
  const filter = page.getByTestId('filter-supplier_id');
  await expect(filter).toHaveValue(last.name);
  await expectPicked(filter, last.id);
});

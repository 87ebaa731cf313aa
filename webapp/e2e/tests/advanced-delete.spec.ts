/**
 * Issue 13 (advanced delete, archive and restore), the journey of a person:
 *  a user picks last month's pending purchases of one supplier on /advanced_delete/form,
 *  previews them (count, total, what goes along), asks for the code, reads it from the dev
 *  mailbox (the .eml the server wrote under its data dir's mail/), types a wrong code
 *  ('Verification failed'), then the right one with a reason: the purchases leave the list.
 *  An administrator restores the batch on /archive and they are back.
 * Then the effects as a person sees them: a user archives approved sales of their own — the
 *  product's stock and the customer's balance move on the product and customer lists —, an
 *  administrator restores the batch and both are back, and the audit trail shows every step
 *  (preview, code sent, wrong code, archive, restore). And master data: a customer with sales is
 *  shown as 'cannot be deleted' and stays; one without is archived and restored.
 * Each journey's person is a user of its own (support/archive.ts, deleter): the code limit and
 * the mailbox are theirs alone. Returns, purchase orders and received orders:
 * advanced-delete-documents.spec.ts.
 */
import { openSignedIn, pesosOf } from '../support/app';
import { confirmWithMailedCode, deleter, previewOnly, restoreBatch, stockSeen } from '../support/archive';
import { test, type Page } from '../support/fixtures';
import { Api, expect, tag } from '../support/masterdata';
import { bogotaDate, createPurchase, productOfClass, store as createStore } from '../support/purchasing';
import { cellText } from '../support/rows';
import { createSale, figuresOf } from '../support/sales';
import { DEMO } from '../support/users';
import { pick } from '../support/picker';

/** The first day of last month and its last day, in Bogotá. */
function lastMonth(): { from: string; to: string; day: string } {
  const today = bogotaDate();
  const [y, m] = today.split('-').map(Number) as [number, number];
  const year = m === 1 ? y - 1 : y;
  const month = m === 1 ? 12 : m - 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const mm = String(month).padStart(2, '0');
  return { from: `${year}-${mm}-01`, to: `${year}-${mm}-${last}`, day: `${year}-${mm}-15` };
}

test("a user archives last month's pending purchases with the mailed code; an admin restores them", async ({ page, request, newClient }) => {
  test.setTimeout(180_000);
  const t = tag();
  const admin = await Api.admin(request);
  const who = await deleter(admin, t);
  const category = await admin.category(`Archivo ${t}`);
  const product = await productOfClass(admin, { code: `AR-${t}`, name: `Archivo ${t}`, categoryId: category.id, costCents: 10_000_00, iva: '19' });
  const supplier = await admin.party('suppliers', `Proveedor archivo ${t}`);
  const store = await createStore(admin, `Bodega archivo ${t}`, supplier.company_id);
  const month = lastMonth();
  const line = { category_id: category.id, product_id: product.id, expiry_date: bogotaDate(365), cost_cents: 10_000_00, quantity: 1 };
  const picked = [];
  for (const n of [1, 2]) {
    picked.push(await createPurchase(who.api, { referenceNo: `AR-${t}-${n}`, supplierId: supplier.id, storeId: store.id, purchaseDate: month.day, lines: [line] }));
  }
  // This month's purchase of the same supplier stays.
  const kept = await createPurchase(who.api, { referenceNo: `AR-${t}-3`, supplierId: supplier.id, storeId: store.id, purchaseDate: bogotaDate(), lines: [line] });

  await openSignedIn(page, who.username, who.password, '/advanced_delete/form');
  await expect(page.getByTestId('page-title')).toHaveText('Advanced delete');
  await page.getByTestId('field-kind').selectOption('purchases');
  await page.getByTestId('field-from').fill(month.from);
  await page.getByTestId('field-to').fill(month.to);
  await pick(page.getByTestId('field-party'), supplier.name, supplier.id);
  await page.getByTestId('field-status').selectOption('pending');
  await page.getByTestId('preview').click();
  await expect(page.getByTestId('preview-count')).toHaveText('2');
  await expect(page.getByTestId('preview-record')).toHaveCount(2);
  await expect(page.getByTestId('preview-records')).toContainText(`AR-${t}-1`);
  await expect(page.getByTestId('preview-records')).not.toContainText(`AR-${t}-3`);

  // A wrong code first ('Verification failed', nothing leaves), then the right one with the reason.
  await confirmWithMailedCode(page, who.email, 'Registradas dos veces', true);
  for (const p of picked) expect((await who.api.get(`/api/purchases/${p.id}`)).status()).toBe(404);
  expect((await who.api.get(`/api/purchases/${kept.id}`)).status()).toBe(200);
  // The purchase list shows only this month's one.
  await page.goto(`/purchase/list?q=AR-${t}`);
  await expect(page.getByTestId('list-row')).toHaveCount(1);
  await expect(page.getByTestId('list-row')).toContainText(`AR-${t}-3`);

  // An administrator restores the batch: the purchases are back.
  const adminPage = (await newClient()).page;
  await openSignedIn(adminPage, DEMO.admin.username, DEMO.admin.password, '/archive');
  const batch = adminPage.getByTestId('archive-batch').filter({ hasText: `AR-${t}-1` });
  await expect(batch).toContainText('Registradas dos veces');
  await expect(batch).toContainText('2 records');
  await restoreBatch(adminPage, `AR-${t}-1`);
  for (const p of picked) expect((await who.api.get(`/api/purchases/${p.id}`)).status()).toBe(200);
  await page.reload();
  await expect(page.getByTestId('list-row')).toHaveCount(3);
});

/** The product's stock and the customer's balance (whole pesos) as the product and customer lists show them. */
async function seen(page: Page, code: string, customer: string): Promise<{ stock: number; balance: number; sales: number }> {
  const stock = await stockSeen(page, code);
  await page.goto(`/people/customer?q=${encodeURIComponent(customer)}`);
  const row = page.getByTestId('list-row').filter({ hasText: customer });
  await expect(row).toHaveCount(1);
  return { stock, balance: pesosOf(await cellText(row, 'Balance')), sales: Number(await cellText(row, 'Total sales')) };
}

test('archiving approved sales gives their stock back and clears the balance; the restore and the audit trail show it', async ({ page, request, newClient }) => {
  test.setTimeout(240_000);
  const t = tag();
  const admin = await Api.admin(request);
  const who = await deleter(admin, t);
  const category = await admin.category(`Ventas archivo ${t}`);
  const product = await admin.product({ code: `VA-${t}`, name: `Vendido ${t}`, categoryId: category.id, priceCents: 150_000 });
  const customer = await admin.party('customers', `Cliente archivo ${t}`);
  const store = await createStore(admin, `Tienda archivo ${t}`, customer.company_id);
  const line = { product_id: product.id, quantity: 2, price_cents: 150_000 };
  for (const n of [1, 2]) {
    const sale = await createSale(who.api, { customerId: customer.id, storeId: store.id, saleDate: bogotaDate(), lines: [line], reference: `VA-${t}-${n}` });
    expect((await admin.post(`/api/sales/${sale.id}/approve`)).status()).toBe(200);
  }

  await openSignedIn(page, who.username, who.password, '/dashboards/home');
  const before = await seen(page, `VA-${t}`, customer.name);
  const owed = (await figuresOf(who.api, customer)).balance_cents;
  expect(owed).toBeGreaterThan(0);
  expect(before).toEqual({ stock: 6, balance: Math.floor(owed / 100), sales: 2 });

  // The user archives their two approved sales of the customer.
  await page.goto('/advanced_delete/form');
  await page.getByTestId('field-kind').selectOption('sales');
  await pick(page.getByTestId('field-party'), customer.name, customer.id);
  await page.getByTestId('field-status').selectOption('approved');
  await page.getByTestId('preview').click();
  await expect(page.getByTestId('preview-count')).toHaveText('2');
  await confirmWithMailedCode(page, who.email, `Ventas duplicadas ${t}`, true);
  expect(await seen(page, `VA-${t}`, customer.name)).toEqual({ stock: 10, balance: 0, sales: 0 });

  // An administrator restores the batch: the units are sold again, the balance is owed again.
  const adminPage = (await newClient()).page;
  await openSignedIn(adminPage, DEMO.admin.username, DEMO.admin.password, '/archive');
  await restoreBatch(adminPage, `Ventas duplicadas ${t}`);
  expect(await seen(page, `VA-${t}`, customer.name)).toEqual(before);

  // The audit trail: the user's preview, code, wrong code and archive; the administrator's restore.
  await adminPage.goto(`/audit?kind=archive&actor_id=${who.id}`);
  for (const action of ['advanced_delete_previewed', 'advanced_delete_code_sent', 'advanced_delete_code_failed', 'archive_batch_archived', 'sale_archived']) {
    await expect(adminPage.getByTestId('list-row').filter({ hasText: action }).first()).toBeVisible();
  }
  await adminPage.goto('/audit?kind=restore');
  for (const action of ['archive_batch_restored', 'sale_restored']) {
    await expect(adminPage.getByTestId('list-row').filter({ hasText: action }).first()).toBeVisible();
  }
});

test('a customer with sales cannot be deleted and stays; one without is archived and restored', async ({ page, request, newClient }) => {
  test.setTimeout(180_000);
  const t = tag();
  const admin = await Api.admin(request);
  const who = await deleter(admin, t);
  const category = await admin.category(`Maestros ${t}`);
  const product = await admin.product({ code: `MA-${t}`, name: `Maestro ${t}`, categoryId: category.id });
  const held = await admin.party('customers', `Con ventas ${t}`);
  // The user's customer waits for approval: the pending filter finds it among few.
  const free = await who.api.party('customers', `Sin ventas ${t}`);
  const store = await createStore(admin, `Tienda maestros ${t}`, held.company_id);
  await createSale(who.api, { customerId: held.id, storeId: store.id, saleDate: bogotaDate(), lines: [{ product_id: product.id, quantity: 1, price_cents: 150_000 }] });

  // Today's approved customers: the one with sales cannot be deleted (its box cannot be ticked).
  await openSignedIn(page, who.username, who.password, '/advanced_delete/form');
  await page.getByTestId('field-kind').selectOption('customers');
  await expect(page.getByTestId('field-party')).toHaveCount(0);
  await page.getByTestId('field-from').fill(bogotaDate());
  await page.getByTestId('field-to').fill(bogotaDate());
  await page.getByTestId('field-status').selectOption('approved');
  await page.getByTestId('preview').click();
  const records = page.getByTestId('preview-record');
  await expect(records.filter({ hasText: `Con ventas ${t}` })).toContainText('Customer cannot be deleted: it has sales.');
  await expect(records.filter({ hasText: `Con ventas ${t}` }).getByRole('checkbox')).toBeDisabled();
  // Today's pending customers, narrowed to the user's one without sales.
  await page.getByTestId('field-status').selectOption('pending');
  await page.getByTestId('preview').click();
  await previewOnly(page, `Sin ventas ${t}`);
  await confirmWithMailedCode(page, who.email, `Cliente repetido ${t}`);

  await page.goto(`/people/customer?q=${encodeURIComponent(`ventas ${t}`)}`);
  await expect(page.getByTestId('list-row')).toHaveCount(1);
  await expect(page.getByTestId('list-row')).toContainText(`Con ventas ${t}`);

  const adminPage = (await newClient()).page;
  await openSignedIn(adminPage, DEMO.admin.username, DEMO.admin.password, '/archive');
  await restoreBatch(adminPage, `Cliente repetido ${t}`);
  await page.reload();
  await expect(page.getByTestId('list-row')).toHaveCount(2);
  expect((await who.api.get(`/api/customers/${free.id}`)).status()).toBe(200);
});

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
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { openSignedIn, pesosOf } from '../support/app';
import { test, type Page } from '../support/fixtures';
import { Api, expect, tag } from '../support/masterdata';
import { bogotaDate, createPurchase, productOfClass, store as createStore } from '../support/purchasing';
import { cellText } from '../support/rows';
import { createSale, figuresOf } from '../support/sales';
import { DEMO } from '../support/users';

const toast = (page: Page, text: RegExp | string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

/** The code of the newest mail to `to` in the server's dev mailbox (files are named by time). */
function mailedCode(to: string): string | undefined {
  const dir = path.join(process.env.E2E_DATA_DIR ?? '', 'mail');
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.eml')).sort().reverse();
  } catch {
    return undefined;
  }
  for (const f of files) {
    const text = readFileSync(path.join(dir, f), 'utf8');
    if (!text.includes(to)) continue;
    // Soft line breaks of quoted-printable bodies joined first.
    return /advanced delete is (\d{6})/.exec(text.replace(/=\r?\n/g, ''))?.[1];
  }
  return undefined;
}

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

test("a user archives last month's pending purchases with the mailed code; an admin restores them", async ({ page, request, browser }) => {
  test.setTimeout(180_000);
  const t = tag();
  const admin = await Api.admin(request);
  const user = await Api.as(request, DEMO.user.username, DEMO.user.password);
  const category = await admin.category(`Archivo ${t}`);
  const product = await productOfClass(admin, { code: `AR-${t}`, name: `Archivo ${t}`, categoryId: category.id, costCents: 10_000_00, iva: '19' });
  const supplier = await admin.party('suppliers', `Proveedor archivo ${t}`);
  const store = await createStore(admin, `Bodega archivo ${t}`, supplier.company_id);
  const month = lastMonth();
  const line = { category_id: category.id, product_id: product.id, expiry_date: bogotaDate(365), cost_cents: 10_000_00, quantity: 1 };
  const picked = [];
  for (const n of [1, 2]) {
    picked.push(await createPurchase(user, { referenceNo: `AR-${t}-${n}`, supplierId: supplier.id, storeId: store.id, purchaseDate: month.day, lines: [line] }));
  }
  // This month's purchase of the same supplier stays.
  const kept = await createPurchase(user, { referenceNo: `AR-${t}-3`, supplierId: supplier.id, storeId: store.id, purchaseDate: bogotaDate(), lines: [line] });

  await openSignedIn(page, DEMO.user.username, DEMO.user.password, '/advanced_delete/form');
  await expect(page.getByTestId('page-title')).toHaveText('Advanced delete');
  await page.getByTestId('field-kind').selectOption('purchases');
  await page.getByTestId('field-from').fill(month.from);
  await page.getByTestId('field-to').fill(month.to);
  await page.getByTestId('field-party').selectOption(String(supplier.id));
  await page.getByTestId('field-status').selectOption('pending');
  await page.getByTestId('preview').click();
  await expect(page.getByTestId('preview-count')).toHaveText('2');
  await expect(page.getByTestId('preview-record')).toHaveCount(2);
  await expect(page.getByTestId('preview-records')).toContainText(`AR-${t}-1`);
  await expect(page.getByTestId('preview-records')).not.toContainText(`AR-${t}-3`);

  await page.getByTestId('send-code').click();
  await expect(toast(page, 'Code sent')).toBeVisible();
  let code: string | undefined;
  await expect.poll(() => (code = mailedCode('user@demo.co'))).toMatch(/^\d{6}$/);

  // A wrong code: 'Verification failed', nothing leaves.
  await page.getByTestId('field-code').fill(code === '000000' ? '000001' : '000000');
  await page.getByTestId('field-reason').fill('Registradas dos veces');
  await page.getByTestId('verify').click();
  await expect(page.getByTestId('advanced-delete-error')).toHaveText('Verification failed');

  // The right code with the reason: archived, gone from the list.
  await page.getByTestId('field-code').fill(code!);
  await page.getByTestId('verify').click();
  await expect(toast(page, 'Records deleted')).toBeVisible();
  for (const p of picked) expect((await user.get(`/api/purchases/${p.id}`)).status()).toBe(404);
  expect((await user.get(`/api/purchases/${kept.id}`)).status()).toBe(200);
  // The purchase list shows only this month's one.
  await page.goto(`/purchase/list?q=AR-${t}`);
  await expect(page.getByTestId('list-row')).toHaveCount(1);
  await expect(page.getByTestId('list-row')).toContainText(`AR-${t}-3`);

  // An administrator restores the batch: the purchases are back.
  const adminPage = await (await browser.newContext({ locale: 'en-US' })).newPage();
  await adminPage.goto(process.env.E2E_BASE_URL ?? '/');
  await openSignedIn(adminPage, DEMO.admin.username, DEMO.admin.password, '/archive');
  const batch = adminPage.getByTestId('archive-batch').filter({ hasText: `AR-${t}-1` });
  await expect(batch).toContainText('Registradas dos veces');
  await expect(batch).toContainText('2 records');
  await batch.getByTestId('restore').click();
  await adminPage.getByTestId('restore-confirm').click();
  await expect(toast(adminPage, 'Batch restored')).toBeVisible();
  await expect(batch.getByTestId('batch-restored')).toBeVisible();
  for (const p of picked) expect((await user.get(`/api/purchases/${p.id}`)).status()).toBe(200);
  await page.reload();
  await expect(page.getByTestId('list-row')).toHaveCount(3);
});

/** Asks for the code on the previewed selection and confirms with it and reason (a wrong code first when `wrongFirst`). */
async function confirmWithMailedCode(page: Page, to: string, reason: string, wrongFirst = false): Promise<void> {
  const before = mailedCode(to);
  await page.getByTestId('send-code').click();
  await expect(toast(page, 'Code sent')).toBeVisible();
  let code: string | undefined;
  // A new code: the mailbox may hold the one an earlier journey read.
  await expect.poll(() => (code = mailedCode(to)) !== undefined && code !== before).toBe(true);
  await page.getByTestId('field-reason').fill(reason);
  if (wrongFirst) {
    await page.getByTestId('field-code').fill(code === '000000' ? '000001' : '000000');
    await page.getByTestId('verify').click();
    await expect(page.getByTestId('advanced-delete-error')).toHaveText('Verification failed');
  }
  await page.getByTestId('field-code').fill(code!);
  await page.getByTestId('verify').click();
  await expect(toast(page, 'Records deleted')).toBeVisible();
}

/** Restores the batch whose records show `text`, on /archive as the administrator's page. */
async function restoreBatch(adminPage: Page, text: string): Promise<void> {
  await adminPage.goto('/archive');
  const batch = adminPage.getByTestId('archive-batch').filter({ hasText: text });
  await batch.getByTestId('restore').click();
  await adminPage.getByTestId('restore-confirm').click();
  await expect(toast(adminPage, 'Batch restored')).toBeVisible();
  await expect(batch.getByTestId('batch-restored')).toBeVisible();
}

/** The product's stock and the customer's balance (whole pesos) as the product and customer lists show them. */
async function seen(page: Page, code: string, customer: string): Promise<{ stock: number; balance: number; sales: number }> {
  await page.goto(`/product/list?q=${code}`);
  const product = page.getByTestId('list-row').filter({ hasText: code });
  await expect(product).toHaveCount(1);
  const stock = Number(await cellText(product, 'Quantity'));
  await page.goto(`/people/customer?q=${encodeURIComponent(customer)}`);
  const row = page.getByTestId('list-row').filter({ hasText: customer });
  await expect(row).toHaveCount(1);
  return { stock, balance: pesosOf(await cellText(row, 'Balance')), sales: Number(await cellText(row, 'Total sales')) };
}

test('archiving approved sales gives their stock back and clears the balance; the restore and the audit trail show it', async ({ page, request, browser }) => {
  test.setTimeout(240_000);
  const t = tag();
  const admin = await Api.admin(request);
  const user = await Api.as(request, DEMO.user.username, DEMO.user.password);
  const category = await admin.category(`Ventas archivo ${t}`);
  const product = await admin.product({ code: `VA-${t}`, name: `Vendido ${t}`, categoryId: category.id, priceCents: 150_000 });
  const customer = await admin.party('customers', `Cliente archivo ${t}`);
  const store = await createStore(admin, `Tienda archivo ${t}`, customer.company_id);
  const line = { product_id: product.id, quantity: 2, price_cents: 150_000 };
  for (const n of [1, 2]) {
    const sale = await createSale(user, { customerId: customer.id, storeId: store.id, saleDate: bogotaDate(), lines: [line], reference: `VA-${t}-${n}` });
    expect((await admin.post(`/api/sales/${sale.id}/approve`)).status()).toBe(200);
  }

  await openSignedIn(page, DEMO.user.username, DEMO.user.password, '/dashboards/home');
  const before = await seen(page, `VA-${t}`, customer.name);
  const owed = (await figuresOf(user, customer)).balance_cents;
  expect(owed).toBeGreaterThan(0);
  expect(before).toEqual({ stock: 6, balance: Math.floor(owed / 100), sales: 2 });

  // The user archives their two approved sales of the customer.
  await page.goto('/advanced_delete/form');
  await page.getByTestId('field-kind').selectOption('sales');
  await page.getByTestId('field-party').selectOption(String(customer.id));
  await page.getByTestId('field-status').selectOption('approved');
  await page.getByTestId('preview').click();
  await expect(page.getByTestId('preview-count')).toHaveText('2');
  await confirmWithMailedCode(page, 'user@demo.co', `Ventas duplicadas ${t}`, true);
  expect(await seen(page, `VA-${t}`, customer.name)).toEqual({ stock: 10, balance: 0, sales: 0 });

  // An administrator restores the batch: the units are sold again, the balance is owed again.
  const adminPage = await (await browser.newContext({ locale: 'en-US' })).newPage();
  await adminPage.goto(process.env.E2E_BASE_URL ?? '/');
  await openSignedIn(adminPage, DEMO.admin.username, DEMO.admin.password, '/archive');
  await restoreBatch(adminPage, `Ventas duplicadas ${t}`);
  expect(await seen(page, `VA-${t}`, customer.name)).toEqual(before);

  // The audit trail: the user's preview, code, wrong code and archive; the administrator's restore.
  const me = await user.read<{ id: number }>('/api/auth/user/profile');
  await adminPage.goto(`/audit?kind=archive&actor_id=${me.id}`);
  for (const action of ['advanced_delete_previewed', 'advanced_delete_code_sent', 'advanced_delete_code_failed', 'archive_batch_archived', 'sale_archived']) {
    await expect(adminPage.getByTestId('list-row').filter({ hasText: action }).first()).toBeVisible();
  }
  await adminPage.goto('/audit?kind=restore');
  for (const action of ['archive_batch_restored', 'sale_restored']) {
    await expect(adminPage.getByTestId('list-row').filter({ hasText: action }).first()).toBeVisible();
  }
});

test('a customer with sales cannot be deleted and stays; one without is archived and restored', async ({ page, request, browser }) => {
  test.setTimeout(180_000);
  const t = tag();
  const admin = await Api.admin(request);
  const user = await Api.as(request, DEMO.user.username, DEMO.user.password);
  const category = await admin.category(`Maestros ${t}`);
  const product = await admin.product({ code: `MA-${t}`, name: `Maestro ${t}`, categoryId: category.id });
  const held = await admin.party('customers', `Con ventas ${t}`);
  // The user's customer waits for approval: the pending filter finds it among few.
  const free = await user.party('customers', `Sin ventas ${t}`);
  const store = await createStore(admin, `Tienda maestros ${t}`, held.company_id);
  await createSale(user, { customerId: held.id, storeId: store.id, saleDate: bogotaDate(), lines: [{ product_id: product.id, quantity: 1, price_cents: 150_000 }] });

  // Today's approved customers: the one with sales cannot be deleted (its box cannot be ticked).
  await openSignedIn(page, DEMO.user.username, DEMO.user.password, '/advanced_delete/form');
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
  await expect(records.filter({ hasText: `Sin ventas ${t}` })).toHaveCount(1);
  for (const row of await records.all()) {
    const box = row.getByRole('checkbox');
    if ((await row.innerText()).includes(`Sin ventas ${t}`) || !(await box.isChecked())) continue;
    await box.uncheck();
  }
  await page.getByTestId('preview').click();
  await expect(page.getByTestId('preview-count')).toHaveText('1');
  await confirmWithMailedCode(page, 'user@demo.co', `Cliente repetido ${t}`);

  await page.goto(`/people/customer?q=${encodeURIComponent(`ventas ${t}`)}`);
  await expect(page.getByTestId('list-row')).toHaveCount(1);
  await expect(page.getByTestId('list-row')).toContainText(`Con ventas ${t}`);

  const adminPage = await (await browser.newContext({ locale: 'en-US' })).newPage();
  await adminPage.goto(process.env.E2E_BASE_URL ?? '/');
  await openSignedIn(adminPage, DEMO.admin.username, DEMO.admin.password, '/archive');
  await restoreBatch(adminPage, `Cliente repetido ${t}`);
  await page.reload();
  await expect(page.getByTestId('list-row')).toHaveCount(2);
  expect((await user.get(`/api/customers/${free.id}`)).status()).toBe(200);
});

/**
 * Issue 13 (advanced delete, archive and restore), the journey of a person:
 *  a user picks last month's pending purchases of one supplier on /advanced_delete/form,
 *  previews them (count, total, what goes along), asks for the code, reads it from the dev
 *  mailbox (the .eml the server wrote under its data dir's mail/), types a wrong code
 *  ('Verification failed'), then the right one with a reason: the purchases leave the list.
 *  An administrator restores the batch on /archive and they are back.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { openSignedIn } from '../support/app';
import { test, type Page } from '../support/fixtures';
import { Api, expect, tag } from '../support/masterdata';
import { bogotaDate, createPurchase, productOfClass, store as createStore } from '../support/purchasing';
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

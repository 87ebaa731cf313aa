/**
 * Issue 11 (payments), the journeys of a person:
 *  1. a user pays half of an approved purchase from its payments page (the payment waits for
 *     approval); an administrator approves it in another browser from the pending payments;
 *     the user's tab, never reloaded, shows the approval toast and the purchase turns partial
 *     with its new balance; the notification names the purchase and leads to its payments;
 *  2. the concurrent-payments form pays three purchases of two suppliers in one run: every
 *     balance falls by its amount, and the three payments are one batch in the payments list;
 *  3. an amount over a document's balance in a run refuses the whole run, naming the document
 *     on its own amount, and nothing is stored;
 *  4. an amount above what a purchase may still take is refused on the single form's amount;
 *  5. a double click on Save records one payment, and a save whose answer was lost, sent again,
 *     records one too (the same Idempotency-Key);
 *  6. the purchase list, the sale list and a sale's details lead to a document's payments;
 *  7. a payment names who recorded it to everyone who reads it (not only administrators), and its
 *     row counts its images (a paperclip that opens them);
 *  8. switching the pending page's type resets its supplier or customer filter, visibly.
 */
import { openSignedIn, pesosOf } from '../support/app';
import { test, type Page } from '../support/fixtures';
import { Api, expect, expectJson, pngFile, tag } from '../support/masterdata';
import { paymentsOf, payables, purchaseFigures, tickDocument, typedPesos } from '../support/payments';
import { bogotaDate, store as createStore } from '../support/purchasing';
import { rowAction } from '../support/rows';
import { createSale, customerWithProfile } from '../support/sales';
import { DEMO } from '../support/users';
import { expectPicked } from '../support/picker';

const toast = (page: Page, text: RegExp | string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

test('a user pays half a purchase; an admin approves it elsewhere; the never-reloaded tab shows the toast and the purchase turns partial', async ({ page, newClient, request }) => {
  test.setTimeout(120_000);
  const p = await payables(request, tag(), [1]);
  const purchase = p.purchases[0]![0]!;
  const total = purchase.totals.total_to_pay_cents;
  const half = Math.floor(total / 2);
  const reference = `TR-${p.t}`;

  await openSignedIn(page, DEMO.user.username, DEMO.user.password, `/payments/purchase/${purchase.id}`);
  const form = page.getByTestId('payment-form');
  await expect(page.getByTestId('page-title')).toHaveText(`Payments of purchase ${purchase.reference_no}`);
  await expect(form.getByTestId('document-party')).toHaveText(p.suppliers[0]!.name);
  // A new payment starts today, at what the purchase may still take: all of it.
  await expect(form.getByTestId('field-amount')).toHaveValue(typedPesos(total));
  expect(pesosOf((await form.getByTestId('figure-balance').textContent()) ?? '')).toBe(Math.floor(total / 100));

  await form.getByTestId('field-reference').fill(reference);
  await form.getByTestId('field-amount').fill(typedPesos(half));
  await form.getByTestId('field-method').selectOption('transfer');
  await form.getByTestId('field-note').fill('Primer abono');
  await form.getByTestId('form-submit').click();
  await expect(toast(page, 'Payment recorded: it awaits approval')).toBeVisible();

  // Pending: nothing paid yet, half awaiting approval, half still available.
  const row = page.getByTestId('document-payment-list').getByTestId('list-row').filter({ hasText: reference });
  await expect(row.getByTestId('approval-status')).toHaveAttribute('data-status', 'pending');
  await expect.poll(async () => pesosOf((await form.getByTestId('figure-pending').textContent()) ?? '')).toBe(Math.floor(half / 100));
  expect((await purchaseFigures(p.admin, purchase.id)).totals.paid_cents).toBe(0);

  // The user's tab is live before the admin decides: what arrives now arrives by push.
  await expect(page.getByTestId('live-status')).toHaveAttribute('data-connected', 'true');
  await page.evaluate(() => ((window as unknown as { e2eNoReload: boolean }).e2eNoReload = true));

  const other = await newClient();
  await openSignedIn(other.page, DEMO.admin.username, DEMO.admin.password, `/payment/pending?q=${reference}`);
  const pending = other.page.getByTestId('pending-payment-list').getByTestId('list-row').filter({ hasText: reference });
  await expect(pending).toHaveCount(1);
  await expect(pending.getByTestId('payment-document')).toHaveText(purchase.reference_no);
  // Ticked, then approved with the selection's own button.
  await pending.getByTestId('row-select').check();
  await expect(other.page.getByTestId('bulk-count')).toHaveText('1 selected');
  await other.page.getByTestId('bulk-approve').click();
  await expect(toast(other.page, 'Payment: 1 record approved')).toBeVisible();
  await expect(other.page.getByTestId('pending-payment-list').getByTestId('list-empty')).toBeVisible();

  // The user's tab: the toast names the payment, the purchase is partial with its new balance.
  await expect(toast(page, /Payment Approved/).filter({ hasText: reference })).toBeVisible({ timeout: 15_000 });
  await expect(form.getByTestId('document-status')).toHaveAttribute('data-status', 'partial');
  await expect.poll(async () => pesosOf((await form.getByTestId('figure-balance').textContent()) ?? '')).toBe(Math.floor((total - half) / 100));
  await expect(row.getByTestId('approval-status')).toHaveAttribute('data-status', 'approved');
  expect(await page.evaluate(() => (window as unknown as { e2eNoReload?: boolean }).e2eNoReload)).toBe(true);
  const stored = await purchaseFigures(p.admin, purchase.id);
  expect([stored.status, stored.totals.paid_cents, stored.totals.balance_cents]).toEqual(['partial', half, total - half]);

  // The notification stays on the list (kind payment), naming the purchase, and leads to its payments.
  await page.goto(`/notification/list?kind=payment`);
  const note = page.getByTestId('notification-row').filter({ hasText: reference });
  await expect(note.getByTestId('notification-message')).toHaveText(`Payment ${reference} for ${purchase.reference_no} was approved.`);
  await note.getByRole('link', { name: 'Payment Approved' }).click();
  await expect(page).toHaveURL(new RegExp(`/payments/purchase/${purchase.id}$`));
});

test('the concurrent-payments form pays three purchases of two suppliers in one run', async ({ page, request }) => {
  test.setTimeout(120_000);
  const p = await payables(request, tag(), [2, 1]);
  const all = p.purchases.flat();
  // The first purchase in part, the others in full (their default amounts).
  const amounts = new Map(all.map((x, i) => [x.id, i === 0 ? 40_000_00 : x.totals.balance_cents]));

  await openSignedIn(page, DEMO.admin.username, DEMO.admin.password, '/concurrent_payments/form');
  const form = page.getByTestId('run-form');
  await expect(form.getByTestId('field-type')).toHaveValue('purchase');
  for (const supplier of p.suppliers) {
    await form.getByTestId('party-search').fill(supplier.name);
    await form.getByTestId('party-option').filter({ hasText: supplier.name }).locator('input').check();
  }
  await expect(form.getByTestId('party-chosen')).toHaveCount(2);
  const docs = form.getByTestId('run-document');
  await expect(docs).toHaveCount(3);
  for (const purchase of all) {
    const doc = docs.filter({ hasText: purchase.reference_no });
    await expect(doc.getByTestId('item-amount')).toHaveValue(typedPesos(purchase.totals.balance_cents));
    await tickDocument(doc.getByTestId('item-pay'));
  }
  await docs.filter({ hasText: all[0]!.reference_no }).getByTestId('item-amount').fill(typedPesos(amounts.get(all[0]!.id)!));
  const sum = [...amounts.values()].reduce((a, b) => a + b, 0);
  // The run's total follows live.
  await expect(form.getByTestId('run-total')).toHaveText(/\$/);
  expect(pesosOf((await form.getByTestId('run-total').textContent()) ?? '')).toBe(Math.floor(sum / 100));

  await form.getByTestId('field-reference').fill(`LOTE-TR-${p.t}`);
  await form.getByTestId('field-method').selectOption('transfer');
  await form.getByTestId('form-submit').click();
  await expect(toast(page, 'Run recorded')).toBeVisible();
  await expect(form.getByTestId('party-chosen')).toHaveCount(2);

  // Every balance fell by its amount; the three payments are one run.
  const runs = new Set<string>();
  for (const purchase of all) {
    const now = await purchaseFigures(p.admin, purchase.id);
    expect(now.totals.balance_cents, purchase.reference_no).toBe(purchase.totals.balance_cents - amounts.get(purchase.id)!);
    const [payment, ...more] = await paymentsOf(p.admin, purchase.id);
    expect(more).toHaveLength(0);
    expect(payment!.approval_status).toBe('approved');
    runs.add(payment!.batch_number);
  }
  expect(runs.size).toBe(1);
  const [run] = [...runs];
  expect(run).toMatch(/^LOTE-\d+$/);

  // On the payments list of a purchase, the payment names its run; the paid ones left the form.
  await page.goto(`/payments/purchase/${all[0]!.id}`);
  const row = page.getByTestId('document-payment-list').getByTestId('list-row').filter({ hasText: `LOTE-TR-${p.t}` });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('payment-run')).toHaveText(run!);
  await expect(page.getByTestId('document-status')).toHaveAttribute('data-status', 'partial');
  await page.goto(`/payments/purchase/${all[1]!.id}`);
  await expect(page.getByTestId('document-status')).toHaveAttribute('data-status', 'paid');
  await expect(page.getByTestId('document-not-payable')).toHaveText('This purchase is paid in full.');
});

test('an amount over its balance in a run refuses the whole run, naming the document, and nothing is stored', async ({ page, request }) => {
  test.setTimeout(90_000);
  const p = await payables(request, tag(), [2]);
  const [first, second] = p.purchases[0]!;

  await openSignedIn(page, DEMO.user.username, DEMO.user.password, '/concurrent_payments/form');
  const form = page.getByTestId('run-form');
  await form.getByTestId('party-search').fill(p.suppliers[0]!.name);
  await form.getByTestId('party-option').filter({ hasText: p.suppliers[0]!.name }).locator('input').check();
  const docs = form.getByTestId('run-document');
  await expect(docs).toHaveCount(2);
  for (const purchase of [first!, second!]) await tickDocument(docs.filter({ hasText: purchase.reference_no }).getByTestId('item-pay'));
  const over = docs.filter({ hasText: second!.reference_no });
  await over.getByTestId('item-amount').fill(typedPesos(second!.totals.balance_cents + 100));
  await form.getByTestId('field-reference').fill(`LOTE-X-${p.t}`);
  await form.getByTestId('form-submit').click();

  const message = `The payment exceeds the balance due (${formatPesos(second!.totals.balance_cents, 'en')}).`;
  await expect(over.getByTestId('item-error')).toHaveText(message);
  await expect(over.getByTestId('item-amount')).toHaveAttribute('aria-invalid', 'true');
  await expect(over.getByTestId('item-amount')).toBeFocused();
  await expect(toast(page, 'Payment Created Failed').filter({ hasText: `${second!.reference_no}: ${message}` })).toBeVisible();
  await expect(docs.filter({ hasText: first!.reference_no }).getByTestId('item-error')).toHaveCount(0);

  // Nothing stored: neither purchase has a payment, pending or not.
  for (const purchase of [first!, second!]) expect(await paymentsOf(p.admin, purchase.id)).toHaveLength(0);
});

test('an amount above what a purchase may still take is refused on the amount field', async ({ page, request }) => {
  test.setTimeout(60_000);
  const p = await payables(request, tag(), [1]);
  const purchase = p.purchases[0]![0]!;
  const total = purchase.totals.total_to_pay_cents;

  await openSignedIn(page, DEMO.secretary.username, DEMO.secretary.password, `/payments/purchase/${purchase.id}`);
  const form = page.getByTestId('payment-form');
  await form.getByTestId('field-reference').fill(`OVER-${p.t}`);
  await form.getByTestId('field-amount').fill(typedPesos(total + 1_00));
  await form.getByTestId('form-submit').click();

  const amount = form.getByTestId('field-amount');
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  await expect(amount).toHaveAccessibleDescription(new RegExp(escape(`The payment exceeds the balance due (${formatPesos(total, 'en')}).`)));
  await expect(amount).toBeFocused();
  await expect(toast(page, 'Payment Created Failed')).toBeVisible();
  expect(await paymentsOf(p.admin, purchase.id)).toHaveLength(0);

  // In Spanish, the same refusal in Spanish; and the reference number is required (spec §5).
  await page.evaluate(() => localStorage.setItem('i18nextLng', 'es'));
  await page.reload();
  await form.getByTestId('field-amount').fill(typedPesos(total + 1_00));
  await form.getByTestId('form-submit').click();
  await expect(form.getByTestId('field-reference')).toHaveAccessibleDescription('El número de referencia es obligatorio');
  await form.getByTestId('field-reference').fill(`OVER-${p.t}`);
  await form.getByTestId('form-submit').click();
  await expect(amount).toHaveAccessibleDescription(new RegExp(escape(`El pago supera el saldo pendiente (${formatPesos(total)}).`)));
  await expect(toast(page, 'Error al crear el pago').filter({ hasText: 'El pago supera el saldo pendiente' })).toBeVisible();
  expect(await paymentsOf(p.admin, purchase.id)).toHaveLength(0);
});

test('a double click on Save records one payment', async ({ page, request }) => {
  test.setTimeout(60_000);
  const p = await payables(request, tag(), [1]);
  const purchase = p.purchases[0]![0]!;

  await openSignedIn(page, DEMO.user.username, DEMO.user.password, `/payments/purchase/${purchase.id}`);
  const keys: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/payments') keys.push(r.headers()['idempotency-key'] ?? '');
  });
  const form = page.getByTestId('payment-form');
  await form.getByTestId('field-reference').fill(`DOBLE-${p.t}`);
  await form.getByTestId('field-amount').fill('1000');
  await form.getByTestId('form-submit').dblclick();
  await expect(toast(page, 'Payment recorded: it awaits approval')).toHaveCount(1);
  await expect(page.getByTestId('document-payment-list').getByTestId('list-row')).toHaveCount(1);
  const payments = await paymentsOf(p.admin, purchase.id);
  expect(payments.map((x) => [x.reference_no, x.amount_cents])).toEqual([[`DOBLE-${p.t}`, 1000_00]]);
  // One request, with its Idempotency-Key.
  expect(keys).toHaveLength(1);
  expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
});

test('a save whose answer was lost, sent again, records one payment (the same Idempotency-Key)', async ({ page, request }) => {
  test.setTimeout(60_000);
  const p = await payables(request, tag(), [1]);
  const purchase = p.purchases[0]![0]!;
  await openSignedIn(page, DEMO.user.username, DEMO.user.password, `/payments/purchase/${purchase.id}`);

  // The first submission reaches the server, which records it, but its answer never arrives
  // (nor that of the client's own retry against the other host).
  const keys: string[] = [];
  const host = new URL(page.url()).host;
  let lost = false;
  await page.route('**/api/payments', async (route) => {
    const sent = route.request();
    if (sent.method() !== 'POST') return route.continue();
    // The client's retry against the other host (localhost for 127.0.0.1) finds nobody either.
    if (new URL(sent.url()).host !== host) return route.abort('connectionrefused');
    keys.push(sent.headers()['idempotency-key'] ?? '');
    if (lost) return route.continue();
    lost = true;
    await route.fetch();
    return route.abort('connectionreset');
  });
  const form = page.getByTestId('payment-form');
  await form.getByTestId('field-reference').fill(`PERDIDO-${p.t}`);
  await form.getByTestId('field-amount').fill('2500');
  await form.getByTestId('form-submit').click();
  await expect(toast(page, 'Payment Created Failed').filter({ hasText: 'Network error' })).toBeVisible();
  expect(await paymentsOf(p.admin, purchase.id)).toHaveLength(1);

  // Save again, the form unchanged: the same key, so the server answers the first answer.
  await form.getByTestId('form-submit').click();
  await expect(toast(page, 'Payment recorded: it awaits approval')).toBeVisible();
  expect(keys, 'both submissions carried one key').toHaveLength(2);
  expect(keys[1]).toBe(keys[0]);
  const payments = await paymentsOf(p.admin, purchase.id);
  expect(payments.map((x) => [x.reference_no, x.amount_cents])).toEqual([[`PERDIDO-${p.t}`, 2500_00]]);
  await expect(page.getByTestId('document-payment-list').getByTestId('list-row')).toHaveCount(1);
});

test('the purchase list and the purchase lead to its payments', async ({ page, request }) => {
  const p = await payables(request, tag(), [1]);
  const purchase = p.purchases[0]![0]!;
  await openSignedIn(page, DEMO.user.username, DEMO.user.password, `/purchase/list?q=${purchase.reference_no}`);
  const row = page.getByTestId('purchase-list').getByTestId('list-row').filter({ hasText: purchase.reference_no });
  await (await rowAction(row, 'row-payments')).click();
  await expect(page).toHaveURL(new RegExp(`/payments/purchase/${purchase.id}$`));
  await expect(page.getByTestId('page-title')).toHaveText(`Payments of purchase ${purchase.reference_no}`);
  // The purchase itself, and back to its payments from there.
  await page.getByTestId('document-open').click();
  await expect(page).toHaveURL(new RegExp(`/purchase/edit/${purchase.id}$`));
  await page.getByTestId('purchase-payments').click();
  await expect(page).toHaveURL(new RegExp(`/payments/purchase/${purchase.id}$`));
});

test('the sale list and its details lead to a sale’s payments', async ({ page, request }) => {
  test.setTimeout(60_000);
  const t = tag();
  const admin = await Api.admin(request);
  const user = await Api.as(request, DEMO.user.username, DEMO.user.password);
  const category = await admin.category(`Cobro ${t}`);
  const product = await admin.product({ code: `COB-${t}`, name: `Artículo ${t}`, categoryId: category.id });
  const customer = await customerWithProfile(admin, `Cliente Cobro ${t}`, { person_type: 'natural', gran_contribuyente: false });
  const store = await createStore(admin, `Bodega Cobro ${t}`, customer.company_id);
  const sale = await createSale(user, { customerId: customer.id, storeId: store.id, saleDate: bogotaDate(), lines: [{ product_id: product.id, quantity: 1, price_cents: 150_000 }] });
  await expectJson(await admin.post(`/api/sales/${sale.id}/approve`), 200);

  await openSignedIn(page, DEMO.user.username, DEMO.user.password, `/sale/list?q=${sale.number}`);
  const row = page.getByTestId('sale-list').getByTestId('list-row').filter({ hasText: sale.number });
  await (await rowAction(row, 'row-payments')).click();
  await expect(page).toHaveURL(new RegExp(`/payments/sale/${sale.id}$`));
  await expect(page.getByTestId('page-title')).toHaveText(`Payments of sale ${sale.number}`);
  await expect(page.getByTestId('document-party')).toHaveText(customer.name);
  await page.goBack();
  await (await rowAction(row, 'row-details')).click();
  await page.getByTestId('sale-detail').getByTestId('sale-detail-payments').click();
  await expect(page).toHaveURL(new RegExp(`/payments/sale/${sale.id}$`));
});

/**
 * Centavos as a page writes pesos, in the interface language (the app writes the amounts of the
 * server's messages again as it writes money): Spanish "$ 1.234.567,50" (es-CO, a no-break space
 * after the sign), English "$1,234,567.50".
 */
function formatPesos(cents: number, language: 'es' | 'en' = 'es'): string {
  const [group, decimal, space] = language === 'es' ? ['.', ',', '\u00a0'] : [',', '.', ''];
  const pesos = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, group);
  return `$${space}${pesos}${cents % 100 ? `${decimal}${String(cents % 100).padStart(2, '0')}` : ''}`;
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

test('a payment names who recorded it to every reader, and its row counts its images', async ({ page, request }) => {
  const p = await payables(request, tag(), [1]);
  const purchase = p.purchases[0]![0]!;
  const reference = `TR-N-${p.t}`;
  const data = { type: 'purchase', document_id: purchase.id, date: bogotaDate(0), reference_no: reference, amount_cents: 1_000_00, method: 'cash', note: '' };
  await expectJson(await p.user.postForm('/api/payments', { data: JSON.stringify(data), images: pngFile('recibo.png') }), 201);

  // The secretary, who may not list users, reads the user's name on the payment.
  await openSignedIn(page, DEMO.secretary.username, DEMO.secretary.password, `/payments/purchase/${purchase.id}`);
  const row = page.getByTestId('document-payment-list').getByTestId('list-row').filter({ hasText: reference });
  await expect(row).toContainText('Ulises Usuario');
  await expect(row).not.toContainText('Another user');
  await expect(row.getByTestId('payment-images-count')).toHaveText('1');
  await row.getByTestId('payment-images').click();
  await expect(page.getByTestId('payment-images-dialog').getByRole('img')).toHaveCount(1);
});

test('switching the pending page between purchases and sales resets the party filter', async ({ page, request }) => {
  const p = await payables(request, tag(), [1]);
  const supplier = p.suppliers[0]!;
  await openSignedIn(page, DEMO.admin.username, DEMO.admin.password, `/payment/pending?type=purchase&party_id=${supplier.id}`);
  await expectPicked(page.getByTestId('filter-party_id'), supplier.id);
  await expect(page.getByTestId('filter-party_id')).toHaveValue(supplier.name);
  await page.getByTestId('filter-type').selectOption('sale');
  // The customer filter shows "all", and the supplier's id is gone from the address.
  await expectPicked(page.getByTestId('filter-party_id'), '');
  await expect(page.getByTestId('filter-party_id')).toHaveValue('');
  await expect(page).not.toHaveURL(/party_id=\d/);
});

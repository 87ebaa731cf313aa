/**
 * Issue 11 (purchase returns), the journeys of a person:
 *  1. a user records a return of 2 of the 10 units of an approved purchase from its returns
 *     page: the server's quote shows the amount while typing, the return waits for approval;
 *     an administrator approves it in another browser; the user's tab, never reloaded, shows
 *     the approval toast and the new figures; the product's stock fell by 2 and the purchase's
 *     balance by exactly the quoted amount; the notification leads to the purchase's returns;
 *  2. a quantity over what a line may still give back is refused — on the line in the form,
 *     and by the server, naming the product — and nothing is stored;
 *  3. a value-only return is priced by the server too, and the reference number is required
 *     (spec §5, in Spanish);
 *  4. the purchase list and the purchase's page lead to its returns; the cross-purchase list
 *     finds the return; a buyer cannot open the page;
 *  5. a return on a paid purchase, once approved, leaves a credit in our favour (saldo a favor)
 *     that the payments page shows and settles with "Record refund": the user's refund of the
 *     credit waits, an administrator approves it, and the credit is gone (paid = total − return).
 */
import { openSignedIn, pesosOf, signIn, expectPath } from '../support/app';
import { test, type Page } from '../support/fixtures';
import { expect, expectJson, tag, type ApiError } from '../support/masterdata';
import { purchaseFigures, typedPesos } from '../support/payments';
import { postGoodsReturn, returnableOf, returnablePurchase, returnsOf, stockOf } from '../support/returns';
import { rowAction } from '../support/rows';
import { DEMO } from '../support/users';

const toast = (page: Page, text: RegExp | string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

/** The amount the page's quote panel shows, in whole pesos. */
async function quotedPesos(page: Page): Promise<number> {
  return pesosOf((await page.getByTestId('quote-amount').textContent()) ?? '');
}

test('a user returns 2 units; an admin approves elsewhere; stock and balance fall by the quoted amount and the tab gets the toast', async ({ page, newClient, request }) => {
  test.setTimeout(120_000);
  const r = await returnablePurchase(request, tag());
  const before = await returnableOf(r.admin, r.purchase.id);
  const stockBefore = await stockOf(r.admin, r.product.id);
  const reference = `DEV-${r.t}`;

  await openSignedIn(page, DEMO.user.username, DEMO.user.password, `/preturn/list/${r.purchase.id}`);
  const form = page.getByTestId('return-form');
  await expect(page.getByTestId('page-title')).toHaveText(`Returns of purchase ${r.purchase.reference_no}`);
  await expect(form.getByTestId('document-party')).toHaveText(r.supplier.name);
  await expect(page.getByTestId('purchase-return-list').getByTestId('list-empty')).toBeVisible();
  const line = form.getByTestId('return-line');
  await expect(line).toHaveCount(1);
  await expect(line.getByTestId('return-line-purchased')).toHaveText('10');
  await expect(line.getByTestId('return-line-returnable')).toHaveText('10');

  // The quote prices 2 units while the person types (the server's tax engine).
  const quoted = page.waitForResponse((res) => res.url().includes('/api/returns/quote') && res.status() === 200);
  await form.getByTestId('field-reference').fill(reference);
  await line.getByTestId('return-line-quantity').fill('2');
  const quote = (await (await quoted).json()) as { data: { totals: { amount_cents: number; vat_cents: number } } };
  const amount = quote.data.totals.amount_cents;
  expect(amount).toBeGreaterThan(0);
  await expect.poll(() => quotedPesos(page)).toBe(Math.floor(amount / 100));
  await form.getByTestId('form-submit').click();
  await expect(toast(page, 'Return recorded: it awaits approval')).toBeVisible();

  // Pending: the figures say it awaits approval; stock and balance have not moved.
  const row = page.getByTestId('purchase-return-list').getByTestId('list-row').filter({ hasText: reference });
  await expect(row.getByTestId('approval-status')).toHaveAttribute('data-status', 'pending');
  await expect(row).toContainText(`2 × ${r.product.name}`);
  await expect.poll(async () => pesosOf((await form.getByTestId('figure-pending-returns').textContent()) ?? '')).toBe(Math.floor(amount / 100));
  await expect(line.getByTestId('return-line-pending')).toHaveText('2');
  await expect(line.getByTestId('return-line-returnable')).toHaveText('8');
  const [stored] = await returnsOf(r.admin, r.purchase.id);
  expect([stored!.approval_status, stored!.totals.amount_cents]).toEqual(['pending', amount]);
  expect(await stockOf(r.admin, r.product.id)).toBe(stockBefore);

  // The user's tab is live before the admin decides: what arrives now arrives by push.
  await expect(page.getByTestId('live-status')).toHaveAttribute('data-connected', 'true');
  await page.evaluate(() => ((window as unknown as { e2eNoReload: boolean }).e2eNoReload = true));

  const other = await newClient();
  await openSignedIn(other.page, DEMO.admin.username, DEMO.admin.password, `/preturn/list?q=${reference}`);
  const pending = other.page.getByTestId('return-list').getByTestId('list-row').filter({ hasText: reference });
  await expect(pending).toHaveCount(1);
  await expect(pending.getByTestId('return-purchase')).toHaveText(r.purchase.reference_no);
  await (await rowAction(pending, 'row-approve')).click();
  await expect(toast(other.page, 'Return approved')).toBeVisible();
  await expect(pending.getByTestId('approval-status')).toHaveAttribute('data-status', 'approved');

  // The user's tab: the toast names the return; the figures follow without a reload.
  await expect(toast(page, /Return Approved/i).filter({ hasText: reference })).toBeVisible({ timeout: 15_000 });
  await expect(row.getByTestId('approval-status')).toHaveAttribute('data-status', 'approved');
  await expect.poll(async () => pesosOf((await form.getByTestId('figure-returns').textContent()) ?? '')).toBe(Math.floor(amount / 100));
  await expect.poll(async () => pesosOf((await form.getByTestId('figure-balance').textContent()) ?? '')).toBe(Math.floor((before.purchase.balance_cents - amount) / 100));
  await expect(line.getByTestId('return-line-returned')).toHaveText('2');
  expect(await page.evaluate(() => (window as unknown as { e2eNoReload?: boolean }).e2eNoReload)).toBe(true);

  // Exactly: stock −2, balance and total to pay − the quoted amount.
  expect(await stockOf(r.admin, r.product.id)).toBe(stockBefore - 2);
  const after = await returnableOf(r.admin, r.purchase.id);
  expect(after.purchase.balance_cents).toBe(before.purchase.balance_cents - amount);
  expect(after.purchase.return_cents).toBe(amount);
  expect(after.purchase.pending_return_cents).toBe(0);

  // The notification stays on the list (kind return), naming the purchase, and leads to its returns.
  await page.goto('/notification/list?kind=return');
  const note = page.getByTestId('notification-row').filter({ hasText: reference });
  await expect(note.getByTestId('notification-message')).toHaveText(`Return ${reference} for ${r.purchase.reference_no} was approved.`);
  await note.getByRole('link', { name: 'Return Approved' }).click();
  await expectPath(page, `/preturn/list/${r.purchase.id}`);

  // The purchase's form shows the approved returns in its read-only Return field.
  await page.goto(`/purchase/edit/${r.purchase.id}`);
  await expect(page.getByTestId('field-return')).toHaveAttribute('readonly', '');
  expect(pesosOf(await page.getByTestId('field-return').inputValue())).toBe(Math.floor(amount / 100));
});

test('a quantity over what a line may still give back is refused, naming the product, and nothing is stored', async ({ page, request }) => {
  test.setTimeout(90_000);
  const r = await returnablePurchase(request, tag(), 3);
  await openSignedIn(page, DEMO.secretary.username, DEMO.secretary.password, `/preturn/list/${r.purchase.id}`);
  const form = page.getByTestId('return-form');
  const line = form.getByTestId('return-line');
  await form.getByTestId('field-reference').fill(`OVER-${r.t}`);
  await line.getByTestId('return-line-quantity').fill('4');

  // The quote already says so (the server's words), and so does the line on save.
  await expect(form.getByTestId('totals-error')).toContainText(r.product.name);
  await form.getByTestId('form-submit').click();
  await expect(line.getByTestId('return-line-error')).toHaveText(`${r.product.name}: at most 3 can be returned.`);
  await expect(line.getByTestId('return-line-quantity')).toHaveAttribute('aria-invalid', 'true');
  await expect(toast(page, 'Return Created Failed')).toBeVisible();

  // The server refuses the same on its own, naming the product, and stores nothing.
  const answer = await postGoodsReturn(r.user, r.purchase.id, 4, `OVER-API-${r.t}`);
  const refusal = await expectJson<ApiError>(answer, 422);
  expect(JSON.stringify(refusal)).toContain(r.product.name);
  expect(await returnsOf(r.admin, r.purchase.id)).toHaveLength(0);
  expect(await stockOf(r.admin, r.product.id)).toBe(10);
});

test('a value-only return is priced by the server; the reference number is required (in Spanish too)', async ({ page, request }) => {
  test.setTimeout(90_000);
  const r = await returnablePurchase(request, tag(), 2);
  await openSignedIn(page, DEMO.user.username, DEMO.user.password, `/preturn/list/${r.purchase.id}`);
  const form = page.getByTestId('return-form');
  await form.getByTestId('kind-value').check();
  await expect(form.getByTestId('return-lines')).toHaveCount(0);
  await form.getByTestId('field-value').fill(typedPesos(10_000_00));
  await expect.poll(() => quotedPesos(page)).toBeGreaterThan(0);
  await form.getByTestId('form-submit').click();
  await expect(form.getByTestId('field-reference')).toHaveAccessibleDescription('Reference No is required.');
  expect(await returnsOf(r.admin, r.purchase.id)).toHaveLength(0);

  await page.evaluate(() => localStorage.setItem('i18nextLng', 'es'));
  await page.reload();
  await form.getByTestId('form-submit').click();
  await expect(form.getByTestId('field-reference')).toHaveAccessibleDescription('El número de referencia es obligatorio.');
  await form.getByTestId('kind-value').check();
  await form.getByTestId('field-value').fill(typedPesos(10_000_00));
  await form.getByTestId('field-reference').fill(`VAL-${r.t}`);
  await form.getByTestId('form-submit').click();
  await expect(toast(page, 'Devolución registrada: espera aprobación')).toBeVisible();
  const [stored] = await returnsOf(r.admin, r.purchase.id);
  expect([stored!.kind, stored!.approval_status]).toEqual(['value', 'pending']);
  await page.evaluate(() => localStorage.setItem('i18nextLng', 'en'));
});

test("the purchase list and page lead to a purchase's returns; a buyer cannot open them", async ({ page, newClient, request }) => {
  test.setTimeout(90_000);
  const r = await returnablePurchase(request, tag(), 1);
  await openSignedIn(page, DEMO.user.username, DEMO.user.password, `/purchase/list?q=${r.purchase.reference_no}`);
  const row = page.getByTestId('purchase-list').getByTestId('list-row').filter({ hasText: r.purchase.reference_no });
  await (await rowAction(row, 'row-returns')).click();
  await expectPath(page, `/preturn/list/${r.purchase.id}`);
  await page.getByTestId('document-open').click();
  await expectPath(page, `/purchase/edit/${r.purchase.id}`);
  await page.getByTestId('purchase-returns').click();
  await expectPath(page, `/preturn/list/${r.purchase.id}`);

  const buyer = await newClient();
  await signIn(buyer.page, DEMO.buyer.username, DEMO.buyer.password, '/purchase-order/list');
  for (const path of [`/preturn/list/${r.purchase.id}`, '/preturn/list']) {
    await buyer.page.goto(path);
    await expectPath(buyer.page, '/purchase-order/list');
  }
  const refused = await buyer.page.request.get(`/api/purchases/${r.purchase.id}/returnable`);
  expect(refused.status()).toBe(403);
});

test('a return on a paid purchase leaves a credit in our favour; a refund recorded on the payments page settles it', async ({ page, request }) => {
  test.setTimeout(120_000);
  const r = await returnablePurchase(request, tag(), 4);
  const total = (await returnableOf(r.admin, r.purchase.id)).purchase.total_to_pay_cents;
  // 1) Paid in full by an administrator (approved at once).
  await expectJson(
    await r.admin.postForm('/api/payments', {
      data: JSON.stringify({ type: 'purchase', document_id: r.purchase.id, date: '2026-11-25', reference_no: `TR-${r.t}`, amount_cents: total, method: 'transfer' }),
    }),
    201,
  );
  // 2) The user returns 1 of the 4 units; 3) an administrator approves it.
  const created = await expectJson<{ data: { id: number; totals: { amount_cents: number } } }>(await postGoodsReturn(r.user, r.purchase.id, 1, `DEV-PAID-${r.t}`), 201);
  const credit = created.data.totals.amount_cents;
  await expectJson(await r.admin.post(`/api/returns/${created.data.id}/approve`), 200);
  expect(await stockOf(r.admin, r.product.id)).toBe(9);

  // The returns page and the payments page show the credit; the payments form records a refund.
  await openSignedIn(page, DEMO.user.username, DEMO.user.password, `/preturn/list/${r.purchase.id}`);
  await expect.poll(async () => pesosOf((await page.getByTestId('figure-credit').textContent()) ?? '')).toBe(Math.floor(credit / 100));
  await page.goto(`/payments/purchase/${r.purchase.id}`);
  const form = page.getByTestId('payment-form');
  await expect(form.getByTestId('document-status')).toHaveAttribute('data-status', 'paid');
  const shown = page.getByTestId('document-figures');
  await expect(shown).toContainText('Credit in our favour');
  expect(pesosOf((await shown.getByTestId('figure-credit').textContent()) ?? '')).toBe(Math.floor(credit / 100));
  await expect(form.getByRole('heading', { name: 'Record refund' })).toBeVisible();
  await expect(form.getByTestId('form-submit')).toHaveText('Record refund');
  // The amount starts at the credit.
  await expect(form.getByTestId('field-amount')).toHaveValue(typedPesos(credit));
  // In Spanish: saldo a favor.
  await page.evaluate(() => localStorage.setItem('i18nextLng', 'es'));
  await page.reload();
  await expect(shown).toContainText('Saldo a favor');
  await expect(form.getByTestId('form-submit')).toHaveText('Registrar reembolso');
  await page.evaluate(() => localStorage.setItem('i18nextLng', 'en'));
  await page.reload();

  // 4) The user's refund of the whole credit waits for approval; nothing moves yet.
  const reference = `RF-${r.t}`;
  await form.getByTestId('field-reference').fill(reference);
  await form.getByTestId('field-method').selectOption('transfer');
  await form.getByTestId('form-submit').click();
  await expect(toast(page, 'Refund recorded: it awaits approval')).toBeVisible();
  const row = page.getByTestId('document-payment-list').getByTestId('list-row').filter({ hasText: reference });
  await expect(row.getByTestId('approval-status')).toHaveAttribute('data-status', 'pending');
  const pending = await purchaseFigures(r.admin, r.purchase.id);
  expect([pending.status, pending.totals.paid_cents, pending.totals.balance_cents]).toEqual(['paid', total, -credit]);

  // An administrator approves it: the credit is gone, paid = total − return, still paid.
  const [refund] = (await r.admin.list<{ id: number; reference_no: string; amount_cents: number }>('/api/payments', { type: 'purchase', document_id: r.purchase.id, direction: 'refund' })).data;
  expect([refund!.reference_no, refund!.amount_cents]).toEqual([reference, credit]);
  await expectJson(await r.admin.post(`/api/payments/${refund!.id}/approve`), 200);
  await page.reload();
  await expect(row.getByTestId('approval-status')).toHaveAttribute('data-status', 'approved');
  await expect(shown.getByTestId('figure-credit')).toHaveCount(0);
  await expect(form.getByTestId('document-not-payable')).toHaveText('This purchase is paid in full.');
  expect(pesosOf((await shown.getByTestId('figure-balance').textContent()) ?? '')).toBe(0);
  const settled = await purchaseFigures(r.admin, r.purchase.id);
  expect([settled.status, settled.totals.paid_cents, settled.totals.balance_cents]).toEqual(['paid', total - credit, 0]);
  expect((await returnableOf(r.admin, r.purchase.id)).purchase.credit_cents).toBe(0);
});

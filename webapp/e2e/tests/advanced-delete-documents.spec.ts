/**
 * Issue 13 (advanced delete, archive and restore) for the document kinds beside purchases and
 * sales (advanced-delete.spec.ts), as a person does it on /advanced_delete/form with the code the
 * server mailed, and an administrator on /archive:
 *  1. returns: a user archives an approved goods return — the units given back to the supplier
 *     come back to stock and its amount leaves the purchase's returns (the balance owed rises
 *     again); the restore gives both back; the return's audit trail shows both steps;
 *  2. purchase orders: an order goes with its received orders (the units they brought leave
 *     stock); an order whose received order a purchase invoices is shown as 'cannot be deleted'
 *     with its reason, cannot be ticked, and stays; the restore brings the order, its received
 *     orders and their units back;
 *  3. received orders: one of an order's two approved received orders goes — its units leave
 *     stock and the order is partially received again with its balance open —; the restore
 *     brings them back.
 * Each journey makes its own product, order or purchase and its own deleting user
 * (support/archive.ts): purchase orders and received orders take no party filter, so the preview
 * of today's ones is narrowed to the journey's own by unticking the others.
 */
import { openSignedIn, pesosOf } from '../support/app';
import { auditShows, confirmWithMailedCode, deleter, previewOnly, restoreBatch, stockSeen } from '../support/archive';
import { test, type APIRequestContext, type Page } from '../support/fixtures';
import { Api, expect, expectJson, tag } from '../support/masterdata';
import { bogotaDate, createPurchase, productOfClass, receivedOrder, store as createStore } from '../support/purchasing';
import { postGoodsReturn, returnableOf, returnablePurchase, type ReturnRow } from '../support/returns';
import { cellText } from '../support/rows';
import { DEMO } from '../support/users';
import { pick } from '../support/picker';

/** A reference as a whole word: PO-000001 must not match PO-000010 (cells touch in a row's text). */
function exactly(reference: string): RegExp {
  return new RegExp(`${reference}(?!\\d)`);
}

/** Opens the form, picks the kind and today's records of the approval status, and previews. */
async function previewToday(page: Page, kind: string, status: string): Promise<void> {
  await page.goto('/advanced_delete/form');
  await page.getByTestId('field-kind').selectOption(kind);
  await page.getByTestId('field-from').fill(bogotaDate());
  await page.getByTestId('field-to').fill(bogotaDate());
  await page.getByTestId('field-status').selectOption(status);
  await page.getByTestId('preview').click();
}

/** The purchase's returns and balance (whole pesos) as its returns page shows them. */
async function returnFiguresSeen(page: Page, purchaseId: number): Promise<{ returns: number; balance: number }> {
  await page.goto(`/preturn/list/${purchaseId}`);
  const form = page.getByTestId('return-form');
  await expect(form.getByTestId('figure-balance')).toBeVisible();
  return {
    returns: pesosOf((await form.getByTestId('figure-returns').textContent()) ?? ''),
    balance: pesosOf((await form.getByTestId('figure-balance').textContent()) ?? ''),
  };
}

/** The order's received units, balance and status as the purchase order list shows them (searched by its product). */
async function orderSeen(page: Page, productCode: string, reference: string): Promise<{ received: number; balance: number; status: string | null }> {
  await page.goto(`/purchase-order/list?q=${encodeURIComponent(productCode)}`);
  const row = page.getByTestId('list-row').filter({ hasText: exactly(reference) });
  await expect(row).toHaveCount(1);
  return {
    received: Number(await cellText(row, 'Received')),
    balance: Number(await row.getByTestId('order-balance').innerText()),
    status: await row.getByTestId('order-status').getAttribute('data-status'),
  };
}

/** The references of the received orders the received order list shows for a product. */
async function receiptsSeen(page: Page, productCode: string, expected: number): Promise<string[]> {
  await page.goto(`/received-order/list?q=${encodeURIComponent(productCode)}`);
  const rows = page.getByTestId('list-row').filter({ hasText: productCode });
  await expect(rows).toHaveCount(expected);
  const references = [];
  for (const row of await rows.all()) references.push(await cellText(row, 'Receipt'));
  return references.sort();
}

/**
 * What an orders journey works on: its tag, the administrator, its deleting user, and a goods
 * product (10 in stock, cost $ 20.000) of a category of its own, its code `prefix`-tag.
 */
async function ordering(request: APIRequestContext, prefix: string) {
  const t = tag();
  const admin = await Api.admin(request);
  const who = await deleter(admin, t);
  const category = await admin.category(`Pedidos archivo ${t}`);
  const product = await productOfClass(admin, { code: `${prefix}-${t}`, name: `Pedido ${t}`, categoryId: category.id, costCents: 20_000_00, iva: '19' });
  return { t, admin, who, product, ids: { categoryId: category.id, productId: product.id } };
}

/** Whole pesos of centavos, as the pages write them. */
const pesos = (cents: number) => Math.floor(cents / 100);

test('a user archives an approved return: its units come back to stock and its amount to the balance; an admin restores it', async ({ page, request, newClient }) => {
  test.setTimeout(120_000);
  const t = tag();
  const r = await returnablePurchase(request, t);
  // The administrator's return is approved at once: 2 of the 10 units went back to the supplier.
  const returned = (await expectJson<{ data: ReturnRow }>(await postGoodsReturn(r.admin, r.purchase.id, 2, `DEV-${t}`), 201)).data;
  expect(returned.approval_status).toBe('approved');
  const { purchase } = await returnableOf(r.admin, r.purchase.id);
  expect(purchase.return_cents).toBe(returned.totals.amount_cents);
  const who = await deleter(r.admin, t);

  await openSignedIn(page, who.username, who.password, `/preturn/list/${r.purchase.id}`);
  const before = { stock: await stockSeen(page, r.product.code), ...(await returnFiguresSeen(page, r.purchase.id)) };
  expect(before).toEqual({ stock: 8, returns: pesos(purchase.return_cents), balance: pesos(purchase.balance_cents) });

  // The supplier's approved returns: this one, with its amount.
  await page.goto('/advanced_delete/form');
  await page.getByTestId('field-kind').selectOption('returns');
  await pick(page.getByTestId('field-party'), r.supplier.name, r.supplier.id);
  await page.getByTestId('field-status').selectOption('approved');
  await page.getByTestId('preview').click();
  await expect(page.getByTestId('preview-count')).toHaveText('1');
  await expect(page.getByTestId('preview-record')).toContainText(`DEV-${t}`);
  expect(pesosOf((await page.getByTestId('preview-total').textContent()) ?? '')).toBe(pesos(purchase.return_cents));
  await confirmWithMailedCode(page, who.email, `Devolución mal registrada ${t}`);

  // The units are back in stock; the purchase owes its whole total again.
  expect({ stock: await stockSeen(page, r.product.code), ...(await returnFiguresSeen(page, r.purchase.id)) }).toEqual({
    stock: 10,
    returns: 0,
    balance: pesos(purchase.balance_cents + purchase.return_cents),
  });
  await expect(page.getByTestId('purchase-return-list').getByTestId('list-empty')).toBeVisible();

  const adminPage = (await newClient()).page;
  await openSignedIn(adminPage, DEMO.admin.username, DEMO.admin.password, '/archive');
  await restoreBatch(adminPage, `Devolución mal registrada ${t}`);
  expect({ stock: await stockSeen(page, r.product.code), ...(await returnFiguresSeen(page, r.purchase.id)) }).toEqual(before);
  await auditShows(adminPage, 'purchase_return', returned, ['purchase_return_archived', 'purchase_return_restored']);
});

test("an order goes with its received orders and their units; one whose receipt is invoiced cannot be deleted and stays; an admin restores", async ({ page, request, newClient }) => {
  test.setTimeout(120_000);
  const { t, admin, who, ids, product } = await ordering(request, 'PA');
  // 10 in stock, 5 received in two parts (the order that goes), 4 received and invoiced (the one that stays).
  const gone = await receivedOrder(who.api, admin, { ...ids, quantity: 5, receipts: [2, 3] });
  const held = await receivedOrder(who.api, admin, { ...ids, quantity: 4, receipts: [4] });
  const supplier = await admin.party('suppliers', `Proveedor pedidos ${t}`);
  const store = await createStore(admin, `Bodega pedidos ${t}`, supplier.company_id);
  const line = { category_id: ids.categoryId, product_id: product.id, expiry_date: bogotaDate(365), cost_cents: 20_000_00, quantity: 4 };
  await createPurchase(who.api, { referenceNo: `FP-${t}`, supplierId: supplier.id, storeId: store.id, purchaseDate: bogotaDate(), lines: [line], receivedOrderId: held.receipts[0]!.id });
  const allReceipts = [...gone.receipts, ...held.receipts].map((x) => x.reference_no).sort();

  await openSignedIn(page, who.username, who.password, '/dashboards/home');
  expect(await stockSeen(page, product.code)).toBe(19);

  // Today's orders past approval: the invoiced one says why it cannot go and cannot be ticked.
  await previewToday(page, 'purchase_orders', 'approved');
  const heldRecord = page.getByTestId('preview-record').filter({ hasText: exactly(held.order.reference_no) });
  await expect(heldRecord.getByTestId('preview-blocked-reason')).toHaveText(
    `Purchase order cannot be deleted: its received order ${held.receipts[0]!.reference_no} is invoiced by purchase FP-${t}.`,
  );
  await expect(heldRecord.getByRole('checkbox')).toBeDisabled();
  await previewOnly(page, exactly(gone.order.reference_no));
  await expect(page.getByTestId('preview-dependents')).toHaveText('2');
  for (const receipt of gone.receipts) await expect(page.getByTestId('preview-record')).toContainText(receipt.reference_no);
  await confirmWithMailedCode(page, who.email, `Pedido duplicado ${t}`);

  // The order and its two received orders left, and the 5 units they brought; the invoiced one stays.
  expect(await stockSeen(page, product.code)).toBe(14);
  expect(await receiptsSeen(page, product.code, 1)).toEqual([held.receipts[0]!.reference_no]);
  await page.goto(`/purchase-order/list?q=${product.code}`);
  await expect(page.getByTestId('list-row')).toHaveCount(1);
  await expect(page.getByTestId('list-row')).toContainText(exactly(held.order.reference_no));

  const adminPage = (await newClient()).page;
  await openSignedIn(adminPage, DEMO.admin.username, DEMO.admin.password, '/archive');
  await restoreBatch(adminPage, `Pedido duplicado ${t}`);
  expect(await stockSeen(page, product.code)).toBe(19);
  expect(await receiptsSeen(page, product.code, 3)).toEqual(allReceipts);
  expect(await orderSeen(page, product.code, gone.order.reference_no)).toEqual({ received: 5, balance: 0, status: 'received' });
  await auditShows(adminPage, 'purchase_order', gone.order, ['purchase_order_archived', 'purchase_order_restored']);
  await auditShows(adminPage, 'received_order', gone.receipts[0]!, ['received_order_archived', 'received_order_restored']);
});

test("a user archives one of an order's received orders: its units leave stock and the order is open again; an admin restores it", async ({ page, request, newClient }) => {
  test.setTimeout(120_000);
  const { t, admin, who, ids, product } = await ordering(request, 'RA');
  const { order, receipts } = await receivedOrder(who.api, admin, { ...ids, quantity: 10, receipts: [4, 6] });
  const [first, second] = receipts as [(typeof receipts)[0], (typeof receipts)[0]];

  await openSignedIn(page, who.username, who.password, '/dashboards/home');
  expect(await stockSeen(page, product.code)).toBe(20);
  expect(await orderSeen(page, product.code, order.reference_no)).toEqual({ received: 10, balance: 0, status: 'received' });

  await previewToday(page, 'received_orders', 'approved');
  await previewOnly(page, exactly(first.reference_no));
  await expect(page.getByTestId('preview-record')).toContainText(product.name);
  await confirmWithMailedCode(page, who.email, `Recibo equivocado ${t}`);

  // The 4 units left; the order received 6 of 10 again, 4 to receive.
  expect(await stockSeen(page, product.code)).toBe(16);
  expect(await orderSeen(page, product.code, order.reference_no)).toEqual({ received: 6, balance: 4, status: 'partially_received' });
  expect(await receiptsSeen(page, product.code, 1)).toEqual([second.reference_no]);

  const adminPage = (await newClient()).page;
  await openSignedIn(adminPage, DEMO.admin.username, DEMO.admin.password, '/archive');
  await restoreBatch(adminPage, `Recibo equivocado ${t}`);
  expect(await stockSeen(page, product.code)).toBe(20);
  expect(await orderSeen(page, product.code, order.reference_no)).toEqual({ received: 10, balance: 0, status: 'received' });
  expect(await receiptsSeen(page, product.code, 2)).toEqual([first.reference_no, second.reference_no].sort());
  await auditShows(adminPage, 'received_order', first, ['received_order_archived', 'received_order_restored']);
});

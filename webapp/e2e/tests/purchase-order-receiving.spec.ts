/**
 * Issue 4, journey 1 (purchase orders and receiving, with the live channel): a buyer orders 10
 * units in the UI; an admin in another browser approves the order; the buyer's tab, never
 * reloaded, shows the toast with the order's reference and the badge goes up by one; the buyer
 * receives 4, then the 6 left; the admin approves both receipts and the product's stock rises by 10.
 *
 * Issue 9, point 12 (the forms on the document form kit): a user corrects a pending order; a
 * buyer is refused a receipt above the balance on the field itself, receives from the keyboard
 * (Enter saves), then corrects the pending receipt and gives it an image.
 *
 * Issue 9, point 15 for purchase orders: an admin rejects a user's order with a reason; the user
 * sees the reason on the order's page, corrects it and sends it again; the admin, asked again,
 * finds it pending.
 */
import { openSignedIn } from '../support/app';
import { test, type Page } from '../support/fixtures';
import { Api, expect, pngFile, tag } from '../support/masterdata';
import { ordersOfProduct, productOfClass, receiptsOf } from '../support/purchasing';
import { rowAction, rowActionIds } from '../support/rows';
import { DEMO } from '../support/users';
import { expectPicked, pick } from '../support/picker';

/** The unread count the bell shows (0 while the badge is hidden). */
async function unreadOf(page: Page): Promise<number> {
  const badge = page.getByTestId('notification-badge');
  if ((await badge.count()) === 0) return 0;
  return Number(await badge.getAttribute('data-count'));
}

/** A reference as a whole word: PO-000001 must not match PO-000010. */
function exactly(reference: string): RegExp {
  // Cells touch in the row's text ("PO-000001Insumos…"): only a following digit would be wrong.
  return new RegExp(`${reference}(?!\\d)`);
}

/** The purchase order's row in the list, found through the search box. */
async function orderRow(page: Page, reference: string) {
  await page.getByTestId('list-search').fill(reference);
  const row = page.getByTestId('list-row').filter({ hasText: exactly(reference) });
  await expect(row).toHaveCount(1);
  return row;
}

/** Receives `quantity` units of the order from its list row and lands on the received order list. */
async function receive(page: Page, reference: string, quantity: number): Promise<void> {
  await page.goto('/purchase-order/list');
  await (await orderRow(page, reference)).getByTestId('row-receive').click();
  const form = page.getByTestId('receipt-form');
  await form.getByTestId('field-receive-quantity').fill(String(quantity));
  await form.getByTestId('form-submit').click();
  await expect(page).toHaveURL(/\/received[-_]order\/list/);
}

test('a buyer orders, an admin elsewhere approves, the buyer sees it live, receives in two parts and stock rises by 10', async ({ page, newClient, request }) => {
  test.setTimeout(90_000);
  const t = tag();
  const admin = await Api.admin(request);
  const category = await admin.category(`Insumos ${t}`);
  const product = await productOfClass(admin, { code: `PO-${t}`, name: `Guantes ${t}`, categoryId: category.id, costCents: 1_200_000, iva: '19' });
  const stockBefore = (await admin.read<{ quantity: number }>(`/api/products/${product.id}`)).quantity;

  // The buyer orders 10 units through the form.
  await openSignedIn(page, DEMO.buyer.username, DEMO.buyer.password, '/purchase-order/add');
  const form = page.getByTestId('purchase-order-form');
  await pick(form.getByTestId('field-category'), category.name);
  await pick(form.getByTestId('field-product'), product.code, `${product.code} — ${product.name}`);
  await form.getByTestId('field-quantity').fill('10');
  await form.getByTestId('form-submit').click();
  await expect(page).toHaveURL(/\/purchase-order\/list/);
  const [order] = await ordersOfProduct(admin, product.id);
  expect(order, 'the order was stored').toBeDefined();
  expect([order!.quantity, order!.status]).toEqual([10, 'pending']);
  const reference = order!.reference_no;
  await expect((await orderRow(page, reference)).getByTestId('row-receive')).toHaveCount(0);

  // The buyer's tab is live before the admin decides: what arrives now arrives by push.
  await expect(page.getByTestId('live-status')).toHaveAttribute('data-connected', 'true');
  const unreadBefore = await unreadOf(page);
  // A mark on the window: it survives anything but a reload.
  await page.evaluate(() => ((window as unknown as { e2eNoReload: boolean }).e2eNoReload = true));

  const other = await newClient();
  await openSignedIn(other.page, DEMO.admin.username, DEMO.admin.password, '/purchase-order/list');
  await (await rowAction(await orderRow(other.page, reference), 'row-approve')).click();
  await expect.poll(async () => (await admin.read<{ status: string }>(`/api/purchase-orders/${order!.id}`)).status).toBe('approved');

  // The toast (sonner) names the order; the badge counts one more; the tab was never reloaded.
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: exactly(reference) })).toBeVisible({ timeout: 10_000 });
  await expect(page.getByTestId('notification-badge')).toHaveAttribute('data-count', String(unreadBefore + 1), { timeout: 10_000 });
  expect(await page.evaluate(() => (window as unknown as { e2eNoReload?: boolean }).e2eNoReload)).toBe(true);
  // The pushed invalidation refreshed the list: Receive is offered without a reload.
  await expect(page.getByTestId('list-row').filter({ hasText: exactly(reference) }).getByTestId('row-receive')).toBeVisible({ timeout: 10_000 });

  await receive(page, reference, 4);
  await page.goto('/purchase-order/list');
  await expect((await orderRow(page, reference)).getByTestId('order-balance')).toHaveText('6');
  await receive(page, reference, 6);
  await page.goto('/purchase-order/list');
  await expect((await orderRow(page, reference)).getByTestId('order-balance')).toHaveText('0');
  await expect((await orderRow(page, reference)).getByTestId('row-receive')).toHaveCount(0);
  const receipts = await receiptsOf(admin, order!.id);
  expect(receipts.map((r) => [r.quantity, r.status]).sort()).toEqual([
    [4, 'pending'],
    [6, 'pending'],
  ]);
  // Pending receipts add no stock.
  expect((await admin.read<{ quantity: number }>(`/api/products/${product.id}`)).quantity).toBe(stockBefore);

  // The admin approves both receipts on the received order list.
  await other.page.goto('/received-order/list');
  await other.page.getByTestId('list-search').fill(product.code);
  const rows = other.page.getByTestId('list-row').filter({ hasText: product.code });
  await expect(rows).toHaveCount(2);
  for (let left = 2; left > 0; left--) {
    await expect(rows.getByTestId('row-approve')).toHaveCount(left);
    await rows.getByTestId('row-approve').first().click();
  }
  await expect(rows.getByTestId('row-approve')).toHaveCount(0);

  await expect.poll(async () => (await receiptsOf(admin, order!.id)).map((r) => r.status)).toEqual(['approved', 'approved']);
  expect((await admin.read<{ quantity: number }>(`/api/products/${product.id}`)).quantity).toBe(stockBefore + 10);
  const done = await admin.read<{ status: string; received_quantity: number; balance: number }>(`/api/purchase-orders/${order!.id}`);
  expect([done.status, done.received_quantity, done.balance]).toEqual(['received', 10, 0]);
});

test('a user corrects an order; a buyer is stopped above the balance, receives from the keyboard and corrects the receipt', async ({ page, request }) => {
  test.setTimeout(60_000);
  const t = tag();
  const admin = await Api.admin(request);
  const user = await Api.as(request, DEMO.user.username, DEMO.user.password);
  const category = await admin.category(`Repuestos ${t}`);
  const product = await productOfClass(admin, { code: `RP-${t}`, name: `Filtro ${t}`, categoryId: category.id, costCents: 500_000, iva: '19' });
  const created = await user.postForm('/api/purchase-orders', { category_id: String(category.id), product_id: String(product.id), quantity: '3', note: '' });
  expect(created.status(), await created.text()).toBe(201);
  const order = ((await created.json()) as { data: { id: number } }).data;

  // The pending order is corrected in its form: 3 → 8 units.
  await openSignedIn(page, DEMO.user.username, DEMO.user.password, `/purchase-order/edit/${order.id}`);
  const orderForm = page.getByTestId('purchase-order-form');
  await expectPicked(orderForm.getByTestId('field-product'), product.id);
  await orderForm.getByTestId('field-quantity').fill('8');
  await orderForm.getByTestId('form-submit').click();
  await expect(page).toHaveURL(/\/purchase-order\/list/);
  expect((await admin.read<{ quantity: number }>(`/api/purchase-orders/${order.id}`)).quantity).toBe(8);
  expect((await admin.post(`/api/purchase-orders/${order.id}/approve`)).status()).toBe(200);

  // Above the balance: the quantity field says so and nothing is stored.
  await openSignedIn(page, DEMO.buyer.username, DEMO.buyer.password, `/purchase-order/receive/${order.id}`);
  const receiptForm = page.getByTestId('receipt-form');
  const quantity = receiptForm.getByTestId('field-receive-quantity');
  await expect(quantity).toHaveValue('8');
  await quantity.fill('9');
  await receiptForm.getByTestId('form-submit').click();
  await expect(quantity).toHaveAttribute('aria-invalid', 'true');
  await expect(receiptForm.getByText('Receive quantity cannot exceed the balance.')).toBeVisible();
  await expect(quantity).toBeFocused();
  expect(await receiptsOf(admin, order.id)).toEqual([]);
  // From the keyboard: the focus is on the quantity; Enter saves.
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('5');
  await expect(receiptForm.getByText('Balance after this receipt: 3')).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/received[-_]order\/list/);
  const [receipt] = await receiptsOf(admin, order.id);
  expect([receipt?.quantity, receipt?.status]).toEqual([5, 'pending']);

  // The pending receipt is corrected (5 → 6) and given an image.
  await page.goto(`/received-order/edit/${receipt!.id}`);
  const editForm = page.getByTestId('receipt-form');
  await expect(editForm.getByTestId('field-receive-quantity')).toHaveValue('5');
  await editForm.getByTestId('field-receive-quantity').fill('6');
  await editForm.locator('input[type="file"]').setInputFiles({ ...pngFile('remito.png') });
  await editForm.getByTestId('form-submit').click();
  await expect(page).toHaveURL(/\/received[-_]order\/list/);
  const corrected = await admin.read<{ quantity: number; image: { id: number } | null }>(`/api/received-orders/${receipt!.id}`);
  expect([corrected.quantity, corrected.image !== null]).toEqual([6, true]);
});

test("a user's rejected order shows the reason, is corrected and sent again; the admin finds it pending again", async ({ page, newClient, request }) => {
  test.setTimeout(90_000);
  const t = tag();
  const admin = await Api.admin(request);
  const user = await Api.as(request, DEMO.user.username, DEMO.user.password);
  const category = await admin.category(`Rechazos OC ${t}`);
  const product = await productOfClass(admin, { code: `OC-${t}`, name: `Tornillo ${t}`, categoryId: category.id, costCents: 40_000, iva: '19' });
  const created = await user.postForm('/api/purchase-orders', { category_id: String(category.id), product_id: String(product.id), quantity: '3', note: '' });
  expect(created.status(), await created.text()).toBe(201);
  const order = ((await created.json()) as { data: { id: number; reference_no: string } }).data;
  const reference = order.reference_no;
  // The administrators' "awaits approval" notifications of this order: one, of its creation.
  const asks = async () =>
    (await admin.list<{ entity_id: number; message: string }>('/api/notifications', { kind: 'purchase_order', per_page: 100 })).data.filter(
      (n) => n.entity_id === order.id && n.message.includes('awaits approval'),
    ).length;
  await expect.poll(asks).toBe(1);

  // The admin rejects it from the list, with a reason.
  const reason = `We need 12 boxes of ${product.code}, not 3`;
  const other = await newClient();
  await openSignedIn(other.page, DEMO.admin.username, DEMO.admin.password, '/purchase-order/list');
  await (await rowAction(await orderRow(other.page, reference), 'row-reject')).click();
  const dialog = other.page.getByTestId('reject-dialog');
  await dialog.getByTestId('reject-reason').fill(reason);
  await dialog.getByTestId('reject-submit').click();
  await expect(dialog).toHaveCount(0);
  await expect((await orderRow(other.page, reference)).getByTestId('order-status')).toHaveAttribute('data-status', 'rejected');

  // The user finds it rejected in the list and opens it: the reason, and Save sends it again.
  await openSignedIn(page, DEMO.user.username, DEMO.user.password, '/purchase-order/list');
  const row = await orderRow(page, reference);
  await expect(row.getByTestId('order-status')).toHaveAttribute('data-status', 'rejected');
  await (await rowAction(row, 'row-edit')).click();
  await expect(page).toHaveURL(new RegExp(`/purchase-order/edit/${order.id}$`));
  const form = page.getByTestId('purchase-order-form');
  await expect(form.getByTestId('rejection-banner')).toBeVisible();
  await expect(form.getByTestId('rejection-reason')).toHaveText(reason);
  const save = form.getByTestId('form-submit');
  await expect(save).toHaveText('Save and send again');
  await form.getByTestId('field-quantity').fill('12');
  await save.click();
  await expect(page).toHaveURL(/\/purchase-order\/list/);
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Purchase order corrected and sent again for approval' })).toBeVisible();

  const stored = await admin.read<{ status: string; approval_reason: string; quantity: number }>(`/api/purchase-orders/${order.id}`);
  expect([stored.status, stored.approval_reason, stored.quantity]).toEqual(['pending', '', 12]);
  // The administrators are asked again, as for a new order, and the admin finds it pending.
  await expect.poll(asks).toBe(2);
  await other.page.goto('/purchase-order/list?status=pending');
  const again = await orderRow(other.page, reference);
  await expect(again.getByTestId('order-status')).toHaveAttribute('data-status', 'pending');
  await expect.poll(async () => (await rowActionIds(again)).includes('row-approve')).toBe(true);
});

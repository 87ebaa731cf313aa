/**
 * Issue 9 §13: tables and dialogs fit the screen (issue 11: the payments lists, the pending
 * payments' bulk bar and reject dialog, a purchase's payments page and the concurrent-payments form). At 1440×900 with the sidebar open and at
 * 390×844 (a phone), every list's row actions and every dialog's buttons are inside the
 * viewport, and no page scrolls sideways. Records are made so that each list has a row with the
 * most actions an admin gets (a pending record: Approve, Reject, Edit, Delete).
 *
 * Screenshots of each list and dialog go to $TABLES_SHOTS when it is set (for a person to look
 * at), and always to the test's output folder.
 *
 * Issue 9 §13 too: at 1440×900 a purchase list's rows are one line tall — a long supplier or store
 * name is cut with an ellipsis, its whole text a tooltip — and the columns at its right (status)
 * stay in view beside the row actions. An admin's sales and purchase lists, wider than their card,
 * show whole columns beside the sticky row actions, none cut in half under them ("$ 407.7").
 */
import { type Locator } from '@playwright/test';
import { openSignedIn } from '../support/app';
import { test, type Page } from '../support/fixtures';
import { Api, expect, pngFile, tag } from '../support/masterdata';
import { tickDocument } from '../support/payments';
import { bogotaDate, createPurchase, store as createStore } from '../support/purchasing';
import { createSale } from '../support/sales';
import { DEMO } from '../support/users';

const VIEWPORTS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** Lists and the text of a row to check on them ('' : the first row). */
interface ListCase {
  /** The page (a function when it names a record made here). */
  path: string | (() => string);
  list: string;
  row: () => string;
}

let made:
  | { t: string; supplier: string; customer: string; product: string; purchase: string; sale: string; paid: { id: number; reference: string }; payment: string }
  | undefined;

/** Pending records on every list, made once for the file (the suite shares one server). */
async function makeRecords(page: Page): Promise<NonNullable<typeof made>> {
  if (made) return made;
  const t = tag();
  const admin = await Api.admin(page.request);
  const user = await Api.as(page.request, DEMO.user.username, DEMO.user.password);
  const buyer = await Api.as(page.request, DEMO.buyer.username, DEMO.buyer.password);
  // A legal entity: the list names it by its company name.
  const supplier = await user.create<{ id: number; company_id: number }>('/api/suppliers', {
    name: `Contacto ${t}`,
    company: `Andina Fit ${t} S.A.S.`,
    person_type: 'juridica',
    city: 'Medellín',
  });
  const customer = await user.party('customers', `Cliente Fit ${t}`);
  const category = await admin.category(`Fit ${t}`);
  const product = await admin.product({ code: `FIT-${t}-000004`, name: `Producto Fit ${t}`, categoryId: category.id });
  const store = await createStore(admin, `Bodega Fit ${t}`, supplier.company_id);
  const reference = `FIT-${t}`;
  await createPurchase(user, {
    referenceNo: reference,
    supplierId: supplier.id,
    storeId: store.id,
    purchaseDate: bogotaDate(),
    lines: [{ category_id: category.id, product_id: product.id, expiry_date: bogotaDate(365), cost_cents: 100_000, quantity: 1 }],
  });
  const order = () =>
    buyer.request.post('/api/purchase-orders', {
      headers: { Authorization: `Bearer ${buyer.token}` },
      multipart: { category_id: String(category.id), product_id: String(product.id), quantity: '3' },
    });
  // One order stays pending (Approve, Reject, Delete); another is approved and partly received
  // (a pending received order on its list).
  expect((await order()).status()).toBe(201);
  const second = await order();
  expect(second.status(), await second.text()).toBe(201);
  const { data: received } = (await second.json()) as { data: { id: number } };
  expect((await admin.post(`/api/purchase-orders/${received.id}/approve`)).status()).toBe(200);
  const receipt = await buyer.request.post(`/api/purchase-orders/${received.id}/receive`, {
    headers: { Authorization: `Bearer ${buyer.token}` },
    multipart: { quantity: '1' },
  });
  expect(receipt.status(), await receipt.text()).toBe(201);
  // A pending sale with two lines (the admin's row: Approve, Reject, Details, Delete).
  const sale = await createSale(user, {
    customerId: customer.id,
    storeId: store.id,
    saleDate: bogotaDate(),
    reference: `OC-FIT-${t}`,
    lines: [
      { product_id: product.id, quantity: 1, price_cents: 150_000 },
      { product_id: product.id, quantity: 2, price_cents: 140_000, discount_cents: 10_000 },
    ],
  });
  // An approved purchase with a payment awaiting approval (the admin's row: Approve, Reject, Delete).
  const paid = await createPurchase(user, {
    referenceNo: `FIT-PAGO-${t}`,
    supplierId: supplier.id,
    storeId: store.id,
    purchaseDate: bogotaDate(-1),
    lines: [{ category_id: category.id, product_id: product.id, expiry_date: bogotaDate(365), cost_cents: 250_000_00, quantity: 2 }],
  });
  expect((await admin.post(`/api/purchases/${paid.id}/approve`)).status()).toBe(200);
  const payment = `TR-FIT-${t}`;
  const data = { type: 'purchase', document_id: paid.id, date: bogotaDate(), reference_no: payment, amount_cents: 100_000_00, method: 'transfer', note: 'Abono con una nota larga para ver cómo se ajusta la columna' };
  const recorded = await user.postForm('/api/payments', { data: JSON.stringify(data), images: pngFile('soporte.png') });
  expect(recorded.status(), await recorded.text()).toBe(201);
  made = {
    t,
    supplier: `Andina Fit ${t} S.A.S.`,
    customer: `Cliente Fit ${t}`,
    product: `Producto Fit ${t}`,
    purchase: reference,
    sale: sale.number,
    paid: { id: paid.id, reference: `FIT-PAGO-${t}` },
    payment,
  };
  return made;
}

const lists: ListCase[] = [
  { path: '/people/user', list: 'user-list', row: () => '' },
  { path: '/product/list', list: 'product-list', row: () => made!.product },
  { path: '/people/customer', list: 'customer-list', row: () => made!.customer },
  { path: '/people/supplier', list: 'supplier-list', row: () => made!.supplier },
  { path: '/purchase/list', list: 'purchase-list', row: () => made!.purchase },
  { path: '/pending-data/purchase', list: 'pending-purchase-list', row: () => made!.purchase },
  { path: '/sale/list', list: 'sale-list', row: () => made!.sale },
  { path: '/payment/pending', list: 'pending-payment-list', row: () => made!.payment },
  { path: () => `/payments/purchase/${made!.paid.id}`, list: 'document-payment-list', row: () => made!.payment },
  { path: '/purchase-order/list', list: 'purchase-order-list', row: () => made!.product },
  { path: '/received-order/list', list: 'received-order-list', row: () => made!.product },
  { path: '/category/list', list: 'category-list', row: () => '' },
  { path: '/setting/company', list: 'company-list', row: () => '' },
  { path: '/setting/store', list: 'store-list', row: () => '' },
  { path: '/notification/list', list: 'notification-list', row: () => '' },
];

/** Fails unless the element's box lies inside the viewport (scrolled into view first). */
async function expectInViewport(page: Page, element: Locator, what: string): Promise<void> {
  await element.scrollIntoViewIfNeeded();
  const box = await element.boundingBox();
  const view = page.viewportSize()!;
  expect(box, `${what} is rendered`).not.toBeNull();
  expect(box!.x, `${what}: left edge in view`).toBeGreaterThanOrEqual(0);
  expect(box!.y, `${what}: top edge in view`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${what}: right edge in view (${view.width})`).toBeLessThanOrEqual(view.width + 0.5);
  expect(box!.y + box!.height, `${what}: bottom edge in view (${view.height})`).toBeLessThanOrEqual(view.height + 0.5);
}

/** No page scrolls sideways: whatever is wide scrolls inside its own box. */
async function expectNoSidewaysScroll(page: Page, what: string): Promise<void> {
  const { scroll, width, wide } = await page.evaluate(() => {
    // The innermost elements that stick out on the right, to name the culprit in the message.
    const out = Array.from(document.body.querySelectorAll<HTMLElement>('*'))
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5)
      .sort((a, b) => b.getBoundingClientRect().right - a.getBoundingClientRect().right)
      .slice(0, 6)
      .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)} [${el.getAttribute('data-testid') ?? ''}] right=${Math.round(el.getBoundingClientRect().right)}`);
    return { scroll: document.documentElement.scrollWidth, width: window.innerWidth, wide: out };
  });
  expect(scroll, `${what}: the page is no wider than the viewport; sticking out: ${wide.join(' | ')}`).toBeLessThanOrEqual(width);
}

/**
 * The headers of a list table that begin before the sticky actions column's inner edge and end
 * past it — cut by it (a pixel of rounding aside); [] when every column is whole or hidden whole.
 */
function cutColumns(table: Locator): Promise<Array<string | null>> {
  return table.evaluate((t) => {
    const cells = Array.from((t as HTMLTableElement).tHead!.rows[0].cells);
    const edge = cells.pop()!.getBoundingClientRect().left;
    return cells.filter((c) => c.getBoundingClientRect().left < edge - 1 && c.getBoundingClientRect().right > edge + 1).map((c) => c.textContent);
  });
}

async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.TABLES_SHOTS;
  await page.screenshot({ path: test.info().outputPath(`${name}.png`) });
  if (dir) await page.screenshot({ path: `${dir}/${name}.png` });
}

for (const vp of VIEWPORTS) {
  test.describe(`${vp.width}×${vp.height}`, () => {
    test.use({ viewport: { width: vp.width, height: vp.height } });

    test('every list shows its row actions inside the viewport', async ({ page }) => {
      // Fifteen lists, nearly each with a ⋮ menu to open and photograph (a row's second action is in it).
      test.setTimeout(180_000);
      await makeRecords(page);
      await openSignedIn(page, DEMO.admin.username, DEMO.admin.password, '/dashboards/home');
      if (vp.name === 'desktop') await expect(page.locator('#app-sidebar')).toBeVisible();
      for (const l of lists) {
        const path = typeof l.path === 'string' ? l.path : l.path();
        await page.goto(l.row() ? `${path}?q=${encodeURIComponent(l.row())}` : path);
        const list = page.getByTestId(l.list);
        await expect(list).toBeVisible();
        const rows = list.getByTestId('list-row');
        // Only the notification list may be empty here (what reaches the admin depends on the other journeys).
        if (l.list === 'notification-list') await expect(rows.first().or(list.getByTestId('list-empty'))).toBeVisible();
        if ((await rows.count()) === 0) {
          await expectNoSidewaysScroll(page, path);
          await shot(page, `${vp.name}-${l.list}`);
          continue;
        }
        await expect(rows.first()).toBeVisible();
        const row = l.row() ? rows.filter({ hasText: l.row() }).first() : rows.first();
        await expect(row).toBeVisible();
        await expect(list.getByTestId('list-table')).toHaveAttribute('data-layout', vp.name === 'phone' ? 'cards' : 'table');
        const actions = row.locator('[data-testid="row-actions"], [data-testid^="row-"]:not([data-testid="row-actions-cell"]), [data-testid="notification-delete"]');
        const n = await actions.count();
        expect(n, `${path}: the row has actions`).toBeGreaterThan(0);
        for (let i = 0; i < n; i++) await expectInViewport(page, actions.nth(i), `${path} row action ${i + 1}`);
        // A row's menu opens inside the viewport too, every item reachable.
        const menu = row.getByTestId('row-actions');
        if ((await menu.count()) > 0) {
          await menu.click();
          const items = page.getByTestId('row-actions-menu').getByRole('menuitem');
          await expect(items.first()).toBeFocused();
          for (let i = 0; i < (await items.count()); i++) await expectInViewport(page, items.nth(i), `${path} menu item ${i + 1}`);
          await shot(page, `${vp.name}-${l.list}-menu`);
          await page.keyboard.press('Escape');
          await expect(page.getByTestId('row-actions-menu')).toHaveCount(0);
          await expect(menu).toBeFocused();
        }
        await expectNoSidewaysScroll(page, path);
        await shot(page, `${vp.name}-${l.list}`);
      }
    });

    test("a sale's details dialog and its reject dialog fit, buttons in view", async ({ page }) => {
      await makeRecords(page);
      await openSignedIn(page, DEMO.admin.username, DEMO.admin.password, `/sale/list?q=${made!.sale}`);
      const row = page.getByTestId('sale-list').getByTestId('list-row').filter({ hasText: made!.sale });
      await row.getByTestId('sale-number').click();
      const dialog = page.getByTestId('sale-detail');
      await expect(dialog.getByTestId('sale-detail-line')).toHaveCount(2);
      await expectInViewport(page, dialog, 'sale details dialog');
      for (const id of ['row-approve', 'row-reject', 'sale-detail-close']) await expectInViewport(page, dialog.getByTestId(id), `sale details ${id}`);
      await dialog.getByTestId('dialog-body').evaluate((el) => el.scrollTo(0, el.scrollHeight));
      await expectInViewport(page, dialog.getByTestId('sale-detail-close'), 'sale details Close after scrolling');
      await expectNoSidewaysScroll(page, 'sale details dialog');
      await shot(page, `${vp.name}-sale-detail`);
      // Reject asks for the reason in a dialog over it; its buttons are in view too (cancelled here).
      await dialog.getByTestId('row-reject').click();
      const reject = page.getByTestId('reject-dialog');
      await expect(reject).toBeVisible();
      await expectInViewport(page, reject.getByTestId('reject-submit'), 'reject dialog Reject');
      await expectInViewport(page, reject.getByRole('button', { name: /cancel/i }), 'reject dialog Cancel');
      await shot(page, `${vp.name}-sale-reject`);
      await page.keyboard.press('Escape');
      await expect(reject).toHaveCount(0);
      await expect(dialog).toBeVisible();
      await dialog.getByTestId('sale-detail-close').click();
      await expect(dialog).toHaveCount(0);
    });

    test('the pending payments: ticked rows, their bar and the reject dialog fit, buttons in view', async ({ page }) => {
      await makeRecords(page);
      await openSignedIn(page, DEMO.admin.username, DEMO.admin.password, `/payment/pending?q=${made!.payment}`);
      const row = page.getByTestId('pending-payment-list').getByTestId('list-row').filter({ hasText: made!.payment });
      await row.getByTestId('row-select').check();
      const bar = page.getByTestId('bulk-bar');
      for (const id of ['bulk-approve', 'bulk-reject', 'bulk-clear']) await expectInViewport(page, bar.getByTestId(id), `bulk bar ${id}`);
      await expectNoSidewaysScroll(page, 'pending payments with a ticked row');
      await shot(page, `${vp.name}-pending-payments-ticked`);
      await bar.getByTestId('bulk-reject').click();
      const reject = page.getByTestId('reject-dialog');
      await expect(reject).toBeVisible();
      await expectInViewport(page, reject.getByTestId('reject-submit'), 'bulk reject dialog Reject');
      await expectInViewport(page, reject.getByRole('button', { name: /cancel/i }), 'bulk reject dialog Cancel');
      await shot(page, `${vp.name}-pending-payments-reject`);
      await page.keyboard.press('Escape');
      await expect(reject).toHaveCount(0);
      await bar.getByTestId('bulk-clear').click();
      await expect(bar).toHaveCount(0);
    });

    test("a purchase's payments page and the concurrent-payments form fit, Save in view", async ({ page }) => {
      await makeRecords(page);
      await openSignedIn(page, DEMO.user.username, DEMO.user.password, `/payments/purchase/${made!.paid.id}`);
      const form = page.getByTestId('payment-form');
      await expect(form.getByTestId('figure-available')).toBeVisible();
      await expectInViewport(page, form.getByTestId('form-submit'), 'payment form Save');
      await expectNoSidewaysScroll(page, 'payments of a purchase');
      await shot(page, `${vp.name}-document-payments`);

      await page.goto('/concurrent_payments/form');
      const run = page.getByTestId('run-form');
      await run.getByTestId('party-search').fill(made!.supplier);
      await run.getByTestId('party-option').filter({ hasText: made!.supplier }).locator('input').check();
      const doc = run.getByTestId('run-document').filter({ hasText: made!.paid.reference });
      await tickDocument(doc.getByTestId('item-pay'));
      await expectInViewport(page, doc.getByTestId('item-amount'), 'run document amount');
      await expectNoSidewaysScroll(page, 'concurrent payments with documents');
      await shot(page, `${vp.name}-concurrent-payments`);
      await expectInViewport(page, run.getByTestId('form-submit'), 'run Save');
    });

    test('the Add product and Add customer dialogs fit, buttons in view', async ({ page }) => {
      await openSignedIn(page, DEMO.admin.username, DEMO.admin.password, '/product/list');
      for (const { path, form } of [
        { path: '/product/list', form: 'product-form' },
        { path: '/people/customer', form: 'customer-form' },
      ]) {
        await page.goto(path);
        await page.getByTestId('list-add').first().click();
        const dialog = page.locator(`dialog[open]`);
        await expect(dialog).toBeVisible();
        await expectInViewport(page, dialog, `${form} dialog`);
        await expectInViewport(page, dialog.getByRole('heading').first(), `${form} title`);
        await expectInViewport(page, dialog.getByRole('button', { name: /close|cerrar/i }), `${form} close button`);
        await expectInViewport(page, dialog.getByTestId('form-submit'), `${form} Save`);
        await expectInViewport(page, dialog.getByRole('button', { name: /cancel/i }), `${form} Cancel`);
        // Scrolling the form to its end keeps the buttons where they are.
        await dialog.getByTestId('dialog-body').evaluate((el) => el.scrollTo(0, el.scrollHeight));
        await expectInViewport(page, dialog.getByTestId('form-submit'), `${form} Save after scrolling`);
        await expectNoSidewaysScroll(page, `${form} dialog`);
        // Every checkbox keeps its size beside a long label and description (the customer's tax profile).
        const boxes = await dialog.locator('input[type=checkbox]').evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().width)));
        for (const width of boxes) expect(width, `${form}: a checkbox is 16 px wide`).toBe(16);
        await shot(page, `${vp.name}-${form}`);
        await page.keyboard.press('Escape');
        await expect(dialog).toHaveCount(0);
      }
    });
  });
}

test.describe('1440×900, a list wider than its card', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('purchase rows are one line tall; a long name is cut, whole in its tooltip; the status stays in view', async ({ page }) => {
    test.setTimeout(60_000);
    const t = tag();
    const admin = await Api.admin(page.request);
    const user = await Api.as(page.request, DEMO.user.username, DEMO.user.password);
    const longName = `Distribuidora Mayorista de Abarrotes y Víveres del Centro ${t} S.A.S.`;
    const supplier = await admin.create<{ id: number; company_id: number }>('/api/suppliers', { name: longName, company: longName, person_type: 'juridica', city: 'Bogotá' });
    const category = await admin.category(`Una línea ${t}`);
    const product = await admin.product({ code: `UL-${t}`, name: `Producto una línea ${t}`, categoryId: category.id });
    // The demo company's own store, the name issue 9 §13 saw on three lines.
    const shop = (await admin.list<{ id: number; name: string }>('/api/stores', { q: 'Bodega Principal Bogotá', company_id: supplier.company_id })).data.find(
      (s) => s.name === 'Bodega Principal Bogotá',
    )!;
    expect(shop, 'the demo store').toBeDefined();
    await createPurchase(user, {
      referenceNo: `UL-${t}`,
      supplierId: supplier.id,
      storeId: shop.id,
      purchaseDate: bogotaDate(),
      lines: [{ category_id: category.id, product_id: product.id, expiry_date: bogotaDate(365), cost_cents: 100_000, quantity: 1 }],
    });

    await openSignedIn(page, DEMO.user.username, DEMO.user.password, '/purchase/list');
    await expect(page.locator('#app-sidebar')).toBeVisible();
    const list = page.getByTestId('purchase-list');
    const rows = list.getByTestId('list-row');
    await expect(rows.first()).toBeVisible();
    // Every row of the first page is one line tall: the height of one line of text and its padding.
    const lineHeight = await rows.first().evaluate((r) => parseFloat(getComputedStyle(r).lineHeight));
    const heights = await rows.evaluateAll((rs) => rs.map((r) => r.getBoundingClientRect().height));
    expect(heights.length).toBeGreaterThan(5);
    for (const [i, h] of heights.entries()) expect(h, `row ${i + 1} is one line tall`).toBeLessThan(lineHeight * 2);

    await page.getByTestId('list-search').fill(`UL-${t}`);
    // The search applied (the first page holds the new purchase too): the row's own list.
    await expect(page).toHaveURL(new RegExp(`q=UL-${t}`));
    await expect(rows).toHaveCount(1);
    const row = rows.filter({ hasText: `UL-${t}` });
    await expect(row).toHaveCount(1);
    expect((await row.boundingBox())!.height).toBeLessThan(lineHeight * 2);
    // The supplier's long name is cut on one line; the whole name is its tooltip.
    const name = row.getByTestId('cell-text').filter({ hasText: 'Distribuidora Mayorista' });
    expect(await name.evaluate((el) => el.scrollWidth > el.clientWidth), 'the long name is cut').toBe(true);
    await name.hover();
    await expect(name).toHaveAttribute('title', longName);
    // The store's name is whole (it fits), and so is the status column beside the row actions.
    const store = row.getByTestId('cell-text').filter({ hasText: 'Bodega Principal Bogotá' });
    expect(await store.evaluate((el) => el.scrollWidth <= el.clientWidth), 'the store name is whole').toBe(true);
    const status = (await row.getByTestId('purchase-status').boundingBox())!;
    const actions = (await row.getByTestId('row-actions-cell').boundingBox())!;
    expect(status.x + status.width, 'the status column is not under the row actions').toBeLessThanOrEqual(actions.x);
    await shot(page, 'desktop-purchase-list-one-line');
  });

  test("no column lies half under the sticky actions: the admin's sales and purchase lists, scrolled to their start", async ({ page }) => {
    await openSignedIn(page, DEMO.admin.username, DEMO.admin.password, '/sale/list');
    for (const { path, list } of [
      { path: '/sale/list', list: 'sale-list' },
      { path: '/purchase/list', list: 'purchase-list' },
    ]) {
      await page.goto(path);
      const table = page.getByTestId(list).getByTestId('list-table');
      await expect(table.getByTestId('list-row').first()).toBeVisible();
      // Both lists are wider than their card at 1440 px with the sidebar open (the columns under the actions are hidden whole).
      expect(await table.locator('xpath=..').evaluate((el) => el.scrollWidth > el.clientWidth + 1), `${list} scrolls sideways`).toBe(true);
      await expect.poll(() => cutColumns(table), { message: `${list}: columns cut by the row actions` }).toEqual([]);
      await shot(page, `desktop-${list}-whole-columns`);
    }
  });

  test('no column lies half under the sticky actions whatever the widths: wide data, narrower windows, a figure that widens later', async ({ page }) => {
    test.setTimeout(90_000);
    const t = tag();
    const admin = await Api.admin(page.request);
    const user = await Api.as(page.request, DEMO.user.username, DEMO.user.password);
    // Wide data: a long customer name and store, big amounts, long references.
    const customer = await user.party('customers', `Comercializadora Internacional de Productos Agroindustriales ${t}`);
    if (customer.approval_status !== 'approved') expect((await admin.post(`/api/customers/${customer.id}/approve`)).status()).toBe(200);
    const shop = await createStore(admin, `Bodega Central de Distribución Mayorista del Caribe ${t}`, customer.company_id);
    const category = await admin.category(`Anchos ${t}`);
    const product = await admin.product({ code: `ANCHO-${t}-0000000001`, name: `Producto ancho ${t}`, categoryId: category.id });
    const sales = [];
    for (const [i, cents] of [9_876_543_210_00, 123_456_789_00, 45_678_90, 7_654_321_098_76, 1_000_00].entries()) {
      sales.push(
        await createSale(user, {
          customerId: customer.id,
          storeId: shop.id,
          saleDate: bogotaDate(-i),
          reference: `OC-${t}-${'9'.repeat(4 + 3 * i)}`,
          lines: [{ product_id: product.id, quantity: 1, price_cents: cents }],
        }),
      );
    }
    // Approved rows (Details, and Payments in a menu) beside pending ones (Approve, and the rest in a menu).
    for (const sale of sales.slice(0, 2)) expect((await admin.post(`/api/sales/${sale.id}/approve`)).status()).toBe(200);

    await openSignedIn(page, DEMO.admin.username, DEMO.admin.password, `/sale/list?q=${encodeURIComponent(t)}`);
    const table = page.getByTestId('sale-list').getByTestId('list-table');
    await expect(table.getByTestId('list-row')).toHaveCount(sales.length);
    for (const width of [1440, 1366, 1280, 1180, 1024]) {
      await page.setViewportSize({ width, height: 900 });
      await expect.poll(() => cutColumns(table), { message: `${width} px: columns cut by the row actions` }).toEqual([]);
    }
    await page.setViewportSize({ width: 1440, height: 900 });
    await expect.poll(() => cutColumns(table), { message: 'back at 1440 px: columns cut by the row actions' }).toEqual([]);
    expect(await table.locator('xpath=..').evaluate((el) => el.scrollWidth > el.clientWidth + 1), 'the wide sales scroll sideways').toBe(true);
    // A figure that arrives after the rows (a cell that reads its own data) widens its column with
    // no new rows and no resize of the table's box: the first column here, so every column moves.
    await table.getByTestId('sale-customer-reference').first().evaluate((el) => {
      el.textContent = `${el.textContent}-${'8'.repeat(30)}`;
    });
    await expect.poll(() => cutColumns(table), { message: 'after a cell widened: columns cut by the row actions' }).toEqual([]);
    await shot(page, 'desktop-sale-list-wide-data');
  });

  test('the sticky actions column shadows the columns under it until the table is scrolled to its end', async ({ page }) => {
    await openSignedIn(page, DEMO.admin.username, DEMO.admin.password, '/purchase/list');
    const table = page.getByTestId('purchase-list').getByTestId('list-table');
    await expect(table.getByTestId('list-row').first()).toBeVisible();
    const scroller = table.locator('xpath=..');
    // The admin's purchase list (company column, every money column) is wider than 1440 px with the sidebar open.
    const wider = await scroller.evaluate((el) => el.scrollWidth > el.clientWidth + 1);
    expect(wider, 'the purchase list scrolls sideways at 1440 px for an admin').toBe(true);
    await expect(scroller).toHaveAttribute('data-more', 'true');
    await scroller.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    await expect(scroller).not.toHaveAttribute('data-more', /.*/);
  });
});

/** How many pixels of the element's content lie beyond its box sideways (0 when it fits; ≤ 1 is rounding). */
function sidewaysOverflow(box: Locator): Promise<number> {
  return box.evaluate((el) => el.scrollWidth - el.clientWidth);
}

test.describe('1366×768 and 1440×900: tables fit their card, no sideways scroll', () => {
  // The two widths of a laptop and a desktop with the sidebar open.
  const WIDTHS = [
    { width: 1366, height: 768 },
    { width: 1440, height: 900 },
  ];

  test("the audit trail's eight columns fit; a long IPv6 address is cut, whole in its tooltip", async ({ page, request, newClient }) => {
    // A user's sign-in from an IPv6 address, the audit trail's widest IP (it pushed the IP column out of the card).
    const ip = '2001:db8:85a3:1234:5678:8a2e:370:7334';
    const user = await Api.as(request, DEMO.user.username, DEMO.user.password);
    const me = await user.read<{ id: number }>('/api/auth/user/profile');
    const far = await newClient(ip);
    const login = await far.context.request.post('/api/auth/login', { data: { username: DEMO.user.username, password: DEMO.user.password } });
    expect(login.status(), await login.text()).toBe(200);

    await openSignedIn(page, DEMO.admin.username, DEMO.admin.password, `/audit?actor_id=${me.id}`);
    const table = page.getByTestId('audit-list').getByTestId('list-table');
    const row = table.getByTestId('list-row').filter({ hasText: '2001:db8' }).first();
    await expect(row).toBeVisible();
    for (const size of WIDTHS) {
      await page.setViewportSize(size);
      await expect(page.locator('#app-sidebar')).toBeVisible();
      await expect.poll(() => sidewaysOverflow(table.locator('xpath=..')), { message: `${size.width} px: the audit table scrolls sideways` }).toBeLessThanOrEqual(1);
      await expectNoSidewaysScroll(page, `audit at ${size.width}`);
      await shot(page, `audit-${size.width}`);
    }
    // At 1366 px the address is cut; hovering it shows the whole.
    await page.setViewportSize(WIDTHS[0]!);
    const cell = row.getByTestId('cell-text').filter({ hasText: '2001:db8' });
    await expect.poll(() => cell.evaluate((el) => el.scrollWidth > el.clientWidth), { message: 'the IPv6 address is cut' }).toBe(true);
    await cell.hover();
    await expect(cell).toHaveAttribute('title', ip);
  });

  test("a run's documents fit beside the total: long party names, big balances, days overdue and a pending payment", async ({ page }) => {
    test.setTimeout(90_000);
    const t = tag();
    const admin = await Api.admin(page.request);
    const user = await Api.as(page.request, DEMO.user.username, DEMO.user.password);
    // A one-word name longer than any column's least width, and a second supplier to pay in the same run.
    const names = [`Comercializadora Internacionalizadora ${t} S.A.S.`, `Distribuidora ${t}`];
    const category = await admin.category(`Lote ancho ${t}`);
    const product = await admin.product({ code: `LA-${t}`, name: `Producto lote ${t}`, categoryId: category.id });
    let shop: { id: number } | undefined;
    let first: { id: number } | undefined;
    for (const [s, name] of names.entries()) {
      const supplier = await admin.party('suppliers', name);
      shop ??= await createStore(admin, `Bodega lote ${t}`, supplier.company_id);
      // Overdue by three digits of days (30 days of credit), balances of eight digits of pesos.
      for (const [i, daysAgo] of [200, 5].entries()) {
        // An invoice number as long as the demo's (FE-01539); a code is never cut, so a much longer one still widens its column.
        const made = await createPurchase(user, {
          referenceNo: `FE-${t.slice(-5)}${s}${i}`,
          supplierId: supplier.id,
          storeId: shop.id,
          purchaseDate: bogotaDate(-daysAgo),
          lines: [{ category_id: category.id, product_id: product.id, expiry_date: bogotaDate(365), cost_cents: 98_765_432_00 - i * 1_111_111_00, quantity: 1 }],
        });
        expect((await admin.post(`/api/purchases/${made.id}/approve`)).status()).toBe(200);
        first ??= made;
      }
    }
    // A payment awaiting approval fills the pending column.
    const data = { type: 'purchase', document_id: first!.id, date: bogotaDate(), reference_no: `TR-LA-${t}`, amount_cents: 12_345_678_00, method: 'transfer' };
    const recorded = await user.postForm('/api/payments', { data: JSON.stringify(data), images: pngFile('soporte.png') });
    expect(recorded.status(), await recorded.text()).toBe(201);

    await openSignedIn(page, DEMO.user.username, DEMO.user.password, '/concurrent_payments/form');
    for (const language of ['en', 'es']) {
      await page.evaluate((l) => localStorage.setItem('i18nextLng', l), language);
      await page.reload();
      const run = page.getByTestId('run-form');
      await run.getByTestId('party-search').fill(t);
      for (const name of names) await run.getByTestId('party-option').filter({ hasText: name }).locator('input').check();
      const docs = run.getByTestId('run-document');
      await expect(docs).toHaveCount(4);
      await tickDocument(docs.first().getByTestId('item-pay'));
      const table = run.getByTestId('run-documents');
      for (const size of WIDTHS) {
        await page.setViewportSize(size);
        await expect(page.locator('#app-sidebar')).toBeVisible();
        await expect.poll(() => sidewaysOverflow(table.locator('xpath=..')), { message: `${language} ${size.width} px: the documents scroll sideways` }).toBeLessThanOrEqual(1);
        await expectNoSidewaysScroll(page, `concurrent payments ${language} ${size.width}`);
        for (let i = 0; i < 4; i++) await expectInViewport(page, docs.nth(i).getByTestId('item-amount'), `${language} ${size.width} px: amount ${i + 1}`);
        await shot(page, `concurrent-payments-${language}-${size.width}`);
      }
      // The long name is cut at 1366 px, whole in its tooltip.
      await page.setViewportSize(WIDTHS[0]!);
      const party = docs.getByTestId('cell-text').filter({ hasText: 'Internacionalizadora' }).first();
      await expect.poll(() => party.evaluate((el) => el.scrollWidth > el.clientWidth), { message: 'the long name is cut' }).toBe(true);
      await party.hover();
      await expect(party).toHaveAttribute('title', names[0]!);
    }
    await page.evaluate(() => localStorage.setItem('i18nextLng', 'en'));
  });
});

test.describe('390×844 in Spanish (the longer texts): nothing overlaps, nothing is cut off the screen', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('i18nextLng', 'es'));
  });

  test("a notification's card: its title and message beside the row's actions, not under them", async ({ page }) => {
    const t = tag();
    const admin = await Api.admin(page.request);
    const user = await Api.as(page.request, DEMO.user.username, DEMO.user.password);
    const supplier = await admin.party('suppliers', `Proveedor aviso ${t}`);
    const shop = await createStore(admin, `Bodega aviso ${t}`, supplier.company_id);
    const category = await admin.category(`Aviso ${t}`);
    const product = await admin.product({ code: `AV-${t}`, name: `Producto aviso ${t}`, categoryId: category.id });
    // A user's purchase: the administrators get an unread "awaits approval" notification (Mark as read, and a menu).
    const purchase = await createPurchase(user, {
      referenceNo: `AV-${t}`,
      supplierId: supplier.id,
      storeId: shop.id,
      purchaseDate: bogotaDate(),
      lines: [{ category_id: category.id, product_id: product.id, expiry_date: bogotaDate(365), cost_cents: 100_000, quantity: 1 }],
    });
    await expect
      .poll(async () => (await admin.list<{ entity_id: number }>('/api/notifications', { kind: 'purchase', per_page: 100 })).data.some((n) => n.entity_id === purchase.id))
      .toBe(true);

    await openSignedIn(page, DEMO.admin.username, DEMO.admin.password, '/notification/list?kind=purchase');
    const list = page.getByTestId('notification-list');
    await expect(list.getByTestId('list-table')).toHaveAttribute('data-layout', 'cards');
    const row = list.getByTestId('list-row').filter({ hasText: `AV-${t}` }).first();
    await expect(row.getByTestId('notification-row')).toHaveAttribute('data-read', 'false');
    const text = (await row.getByTestId('notification-row').boundingBox())!;
    const actions = (await row.getByTestId('row-actions-cell').boundingBox())!;
    expect(text.x + text.width, 'the title and message end before the row actions').toBeLessThanOrEqual(actions.x);
    await expectInViewport(page, row.getByTestId('row-actions-cell'), 'the row actions');
    await expectNoSidewaysScroll(page, 'notifications');
    await shot(page, 'phone-es-notifications');
  });

  test('every account settings tab is on the screen, for an admin and for a user', async ({ page }) => {
    for (const who of [DEMO.admin, DEMO.user]) {
      await openSignedIn(page, who.username, who.password, '/settings/general');
      const tabs = page.getByRole('navigation', { name: 'Secciones de configuración' }).getByRole('link');
      // An admin and a user have all five (a buyer has no IP restriction tab).
      await expect(tabs).toHaveCount(5);
      // In view as the page opens: a strip that scrolls sideways hid the last tabs off the screen's edge.
      for (let i = 0; i < 5; i++) {
        const box = (await tabs.nth(i).boundingBox())!;
        expect(box.x + box.width, `${who.username}: tab ${await tabs.nth(i).textContent()} ends on the screen`).toBeLessThanOrEqual(390);
      }
      await expectNoSidewaysScroll(page, 'account settings');
      await shot(page, `phone-es-settings-tabs-${who.username}`);
    }
  });
});

/**
 * Issue 10 (sales), the journeys of a person:
 *  1. a user sells three products of mixed VAT classes to a legal entity that withholds, sees the
 *     server's totals follow the typing, saves; an administrator approves the sale in another
 *     browser; the user's tab, never reloaded, shows the approval toast; the products' stock went
 *     down by the quantities, and the customer's and the seller's figures grew by the sale (read
 *     on the lists);
 *  2. an oversell is refused with 'Not enough stock of …' on the quantity itself, and nothing is
 *     stored;
 *  3. an administrator opening /sale/add is sent away, and the API refuses the write (403);
 *  4. a sale is entered with Tab, type-ahead and Enter alone (Enter in the last quantity adds a line);
 *  5. a pending sale is corrected (one unit more, an image): stock moves by the difference only;
 *  6. the details dialog shows a sale's lines, totals and seller to the administrator, who rejects
 *     it with a reason from there; the seller then finds it read-only with that reason;
 *  7. a seller finds their own name in the list's seller column, and in its seller filter, which
 *     finds their sale (sellers may not list users: the sale names its seller itself);
 *  8. two customers of one name are two options of the customer picker, each with its own cédula
 *     beside the name (and in its accessible name); the cédula typed finds one; the second one
 *     picked is the saved sale's customer.
 */
import { openSignedIn, pesosOf, tabTo } from '../support/app';
import { test, type Page } from '../support/fixtures';
import { Api, expect, type Party, pngFile, type Product, type Record, tag } from '../support/masterdata';
import { bogotaDate, productOfClass, store as createStore, type IVAClass } from '../support/purchasing';
import { cellText, rowAction } from '../support/rows';
import { createSale, customerWithProfile, figuresOf, salesFound, stockOf, type Sale } from '../support/sales';
import { DEMO } from '../support/users';
import { expectPicked, optionDetails, pick, pickerOptions } from '../support/picker';

/** A sale's number as a whole word: VTA-000001 must not match VTA-000010. */
function exactly(number: string): RegExp {
  return new RegExp(`${number}(?!\\d)`);
}

/** The name a sale gives the seller signed in as `api`: first and last name, else the username. */
async function sellerName(api: Api): Promise<{ id: number; name: string }> {
  const me = await api.read<{ id: number; username: string; first_name: string; last_name: string }>('/api/auth/user/profile');
  return { id: me.id, name: `${me.first_name} ${me.last_name}`.trim() || me.username };
}

/** What a journey sells: three products of three VAT classes (10 units each), a store and a customer. */
interface Shop {
  t: string;
  admin: Api;
  user: Api;
  products: Product[];
  store: Record;
  customer: Party;
  /** How the forms and lists name the customer (a legal entity: its company name). */
  customerLabel: string;
}

async function shop(request: Parameters<typeof Api.admin>[0], word = 'Venta'): Promise<Shop> {
  const t = tag();
  const admin = await Api.admin(request);
  const user = await Api.as(request, DEMO.user.username, DEMO.user.password);
  const category = await admin.category(`${word} ${t}`);
  const classes: [IVAClass, number, string][] = [
    ['19', 8_500_000, 'Aceite'],
    ['5', 1_250_000, 'Harina'],
    ['excluido', 4_000_000, 'Arroz'],
  ];
  const products: Product[] = [];
  for (const [iva, costCents, name] of classes) {
    // productOfClass prices a product at twice its cost: 170.000, 25.000 and 80.000 pesos.
    products.push(await productOfClass(admin, { code: `${word.slice(0, 2).toUpperCase()}${iva.slice(0, 2)}-${t}`, name: `${name} ${t}`, categoryId: category.id, costCents, iva }));
  }
  // A legal entity that is a gran contribuyente withholds ReteFuente and ReteIVA from what it pays us.
  const customer = await customerWithProfile(admin, `${word} ${t}`, { person_type: 'juridica', gran_contribuyente: true });
  const store = await createStore(admin, `${word} ${t}`, customer.company_id);
  return { t, admin, user, products, store, customer, customerLabel: `${word} ${t} S.A.S.` };
}

/** Fills line `index` of the sale form: the product by its code (from the suggestions), then the quantity. */
async function fillLine(page: Page, index: number, product: Product, quantity: number): Promise<void> {
  const row = page.getByTestId(`line-${index}`);
  await row.getByTestId('line-product').fill(product.code);
  await expect(row.getByTestId('line-code')).toHaveText(product.code);
  // The unit price starts at the product's price.
  await expect(row.getByTestId('line-price')).toHaveValue(String(product.price_cents / 100));
  await row.getByTestId('line-quantity').fill(String(quantity));
}

/** The totals panel's amounts, in whole pesos, by test id. */
async function shownTotals(page: Page, ids: readonly string[]): Promise<number[]> {
  const out: number[] = [];
  for (const id of ids) out.push(pesosOf((await page.getByTestId(id).textContent()) ?? ''));
  return out;
}

const TOTAL_IDS = ['totals-subtotal', 'totals-taxable-base', 'totals-vat', 'totals-withholding-income', 'totals-withholding-vat', 'totals-total'] as const;

test('a user sells three products of mixed VAT; an admin elsewhere approves; the tab shows it live; stock, customer and seller figures follow', async ({ page, newClient, request }) => {
  test.setTimeout(120_000);
  const s = await shop(request);
  const quantities = [4, 6, 2];
  const seller = await s.user.read<{ id: number }>('/api/auth/user/profile');
  const sellerSales = async () => (await s.admin.read<{ total_sales: number; total_sales_cents: number }>(`/api/users/${seller.id}`)).total_sales_cents;
  const before = { stock: await Promise.all(s.products.map((p) => stockOf(s.admin, p))), figures: await figuresOf(s.admin, s.customer), seller: await sellerSales() };

  await openSignedIn(page, DEMO.user.username, DEMO.user.password, '/sale/add');
  const form = page.getByTestId('sale-form');
  await expect(form.getByTestId('field-sale-date')).toHaveValue(bogotaDate());
  await pick(form.getByTestId('field-customer'), s.customerLabel);
  await pick(form.getByTestId('field-store'), s.store.name);
  await form.getByTestId('field-customer-reference').fill(`OC-${s.t}`);

  // The first line alone: 4 × 170.000 at 19 %, priced by the server as soon as the typing settles.
  await fillLine(page, 0, s.products[0]!, quantities[0]!);
  await expect(page.getByTestId('line-0').getByTestId('line-total')).toHaveText(/680,000/);
  await expect.poll(() => shownTotals(page, ['totals-subtotal', 'totals-vat'])).toEqual([680_000, 129_200]);
  for (const i of [1, 2]) {
    await form.getByTestId('line-add').click();
    await fillLine(page, i, s.products[i]!, quantities[i]!);
  }

  // Every line: the panel shows exactly what the server's quote computes for them.
  const lines = s.products.map((p, i) => ({ product_id: p.id, quantity: quantities[i]!, price_cents: p.price_cents, discount_cents: 0 }));
  const answer = await s.user.post('/api/sales/quote', { sale_date: bogotaDate(), customer_id: s.customer.id, lines });
  expect(answer.status(), await answer.text()).toBe(200);
  const quote = ((await answer.json()) as { data: { totals: Sale['totals'] & { taxable_base_cents: number } } }).data.totals;
  // 680.000 + 150.000 + 160.000; VAT 19 % of 680.000 + 5 % of 150.000 (the excluded rice has none).
  expect([quote.subtotal_cents, quote.vat_cents]).toEqual([99_000_000, 13_670_000]);
  const expected = [quote.subtotal_cents, quote.taxable_base_cents, quote.vat_cents, quote.withholding_income_cents, quote.withholding_vat_cents, quote.total_cents].map((c) => c / 100);
  await expect.poll(() => shownTotals(page, TOTAL_IDS)).toEqual(expected);
  expect(quote.withholding_vat_cents, 'the gran contribuyente withholds ReteIVA').toBeGreaterThan(0);
  await expect(page.getByTestId('totals-error')).toHaveCount(0);

  await form.getByTestId('form-submit').click();
  await expect(page).toHaveURL(/\/sale\/list/);
  const [sale] = await salesFound(s.user, `OC-${s.t}`);
  expect(sale, 'the sale was stored').toBeDefined();
  expect([sale!.approval_status, sale!.totals.total_cents]).toEqual(['pending', quote.total_cents]);
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: exactly(sale!.number) })).toBeVisible();

  // The user's tab is live before the admin decides: what arrives now arrives by push.
  await expect(page.getByTestId('live-status')).toHaveAttribute('data-connected', 'true');
  await page.evaluate(() => ((window as unknown as { e2eNoReload: boolean }).e2eNoReload = true));

  const other = await newClient();
  await openSignedIn(other.page, DEMO.admin.username, DEMO.admin.password, `/sale/list?q=${sale!.number}`);
  const adminRow = other.page.getByTestId('list-row').filter({ hasText: exactly(sale!.number) });
  await expect(adminRow).toHaveCount(1);
  await (await rowAction(adminRow, 'row-approve')).click();
  await expect(adminRow.getByTestId('approval-status')).toHaveAttribute('data-status', 'approved');

  // The toast names the sale; the open list follows; the tab was never reloaded.
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: /approved|aprobada/i }).filter({ hasText: exactly(sale!.number) })).toBeVisible({ timeout: 15_000 });
  const userRow = page.getByTestId('list-row').filter({ hasText: exactly(sale!.number) });
  await expect(userRow.getByTestId('approval-status')).toHaveAttribute('data-status', 'approved', { timeout: 10_000 });
  expect(await page.evaluate(() => (window as unknown as { e2eNoReload?: boolean }).e2eNoReload)).toBe(true);

  // The seller's sales amount, on the administrator's user list.
  await other.page.goto(`/people/user?q=${DEMO.user.username}`);
  const userRows = other.page.getByTestId('list-row');
  await expect(userRows.first()).toBeVisible();
  const usernames = await Promise.all((await userRows.all()).map((r) => cellText(r, 'Username')));
  const sellerRow = userRows.nth(usernames.indexOf(DEMO.user.username));
  expect(pesosOf(await cellText(sellerRow, 'Sales amount'))).toBe((before.seller + quote.total_cents) / 100);

  // The products' stock, on the product list: down by the quantities sold.
  for (const [i, product] of s.products.entries()) {
    await page.goto(`/product/list?q=${product.code}`);
    const row = page.getByTestId('list-row').filter({ hasText: product.code });
    await expect(row).toHaveCount(1);
    expect(Number(await cellText(row, 'Quantity'))).toBe(before.stock[i]! - quantities[i]!);
  }
  // The customer's figures, on the customer list: one more sale, its total owed.
  await page.goto(`/people/customer?q=${encodeURIComponent(s.customer.name)}`);
  const customerRow = page.getByTestId('list-row').filter({ hasText: s.customerLabel });
  await expect(customerRow).toHaveCount(1);
  expect(Number(await cellText(customerRow, 'Total sales'))).toBe(before.figures.total_sales + 1);
  expect(pesosOf(await cellText(customerRow, 'Total amount'))).toBe((before.figures.total_amount_cents + quote.total_cents) / 100);
  expect(pesosOf(await cellText(customerRow, 'Balance'))).toBe((before.figures.balance_cents + quote.total_cents) / 100);
});

test('an oversell is refused on the quantity itself and nothing is stored', async ({ page, request }) => {
  test.setTimeout(60_000);
  const s = await shop(request, 'Sobreventa');
  const product = s.products[0]!;
  const stock = await stockOf(s.admin, product);

  await openSignedIn(page, DEMO.user.username, DEMO.user.password, `/sale/list?q=${encodeURIComponent(s.customerLabel)}`);
  const list = page.getByTestId('sale-list');
  await expect(list.getByTestId('list-empty')).toBeVisible();

  await page.goto('/sale/add');
  const form = page.getByTestId('sale-form');
  await pick(form.getByTestId('field-customer'), s.customerLabel);
  await pick(form.getByTestId('field-store'), s.store.name);
  await fillLine(page, 0, product, stock + 1);
  await form.getByTestId('form-submit').click();

  const message = `Not enough stock of ${product.name}: ${stock} available.`;
  const line = page.getByTestId('line-0');
  await expect(line.getByTestId('line-error')).toHaveText(message);
  await expect(line.getByTestId('line-quantity')).toHaveAttribute('aria-invalid', 'true');
  await expect(line.getByTestId('line-quantity')).toBeFocused();
  await expect(page).toHaveURL(/\/sale\/add$/);

  // Nothing stored: the list still finds no sale of the customer, and the stock is whole.
  await page.goto(`/sale/list?q=${encodeURIComponent(s.customerLabel)}`);
  await expect(list.getByTestId('list-empty')).toBeVisible();
  expect(await s.admin.count('/api/sales', s.customerLabel)).toBe(0);
  expect(await stockOf(s.admin, product)).toBe(stock);
});

test('an administrator is sent away from /sale/add and the API refuses the sale (403)', async ({ page, request }) => {
  const s = await shop(request, 'Guardia');
  await openSignedIn(page, DEMO.admin.username, DEMO.admin.password, '/sale/list');
  await expect(page.getByTestId('sale-list')).toBeVisible();
  // No Add for an administrator.
  await expect(page.getByTestId('list-add')).toHaveCount(0);
  await page.goto('/sale/add');
  await expect(page).toHaveURL(/\/dashboards\/home$/);
  await expect(page.getByTestId('sale-form')).toHaveCount(0);

  // The server is the protection: the same session is refused a sale.
  const data = { sale_date: bogotaDate(), customer_id: s.customer.id, store_id: s.store.id, lines: [{ product_id: s.products[0]!.id, quantity: 1, price_cents: 100, discount_cents: 0 }] };
  const refused = await page.request.post('/api/sales', { multipart: { data: JSON.stringify(data) } });
  expect(refused.status(), await refused.text()).toBe(403);
  expect(((await refused.json()) as { code: string }).code).toBe('forbidden');
  expect(await s.admin.count('/api/sales', s.customerLabel)).toBe(0);
});

test('a sale is entered from the keyboard alone: search, Tab and Enter; Enter in the last quantity adds a line', async ({ page, request }) => {
  test.setTimeout(90_000);
  const word = `Kbv${tag()}`;
  const s = await shop(request, word);
  const quantities = [3, 5];
  const keys = page.keyboard;

  await openSignedIn(page, DEMO.user.username, DEMO.user.password, '/sale/add');
  const form = page.getByTestId('sale-form');
  // The customer has the focus (the date is today already); the pickers search what is typed and
  // Enter takes the match: the customer, then the store.
  await expect(form.getByTestId('field-customer')).toBeFocused();
  await keys.type(word);
  await expect(form.getByTestId('field-customer-option')).toHaveCount(1);
  await keys.press('Enter');
  await expectPicked(form.getByTestId('field-customer'), s.customer.id);
  await keys.press('Tab');
  await expect(form.getByTestId('field-store')).toBeFocused();
  await keys.type(word);
  await expect(form.getByTestId('field-store-option')).toHaveCount(1);
  await keys.press('Enter');
  await expectPicked(form.getByTestId('field-store'), s.store.id);
  await keys.press('Tab');
  await expect(form.getByTestId('field-customer-reference')).toBeFocused();
  await keys.type(`KB-${s.t}`);
  await tabTo(page, 'line-product');

  for (const [i, quantity] of quantities.entries()) {
    const row = page.getByTestId(`line-${i}`);
    await expect(row.getByTestId('line-product')).toBeFocused();
    await keys.type(s.products[i]!.code);
    await expect(row.getByTestId('line-code')).toHaveText(s.products[i]!.code);
    // Enter goes on to the quantity; the price came with the product.
    await keys.press('Enter');
    await expect(row.getByTestId('line-quantity')).toBeFocused();
    await expect(row.getByTestId('line-price')).toHaveValue(String(s.products[i]!.price_cents / 100));
    await keys.type(String(quantity));
    // Enter in the last quantity adds a line and moves to it.
    await keys.press('Enter');
    await expect(page.getByTestId(`line-${i + 1}`).getByTestId('line-product')).toBeFocused();
  }
  // One line too many: Escape takes it back and returns to the last quantity.
  await expect(page.getByTestId(/^line-\d+$/)).toHaveCount(3);
  await keys.press('Escape');
  await expect(page.getByTestId(/^line-\d+$/)).toHaveCount(2);
  await expect(page.getByTestId('line-1').getByTestId('line-quantity')).toBeFocused();
  await expect.poll(() => shownTotals(page, ['totals-subtotal'])).toEqual([3 * 170_000 + 5 * 25_000]);

  await tabTo(page, 'form-submit', 30);
  await keys.press('Enter');
  await expect(page).toHaveURL(/\/sale\/list/);
  const [sale] = await salesFound(s.user, `KB-${s.t}`);
  expect(sale, 'the sale was stored').toBeDefined();
  const stored = await s.user.read<Sale>(`/api/sales/${sale!.id}`);
  expect(stored.lines!.map((l) => [l.product_id, l.quantity, l.price_cents])).toEqual(quantities.map((q, i) => [s.products[i]!.id, q, s.products[i]!.price_cents]));
  expect(stored.approval_status).toBe('pending');
});

test('a pending sale is corrected: one unit more and an image; the stock moves by the difference', async ({ page, request }) => {
  test.setTimeout(60_000);
  const s = await shop(request, 'Correccion');
  const product = s.products[1]!;
  const sale = await createSale(s.user, {
    customerId: s.customer.id,
    storeId: s.store.id,
    saleDate: bogotaDate(),
    reference: `CO-${s.t}`,
    lines: [{ product_id: product.id, quantity: 2, price_cents: product.price_cents }],
  });
  const stock = await stockOf(s.admin, product);

  await openSignedIn(page, DEMO.user.username, DEMO.user.password, `/sale/edit/${sale.id}`);
  const form = page.getByTestId('sale-form');
  await expectPicked(form.getByTestId('field-customer'), s.customer.id);
  const line = page.getByTestId('line-0');
  await expect(line.getByTestId('line-code')).toHaveText(product.code);
  await line.getByTestId('line-quantity').fill('3');
  await expect(line.getByTestId('line-total')).toHaveText(/75,000/);
  await form.locator('input[type="file"]').setInputFiles({ ...pngFile('pedido.png') });
  await form.getByTestId('form-submit').click();
  await expect(page).toHaveURL(/\/sale\/list/);

  const stored = await s.user.read<Sale & { images: unknown[] }>(`/api/sales/${sale.id}`);
  expect([stored.lines![0]!.quantity, stored.images.length, stored.approval_status]).toEqual([3, 1, 'pending']);
  expect(await stockOf(s.admin, product)).toBe(stock - 1);
});

test('the details dialog shows the lines, totals and seller; an admin rejects from it; the seller then reads the reason', async ({ page, newClient, request }) => {
  test.setTimeout(90_000);
  const s = await shop(request, 'Detalle');
  const sale = await createSale(s.user, {
    customerId: s.customer.id,
    storeId: s.store.id,
    saleDate: bogotaDate(),
    reference: `DT-${s.t}`,
    lines: [
      { product_id: s.products[0]!.id, quantity: 2, price_cents: s.products[0]!.price_cents, discount_cents: 1_000_000 },
      { product_id: s.products[2]!.id, quantity: 1, price_cents: s.products[2]!.price_cents },
    ],
  });
  const stock = await stockOf(s.admin, s.products[0]!);

  const admin = await newClient();
  await openSignedIn(admin.page, DEMO.admin.username, DEMO.admin.password, `/sale/list?q=${sale.number}`);
  const row = admin.page.getByTestId('list-row').filter({ hasText: exactly(sale.number) });
  await expect(row).toHaveCount(1);
  // The date range filter lives in the URL: from tomorrow finds nothing, from today the sale.
  const from = admin.page.getByTestId('filter-from-to-from');
  await from.fill(bogotaDate(1));
  await expect(admin.page).toHaveURL(new RegExp(`from=${bogotaDate(1)}`));
  await expect(admin.page.getByTestId('sale-list').getByTestId('list-empty')).toBeVisible();
  await from.fill(bogotaDate());
  await expect(admin.page).toHaveURL(new RegExp(`from=${bogotaDate()}`));
  await row.getByTestId('sale-number').click();
  const dialog = admin.page.getByTestId('sale-detail');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('sale-detail-line')).toHaveCount(2);
  await expect(dialog.getByTestId('sale-detail-seller')).toHaveText((await sellerName(s.user)).name);
  // 2 × 170.000 − 10.000, and 1 × 80.000.
  await expect(dialog.getByTestId('sale-detail-line-total')).toHaveText([/330,000/, /80,000/]);
  expect(pesosOf((await dialog.getByTestId('totals-total').textContent()) ?? '')).toBe(sale.totals.total_cents / 100);
  await expect(dialog.getByTestId('sale-detail-edit')).toHaveCount(0);

  await dialog.getByTestId('row-reject').click();
  await admin.page.getByTestId('reject-reason').fill('Precio sin acordar');
  await admin.page.getByTestId('reject-reason').press('Enter');
  await expect(dialog.getByTestId('approval-status')).toHaveAttribute('data-status', 'rejected');
  await expect(dialog.getByTestId('sale-detail-rejection')).toContainText('Precio sin acordar');
  await expect(dialog.getByTestId('row-approve')).toHaveCount(0);
  // A rejected sale gives its units back.
  expect(await stockOf(s.admin, s.products[0]!)).toBe(stock + 2);

  // The seller finds it read-only, with the administrator's reason.
  await openSignedIn(page, DEMO.user.username, DEMO.user.password, `/sale/edit/${sale.id}`);
  const form = page.getByTestId('sale-form');
  await expect(form.getByTestId('sale-read-only')).toBeVisible();
  await expect(form.getByTestId('rejection-reason')).toHaveText('Precio sin acordar');
  await expect(form.getByTestId('form-submit')).toHaveCount(0);
  await expect(form.getByTestId('line-quantity').first()).toBeDisabled();
});

test('a seller finds their own name in the seller column and in the seller filter, which finds their sale', async ({ page, request }) => {
  test.setTimeout(60_000);
  const s = await shop(request, 'Vendedor');
  const me = await sellerName(s.user);
  const sale = await createSale(s.user, {
    customerId: s.customer.id,
    storeId: s.store.id,
    saleDate: bogotaDate(),
    reference: `VE-${s.t}`,
    lines: [{ product_id: s.products[2]!.id, quantity: 1, price_cents: s.products[2]!.price_cents }],
  });

  await openSignedIn(page, DEMO.user.username, DEMO.user.password, `/sale/list?q=${sale.number}`);
  const row = page.getByTestId('list-row').filter({ hasText: exactly(sale.number) });
  await expect(row).toHaveCount(1);
  expect(await cellText(row, 'Seller')).toBe(me.name);

  // The filter offers the seller by name (not "You", not a number), and keeps the sale when chosen.
  const filter = page.getByTestId('filter-seller');
  await expect(filter.locator('option', { hasText: me.name })).toHaveAttribute('value', String(me.id));
  await filter.selectOption({ label: me.name });
  await expect(page).toHaveURL(new RegExp(`seller=${me.id}(&|$)`));
  await expect(row).toHaveCount(1);
});

test('two customers of the same name are told apart by their cédula on the sale form and in the sale’s details; the second one picked is the sale’s', async ({ page, request }) => {
  test.setTimeout(90_000);
  const s = await shop(request, 'Homonimo');
  // Two different people of one name, each with her own cédula, in the seller's company.
  const name = `Ana Homónima ${s.t}`;
  type Customer = Party & { document_type: string; document_number: string };
  const anas: Customer[] = [];
  for (const n of [1, 2]) {
    const cedula = `${n}${String(Date.now() % 1e8).padStart(8, '0')}${n}`;
    anas.push((await customerWithProfile(s.admin, name, { person_type: 'natural', gran_contribuyente: false, document_type: 'CC', document_number: cedula },
      s.customer.company_id)) as Customer);
  }
  const documentOf = (c: Customer) => `CC ${c.document_number}`;

  await openSignedIn(page, DEMO.user.username, DEMO.user.password, '/sale/add');
  const form = page.getByTestId('sale-form');
  const field = form.getByTestId('field-customer');
  await field.click();
  await field.fill(name);
  const named = pickerOptions(field).filter({ has: page.locator('[data-part="label"]', { hasText: new RegExp(`^${name}$`) }) });
  await expect(named).toHaveCount(2);
  // Each with her own document, muted beside the name, and said with it to a screen reader.
  const shown = await named.locator('[data-part="detail"]').allTextContents();
  expect([...shown].sort()).toEqual(anas.map(documentOf).sort());
  await expect(named.nth(0)).toHaveAccessibleName(`${name}, ${shown[0]}`);
  await expect(named.nth(1)).toHaveAccessibleName(`${name}, ${shown[1]}`);
  const second = anas.find((a) => documentOf(a) === shown[1])!;

  // The cédula typed finds that one customer (the list's search matches document numbers).
  await field.fill(second.document_number);
  await expect(optionDetails(field)).toHaveText([documentOf(second)]);
  await field.fill(name);
  await expect(named).toHaveCount(2);
  await named.nth(1).click();
  await expectPicked(field, second.id);
  await expect(field).toHaveValue(name);
  await expect(field).toHaveAttribute('title', `${name} · ${documentOf(second)}`);

  await pick(form.getByTestId('field-store'), s.store.name);
  await form.getByTestId('field-customer-reference').fill(`HM-${s.t}`);
  await fillLine(page, 0, s.products[2]!, 1);
  await form.getByTestId('form-submit').click();
  await expect(page).toHaveURL(/\/sale\/list/);
  const [sale] = await salesFound(s.user, `HM-${s.t}`);
  expect(sale?.customer_id, 'the sale is the second Ana’s').toBe(second.id);

  // Its details name her; its form holds her (not the other Ana).
  await page.goto(`/sale/list?q=${sale!.number}`);
  await page.getByTestId('list-row').filter({ hasText: exactly(sale!.number) }).getByTestId('sale-number').click();
  await expect(page.getByTestId('sale-detail').getByTestId('sale-detail-customer')).toHaveText(name);
  // Her document beside her name, as the picker showed it: the details tell the two Anas apart.
  await expect(page.getByTestId('sale-detail').getByTestId('sale-detail-customer-document')).toHaveText(documentOf(second));
  await page.goto(`/sale/edit/${sale!.id}`);
  await expectPicked(page.getByTestId('sale-form').getByTestId('field-customer'), second.id);
});

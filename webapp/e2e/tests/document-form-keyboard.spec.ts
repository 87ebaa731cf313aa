/**
 * Issue 9, point 12: the document form works from the keyboard alone. A user creates a purchase
 * with two lines without touching the mouse — type-ahead in the selects, Enter walking each line
 * and adding the next one after the last quantity, Escape taking back the line one Enter too many
 * added, Space on the file input, Enter on Save — and the totals panel shows exactly what the
 * server's quote computes for those lines before the purchase is saved with them.
 */
import { openSignedIn, pesosOf, tabTo } from '../support/app';
import { test } from '../support/fixtures';
import { Api, expect, type Product, pngFile, tag } from '../support/masterdata';
import { bogotaDate, productOfClass, store as createStore, supplierWithProfile } from '../support/purchasing';
import { DEMO } from '../support/users';
import { expectPicked } from '../support/picker';

const RESPONSIBLE_JURIDICA = { person_type: 'juridica', declarante: true, iva_responsible: true, gran_contribuyente: false, autorretenedor: false } as const;

interface Quote {
  subtotal_cents: number;
  vat_cents: number;
  withholding_income_cents: number;
  withholding_vat_cents: number;
  total_to_pay_cents: number;
}

test('a purchase with two lines is created from the keyboard alone and shows the totals the server computed', async ({ page, request }) => {
  test.setTimeout(90_000);
  const t = tag();
  // Names start with a word of their own, so a picker's search finds exactly them.
  const word = `Kbd${t}`;
  const admin = await Api.admin(request);
  const supplier = await supplierWithProfile(admin, `${word} S.A.S.`, RESPONSIBLE_JURIDICA);
  const category = await admin.category(word);
  const store = await createStore(admin, word, supplier.company_id);
  const products: Product[] = [
    await productOfClass(admin, { code: `KA-${t}`, name: `Aceite ${t}`, categoryId: category.id, costCents: 8_500_000, iva: '19' }),
    await productOfClass(admin, { code: `KB-${t}`, name: `Harina ${t}`, categoryId: category.id, costCents: 1_250_000, iva: '5' }),
  ];
  const quantities = [10, 20];
  const expiry = bogotaDate(365);
  const reference = `KB-${t}`;

  await openSignedIn(page, DEMO.user.username, DEMO.user.password, '/purchase/add');
  const form = page.getByTestId('purchase-form');
  const keys = page.keyboard;

  // The reference has the focus; Tab walks the header.
  await expect(form.getByTestId('field-reference-no')).toBeFocused();
  await keys.type(reference);
  await keys.press('Tab');
  await expect(form.getByTestId('field-supplier')).toBeFocused();
  // The pickers search as one types: Enter takes the match (and does not save the form).
  await keys.type(word);
  await expect(form.getByTestId('field-supplier-option')).toHaveCount(1);
  await keys.press('Enter');
  await expectPicked(form.getByTestId('field-supplier'), supplier.id);
  await keys.press('Tab');
  await expect(form.getByTestId('field-store')).toBeFocused();
  await keys.type(word);
  await expect(form.getByTestId('field-store-option')).toHaveCount(1);
  await keys.press('Enter');
  await expectPicked(form.getByTestId('field-store'), store.id);
  await tabTo(page, 'line-category');

  for (const [i, product] of products.entries()) {
    const row = page.getByTestId(`line-${i}`);
    await expect(row.getByTestId('line-category')).toBeFocused();
    await keys.type(word);
    await expect(row.getByTestId('line-category-option')).toHaveCount(1);
    await keys.press('Enter');
    await expectPicked(row.getByTestId('line-category'), category.id);
    // Enter walks the line: product, expiry date, cost, quantity.
    await keys.press('Enter');
    await expect(row.getByTestId('line-product')).toBeFocused();
    await keys.type(product.code);
    await expect(row.getByTestId('line-code')).toHaveText(product.code);
    await keys.press('Enter');
    await expect(row.getByTestId('line-expiry')).toBeFocused();
    await keys.type(expiry); // English dates are ISO (lib/dates), whatever the browser
    await expect(row.getByTestId('line-expiry')).toHaveValue(expiry);
    await keys.press('Enter');
    // The catalog's cost came with the product.
    await expect(row.getByTestId('line-cost')).toBeFocused();
    await expect(row.getByTestId('line-cost')).toHaveValue(String(product.cost_cents / 100));
    await keys.press('Enter');
    await expect(row.getByTestId('line-quantity')).toBeFocused();
    await keys.type(String(quantities[i]));
    // Enter in the last quantity adds a line and moves to it.
    await keys.press('Enter');
    await expect(page.getByTestId(`line-${i + 1}`).getByTestId('line-category')).toBeFocused();
  }
  // One line too many: Escape takes it back and returns to the last quantity.
  await expect(page.getByTestId(/^line-\d+$/)).toHaveCount(3);
  await keys.press('Escape');
  await expect(page.getByTestId(/^line-\d+$/)).toHaveCount(2);
  await expect(page.getByTestId('line-1').getByTestId('line-quantity')).toBeFocused();

  // The panel shows what the server's quote says for these lines.
  const quoteAnswer = await admin.post('/api/purchases/quote', {
    supplier_id: supplier.id,
    purchase_date: bogotaDate(),
    lines: products.map((p, i) => ({ category_id: category.id, product_id: p.id, cost_cents: p.cost_cents, quantity: quantities[i] })),
    discount_cents: 0,
    shipping_cents: 0,
  });
  expect(quoteAnswer.status(), await quoteAnswer.text()).toBe(200);
  const quote = ((await quoteAnswer.json()) as { data: { totals: Quote } }).data.totals;
  expect(quote.subtotal_cents).toBe(110_000_000);
  const expected: [string, number][] = [
    ['totals-subtotal', quote.subtotal_cents / 100],
    ['totals-vat', quote.vat_cents / 100],
    ['totals-withholding-income', quote.withholding_income_cents / 100],
    ['totals-withholding-vat', quote.withholding_vat_cents / 100],
    ['totals-total-to-pay', quote.total_to_pay_cents / 100],
  ];
  await expect
    .poll(async () => {
      const shown: [string, number][] = [];
      for (const [id] of expected) shown.push([id, pesosOf((await page.getByTestId(id).textContent()) ?? '')]);
      return shown;
    })
    .toEqual(expected);

  // The invoice image: Space on the file input opens the chooser.
  await tabTo(page, 'image-input');
  const chooser = page.waitForEvent('filechooser');
  await keys.press('Space');
  await (await chooser).setFiles({ ...pngFile('factura.png') });
  await expect(form.getByTestId('image-remove')).toHaveCount(1);

  // Save, with Enter on the button.
  await tabTo(page, 'form-submit');
  await keys.press('Enter');
  await expect(page).toHaveURL(/\/purchase\/list/);
  const [saved] = (await admin.list<{ id: number; reference_no: string }>('/api/purchases', { q: reference })).data;
  expect(saved?.reference_no).toBe(reference);
  const stored = await admin.read<{ approval_status: string; lines: Array<{ product_id: number; quantity: number; cost_cents: number }>; totals: Quote }>(
    `/api/purchases/${saved!.id}`,
  );
  expect(stored.approval_status).toBe('pending');
  expect(stored.lines.map((l) => [l.product_id, l.quantity, l.cost_cents])).toEqual(products.map((p, i) => [p.id, quantities[i], p.cost_cents]));
  expect(stored.totals.total_to_pay_cents).toBe(quote.total_to_pay_cents);
});

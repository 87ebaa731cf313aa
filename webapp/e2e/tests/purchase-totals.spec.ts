/**
 * Issue 4, journeys 2 and 3 (purchases): the worked example of DESIGN §5 typed into the purchase
 * form shows the server's totals exactly, for a withholding- and ReteIVA-agent buyer and a
 * declarante persona jurídica that charges VAT; and a second purchase with a reference the same
 * supplier already used is refused with 'Reference Number is already taken.' and not stored.
 * Issue 9, point 15: a rejected purchase shows the administrator's reason on its page, and the
 * user corrects it and sends it again (pending, reason gone, the administrators told again).
 * A purchase dated in a year without a UVT: the totals say so and lead an administrator to the
 * UVT page; the chosen supplier's NIT shows under its name.
 */
import { openSignedIn, pesosOf } from '../support/app';
import { test, type Page } from '../support/fixtures';
import { Api, expect, type Party, type Product, pngFile, type Record, tag } from '../support/masterdata';
import {
  bogotaDate,
  companyTaxFlags,
  createPurchase,
  type IVAClass,
  productOfClass,
  setCompanyTaxFlags,
  store as createStore,
  supplierWithProfile,
} from '../support/purchasing';
import { DEMO } from '../support/users';
import { pick } from '../support/picker';

const RESPONSIBLE_JURIDICA = { person_type: 'juridica', declarante: true, iva_responsible: true, gran_contribuyente: false, autorretenedor: false } as const;

/** Fills line `index` of the purchase form; the product is picked from the line's suggestions. */
async function fillLine(page: Page, index: number, category: Record, product: Product, line: { costPesos: number; quantity: number; productsInCategory: number }) {
  const row = page.getByTestId(`line-${index}`);
  await pick(row.getByTestId('line-category'), category.name);
  // The suggestions of the category arrive from the API: pick once they are there.
  await expect(row.locator('datalist option')).toHaveCount(line.productsInCategory);
  await row.getByTestId('line-product').fill(`${product.code} — ${product.name}`);
  await expect(row.getByTestId('line-code')).toHaveText(product.code);
  await row.getByTestId('line-expiry').fill(bogotaDate(365));
  await row.getByTestId('line-cost').fill(String(line.costPesos));
  await row.getByTestId('line-quantity').fill(String(line.quantity));
}

test.describe('purchases', () => {
  let admin: Api;
  let supplier: Party;
  let category: Record;
  let store: Record;
  const products: Product[] = [];
  const t = tag();

  test.beforeEach(async ({ request }) => {
    admin = await Api.admin(request);
    if (products.length) return;
    supplier = await supplierWithProfile(admin, `Comercializadora ${t} S.A.S.`, RESPONSIBLE_JURIDICA);
    category = await admin.category(`Abarrotes ${t}`);
    store = await createStore(admin, `Bodega ${t}`, supplier.company_id);
    const classes: [IVAClass, number, string][] = [
      ['19', 8_500_000, 'Aceite'],
      ['5', 1_250_000, 'Harina'],
      ['excluido', 4_000_000, 'Arroz'],
    ];
    for (const [iva, costCents, name] of classes) {
      products.push(await productOfClass(admin, { code: `P${iva.slice(0, 2)}-${t}`, name: `${name} ${t}`, categoryId: category.id, costCents, iva }));
    }
  });

  test('the worked example of DESIGN §5 shows the exact totals', async ({ page }) => {
    test.setTimeout(60_000);
    const companyId = supplier.company_id;
    const saved = await companyTaxFlags(admin, companyId);
    await setCompanyTaxFlags(admin, companyId, { has_taxes: true, withholding_agent: true, reteiva_agent: true });
    try {
      await openSignedIn(page, DEMO.admin.username, DEMO.admin.password, '/purchase/add');
      const form = page.getByTestId('purchase-form');
      await form.getByTestId('field-reference-no').fill(`FV-${t}`);
      await pick(form.getByTestId('field-supplier'), supplier.name);
      await pick(form.getByTestId('field-store'), store.name);
      const lines = [
        { costPesos: 85_000, quantity: 10 },
        { costPesos: 12_500, quantity: 20 },
        { costPesos: 40_000, quantity: 5 },
      ];
      for (const [i, line] of lines.entries()) {
        if (i > 0) await form.getByTestId('line-add').click();
        await fillLine(page, i, category, products[i]!, { ...line, productsInCategory: products.length });
      }
      const subtotals = await Promise.all(lines.map((_, i) => page.getByTestId(`line-${i}`).getByTestId('line-subtotal').textContent()));
      expect(subtotals.map((s) => pesosOf(s ?? ''))).toEqual([850_000, 250_000, 200_000]);
      await form.getByTestId('field-discount').fill('65000');
      await form.getByTestId('field-shipping').fill('60000');

      const expected: [string, number][] = [
        ['totals-taxable-base', 1_295_000],
        ['totals-vat', 176_700],
        ['totals-withholding-income', 32_375],
        ['totals-withholding-vat', 26_505],
        ['totals-total-to-pay', 1_412_820],
      ];
      // The panel shows the server's quote once the typing settles.
      await expect
        .poll(async () => {
          const shown: [string, number][] = [];
          for (const [id] of expected) shown.push([id, pesosOf((await page.getByTestId(id).textContent()) ?? '')]);
          return shown;
        })
        .toEqual(expected);
      await expect(page.getByTestId('totals-error')).toHaveCount(0);
    } finally {
      await setCompanyTaxFlags(admin, companyId, saved);
    }
    expect(await companyTaxFlags(admin, companyId)).toEqual(saved);
  });

  test('a date in a year without a UVT: the totals lead an administrator to the UVT page; the supplier shows with its NIT', async ({ page }) => {
    test.setTimeout(60_000);
    const companyId = supplier.company_id;
    const saved = await companyTaxFlags(admin, companyId);
    // Withholding needs the year's UVT (its minimum bases): a buyer that withholds is refused a quote without it.
    await setCompanyTaxFlags(admin, companyId, { has_taxes: true, withholding_agent: true });
    const name = `Distribuidora NIT ${t} S.A.S.`;
    const withNit = await admin.create<Party & { document_type: string; document_number: string; verification_digit?: string }>('/api/suppliers', {
      name,
      company: name,
      city: 'Bogotá',
      ...RESPONSIBLE_JURIDICA,
      document_type: 'NIT',
      document_number: `9${String(Date.now()).slice(-8)}`,
    });
    try {
      await openSignedIn(page, DEMO.admin.username, DEMO.admin.password, '/purchase/add');
      const form = page.getByTestId('purchase-form');
      await form.getByTestId('field-purchase-date').fill('2035-03-15');
      await pick(form.getByTestId('field-supplier'), name);
      const nit = `NIT ${withNit.document_number}${withNit.verification_digit ? `-${withNit.verification_digit}` : ''}`;
      await expect(form.getByTestId('field-supplier-document')).toHaveText(nit);
      await pick(form.getByTestId('field-store'), store.name);
      await fillLine(page, 0, category, products[0]!, { costPesos: 85_000, quantity: 10, productsInCategory: products.length });
      const error = page.getByTestId('totals-error');
      await expect(error).toHaveText('No UVT value for 2035. Add the UVT of 2035');
      // Saving anyway is refused: the toast says the way forward too, not "an administrator must add it".
      await form.getByTestId('field-reference-no').fill(`UVT-${t}`);
      await form.locator('input[type="file"]').setInputFiles({ ...pngFile('invoice.png') });
      await form.getByTestId('form-submit').click();
      const refused = page.locator('[data-sonner-toast]').filter({ hasText: 'Error creating purchase' });
      await expect(refused).toContainText('No UVT value for 2035. Add the UVT of 2035');
      await expect(refused).not.toContainText('must add it');
      await expect(refused.getByRole('link', { name: 'Add the UVT of 2035' })).toHaveAttribute('href', '/setting/uvt');
      await error.getByTestId('missing-uvt-link').click();
      await expect(page).toHaveURL(/\/setting\/uvt$/);
    } finally {
      await setCompanyTaxFlags(admin, companyId, saved);
    }
  });

  test('a reference the supplier already used is refused and nothing is stored', async ({ page }) => {
    test.setTimeout(60_000);
    const reference = `DUP-${t}`;
    await createPurchase(admin, {
      referenceNo: reference,
      supplierId: supplier.id,
      storeId: store.id,
      purchaseDate: bogotaDate(),
      lines: [{ category_id: category.id, product_id: products[0]!.id, expiry_date: bogotaDate(365), cost_cents: 8_500_000, quantity: 1 }],
    });
    expect(await admin.count('/api/purchases', reference)).toBe(1);

    await openSignedIn(page, DEMO.admin.username, DEMO.admin.password, '/purchase/add');
    const form = page.getByTestId('purchase-form');
    // Another case of the same reference: the rule compares lower(reference_no).
    await form.getByTestId('field-reference-no').fill(reference.toLowerCase());
    await pick(form.getByTestId('field-supplier'), supplier.name);
    await pick(form.getByTestId('field-store'), store.name);
    await fillLine(page, 0, category, products[1]!, { costPesos: 12_500, quantity: 2, productsInCategory: products.length });
    await form.locator('input[type="file"]').setInputFiles({ ...pngFile('invoice.png') });
    await form.getByTestId('form-submit').click();
    await expect(form.getByText('Reference Number is already taken.')).toBeVisible();
    await expect(page).toHaveURL(/\/purchase\/add/);
    expect(await admin.count('/api/purchases', reference)).toBe(1);
  });
});

test.describe('a rejected purchase', () => {
  test('shows its reason, is corrected and sent again for approval', async ({ page, request }) => {
    test.setTimeout(60_000);
    const t = tag();
    const admin = await Api.admin(request);
    const user = await Api.as(request, DEMO.user.username, DEMO.user.password);
    const supplier = await supplierWithProfile(admin, `Rechazos ${t} S.A.S.`, RESPONSIBLE_JURIDICA);
    const category = await admin.category(`Rechazos ${t}`);
    const shop = await createStore(admin, `Bodega R ${t}`, supplier.company_id);
    const product = await productOfClass(admin, { code: `R-${t}`, name: `Azúcar ${t}`, categoryId: category.id, costCents: 300_000, iva: '19' });
    const purchase = await createPurchase(user, {
      referenceNo: `REJ-${t}`,
      supplierId: supplier.id,
      storeId: shop.id,
      purchaseDate: bogotaDate(),
      lines: [{ category_id: category.id, product_id: product.id, expiry_date: bogotaDate(365), cost_cents: 30_000_000, quantity: 2 }],
    });
    const reason = `The cost of ${product.code} is 3.000, not 300.000`;
    expect((await admin.post(`/api/purchases/${purchase.id}/reject`, { reason })).status()).toBe(200);
    // The administrators' "awaits approval" notifications of this purchase: one, of its creation.
    const asks = async () =>
      (await admin.list<{ entity_id: number; message: string }>('/api/notifications', { kind: 'purchase', per_page: 100 })).data.filter(
        (n) => n.entity_id === purchase.id && n.message.includes('awaits approval'),
      ).length;
    await expect.poll(asks).toBe(1);

    await openSignedIn(page, DEMO.user.username, DEMO.user.password, `/purchase/edit/${purchase.id}`);
    const form = page.getByTestId('purchase-form');
    await expect(form.getByTestId('rejection-banner')).toBeVisible();
    await expect(form.getByTestId('rejection-reason')).toHaveText(reason);
    await expect(form.getByTestId('approval-status')).toHaveAttribute('data-status', 'rejected');
    const save = form.getByTestId('form-submit');
    await expect(save).toHaveText('Save and send again');

    await page.getByTestId('line-0').getByTestId('line-cost').fill('3000');
    await expect(page.getByTestId('line-0').getByTestId('line-subtotal')).toHaveText(/6,000/);
    await save.click();
    await expect(page).toHaveURL(/\/purchase\/list/);

    const stored = await admin.read<{ approval_status: string; approval_reason: string; lines: Array<{ cost_cents: number }> }>(`/api/purchases/${purchase.id}`);
    expect([stored.approval_status, stored.approval_reason, stored.lines.map((l) => l.cost_cents)]).toEqual(['pending', '', [300_000]]);
    // The administrators are asked again, as for a new purchase.
    await expect.poll(asks).toBe(2);
  });
});

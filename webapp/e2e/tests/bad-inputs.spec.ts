/**
 * Issue 3, journey 4: bad inputs store nothing and say why, on the field that is wrong. After
 * each attempt the API (as the admin) confirms that nothing was stored.
 */
import { openSignedIn } from '../support/app';
import { test, type Page } from '../support/fixtures';
import { Api, bigPngFile, expect, pdfAsPngFile, pngFile, type Product, tag } from '../support/masterdata';
import { DEMO } from '../support/users';
import { clearPick, pick } from '../support/picker';

/** Fills the product form with valid values. */
async function fillProduct(page: Page, code: string, name: string, categoryName: string): Promise<void> {
  const form = page.getByTestId('product-form');
  await form.getByTestId('field-code').fill(code);
  await form.getByTestId('field-name').fill(name);
  await pick(form.getByTestId('field-category-id'), categoryName);
  await form.getByTestId('field-cost').fill('1.000');
  await form.getByTestId('field-price').fill('2.000');
}

test('duplicate username: the field says it is taken and no second user exists', async ({ page, request }) => {
  test.slow();
  const marker = `Duplicado${tag()}`;
  const admin = await Api.admin(request);
  const before = await admin.count('/api/users', 'user');

  await openSignedIn(page, DEMO.admin.username, DEMO.admin.password, '/people/user');
  await page.getByTestId('list-add').click();
  const form = page.getByTestId('user-form');
  await form.getByTestId('field-username').fill(DEMO.user.username);
  await pick(form.getByTestId('field-company-id'), 'Demo S.A.S.');
  await form.getByTestId('field-first-name').fill(marker);
  await form.getByTestId('field-password').fill('Otra123!x');
  await form.getByTestId('field-password-confirmation').fill('Otra123!x');
  await form.getByTestId('form-submit').click();

  await expect(form.getByText('The username has already been taken.')).toBeVisible();
  await expect(form.getByTestId('field-username')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('User Save Failed')).toBeVisible();
  await expect(form).toBeVisible();

  expect(await admin.count('/api/users', marker)).toBe(0);
  expect(await admin.count('/api/users', 'user')).toBe(before);
});

test('product: duplicate code, missing fields, a 5 MB image (Spanish) and a PDF named .png store nothing', async ({ page, request }) => {
  test.slow();
  const t = tag();
  const admin = await Api.admin(request);
  const category = await admin.category(`Ferretería ${t}`);
  const original = await admin.product({ code: `DUP-${t}`, name: `Martillo ${t}`, categoryId: category.id });
  const products = () => admin.count('/api/products', t);
  expect(await products()).toBe(1);

  // Spanish from the first paint: the client's messages come in the user's language.
  await page.addInitScript(() => localStorage.setItem('i18nextLng', 'es'));
  await openSignedIn(page, DEMO.admin.username, DEMO.admin.password, '/product/list');
  const form = page.getByTestId('product-form');

  // Duplicate code.
  await page.getByTestId('list-add').click();
  await fillProduct(page, original.code, `Otro martillo ${t}`, category.name);
  await form.getByTestId('form-submit').click();
  await expect(form.getByText('El código ya está en uso.')).toBeVisible();
  await expect(form.getByTestId('field-code')).toHaveAttribute('aria-invalid', 'true');
  expect(await products()).toBe(1);
  expect((await admin.read<Product>(`/api/products/${original.id}`)).name).toBe(original.name);

  // Missing required fields: the client stops it, every required field says so.
  for (const field of ['field-code', 'field-name']) await form.getByTestId(field).fill('');
  await clearPick(form.getByTestId('field-category-id'));
  await form.getByTestId('field-unit').fill('');
  await form.getByTestId('form-submit').click();
  for (const field of ['field-code', 'field-name', 'field-category-id', 'field-unit']) {
    await expect(form.getByTestId(field)).toHaveAttribute('aria-invalid', 'true');
  }
  await expect(form.getByText('Este campo es obligatorio.')).toHaveCount(4);

  // A 5 MB "image": refused before upload, in Spanish; nothing is added to the form.
  await form.getByTestId('image-input').setInputFiles(bigPngFile());
  await expect(form.getByTestId('image-error')).toHaveText('El tamaño máximo del archivo es 4 MB');
  await expect(form.getByRole('img')).toHaveCount(0);
  await form.getByRole('button', { name: 'Cancelar' }).click();
  await expect(form).toBeHidden();
  expect(await products()).toBe(1);

  // A PDF renamed .png passes the browser's check (its type comes from the name); the server
  // reads the bytes and refuses it.
  const pdfCode = `PDF-${t}`;
  await page.getByTestId('list-add').click();
  await fillProduct(page, pdfCode, `Manual ${t}`, category.name);
  await form.getByTestId('image-input').setInputFiles(pdfAsPngFile());
  await expect(form.getByTestId('image-error')).toHaveCount(0);
  await form.getByTestId('form-submit').click();
  await expect(form.getByTestId('image-error')).toHaveText('El archivo debe ser una imagen (PNG, JPEG, GIF o WebP).');
  await expect(form).toBeVisible();
  expect(await products()).toBe(1);
  expect(await admin.count('/api/products', pdfCode)).toBe(0);

  // The server keeps the same rules for callers other than this form.
  const tooBig = await admin.postForm('/api/products', { ...productForm(`BIG-${t}`, category.id), images: bigPngFile() });
  expect(tooBig.status(), await tooBig.text()).toBe(422);
  expect(await tooBig.text()).toContain('Max file size should be 4MB');
  const notImage = await admin.postForm('/api/products', { ...productForm(`PDF2-${t}`, category.id), images: pdfAsPngFile() });
  expect(notImage.status()).toBe(422);
  expect(await notImage.text()).toContain('The file must be an image (PNG, JPEG, GIF or WebP).');
  const empty = await admin.postForm('/api/products', { code: '', name: '', images: pngFile() });
  expect(empty.status()).toBe(422);
  const fields = ((await empty.json()) as { fields: Record<string, string> }).fields;
  expect(fields).toMatchObject({ code: 'Code is required.', name: 'Name is required.', category_id: 'Please select a category.', unit: 'Unit is required.' });
  expect(await products()).toBe(1);
});

test('supplier without a name: the required message, and nothing stored', async ({ page, request }) => {
  test.slow();
  const admin = await Api.admin(request);
  const note = `nota ${tag()}`;
  const before = (await admin.list('/api/suppliers', { per_page: 1 })).meta.total;

  await openSignedIn(page, DEMO.user.username, DEMO.user.password, '/people/supplier');
  await page.getByTestId('list-add').click();
  const form = page.getByTestId('supplier-form');
  await form.getByTestId('field-city').fill('Bogotá');
  await form.getByTestId('field-note').fill(note);
  await form.getByTestId('form-submit').click();
  await expect(form.getByTestId('field-name')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByText('This field is required.')).toBeVisible();
  // A legal entity needs its company name too.
  await form.getByTestId('field-person-type').selectOption('juridica');
  await form.getByTestId('form-submit').click();
  await expect(form.getByTestId('field-company')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByText('This field is required.')).toHaveCount(2);

  // The server answers the same to a caller that skips the form.
  const user = await Api.as(request, DEMO.user.username, DEMO.user.password);
  const refused = await user.post('/api/suppliers', { name: ' ', city: 'Bogotá', note });
  expect(refused.status()).toBe(422);
  expect(((await refused.json()) as { fields: Record<string, string> }).fields.name).toBe('Name is required.');
  expect((await admin.list('/api/suppliers', { per_page: 1 })).meta.total).toBe(before);
});

/** A valid product form body but for what the test puts in. */
function productForm(code: string, categoryId: number): Record<string, string> {
  return { code, name: `Producto ${code}`, category_id: String(categoryId), unit: 'und', cost_cents: '100', price_cents: '200', quantity: '1', alert_quantity: '0', iva_class: '19', kind: 'goods' };
}

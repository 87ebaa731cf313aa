/**
 * Issue 3, journey 3 (catalog): a category, then a product with an image from the form; the
 * search finds it, its price is edited, its image is served, and the Excel export of the
 * searched list holds exactly the rows the list shows.
 */
import { openSignedIn } from '../support/app';
import { test } from '../support/fixtures';
import { Api, expect, pngFile, type Product, readSheet, tag } from '../support/masterdata';
import { DEMO } from '../support/users';
import { pick } from '../support/picker';

test('category and product with an image: search, edit the price, image served, export of the filtered list', async ({ page, request }) => {
  test.slow();
  const t = tag();
  const categoryName = `Bebidas ${t}`;
  const code = `CAF-${t}`.toUpperCase();
  const name = `Café molido ${t}`;
  const image = pngFile('cafe.png');

  await openSignedIn(page, DEMO.user.username, DEMO.user.password, '/category/list');
  await page.getByTestId('list-add').click();
  const categoryForm = page.getByTestId('category-form');
  await categoryForm.getByTestId('field-name').fill(categoryName);
  await categoryForm.getByTestId('form-submit').click();
  await expect(categoryForm).toBeHidden();
  await expect(page.getByTestId('list-row').filter({ hasText: categoryName })).toHaveCount(1);

  // Two more products of the same search word (one made by API) and one that the search leaves out.
  const api = await Api.as(request, DEMO.user.username, DEMO.user.password);
  const category = (await api.list('/api/categories', { q: categoryName })).data[0]!;
  const sibling = await api.product({ code: `TE-${t}`.toUpperCase(), name: `Té verde ${t}`, categoryId: category.id });
  const outsider = await api.product({ code: `AZ-${tag()}`.toUpperCase(), name: `Azúcar ${tag()}`, categoryId: category.id });

  await page.goto('/product/list');
  await page.getByTestId('list-add').click();
  const form = page.getByTestId('product-form');
  await form.getByTestId('field-code').fill(code);
  await form.getByTestId('field-name').fill(name);
  await pick(form.getByTestId('field-category-id'), categoryName);
  await form.getByTestId('field-cost').fill('8.000');
  await form.getByTestId('field-price').fill('10.000');
  await form.getByTestId('field-quantity').fill('12');
  await form.getByTestId('field-alert-quantity').fill('3');
  await form.getByTestId('image-input').setInputFiles(image);
  await expect(form.getByRole('img', { name: 'cafe.png' })).toBeVisible();
  await form.getByTestId('form-submit').click();
  await expect(form).toBeHidden();

  await page.getByTestId('list-search').fill(t);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${t}(&|$)`));
  const rows = page.getByTestId('list-row');
  await expect(rows).toHaveCount(2);
  const row = rows.filter({ hasText: code });
  await expect(row).toContainText(name);
  await expect(row).toContainText(categoryName);
  await expect(rows.filter({ hasText: outsider.code })).toHaveCount(0);

  // Edit the price: the list and the server show the new one; the profit follows.
  await row.getByTestId('row-edit').click();
  await expect(form.getByTestId('field-quantity')).toBeDisabled();
  await form.getByTestId('field-price').fill('12.345');
  await form.getByTestId('form-submit').click();
  await expect(form).toBeHidden();
  // English pages write pesos with English separators (the input also reads Colombian "12.345").
  await expect(row).toContainText('$12,345');
  const stored = (await api.list<Product>('/api/products', { q: code })).data;
  expect(stored.map((p) => [p.code, p.price_cents, p.cost_cents, p.profit_cents, p.images.length])).toEqual([[code, 1_234_500, 800_000, 434_500, 1]]);

  // The image is served to the browser (decoded: naturalWidth > 0) with its own type and a long cache.
  const thumbnail = row.locator('img');
  await expect(thumbnail).toHaveAttribute('src', stored[0]!.images[0]!.url);
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  const served = await page.request.get(stored[0]!.images[0]!.url);
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toBe('image/png');
  expect(served.headers()['x-content-type-options']).toBe('nosniff');
  expect(Buffer.compare(await served.body(), image.buffer)).toBe(0);

  // Export the searched list: the same rows, no more.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('list-export').click()]);
  expect(download.suggestedFilename()).toMatch(/^products-\d{8}\.xlsx$/);
  const sheet = await readSheet(await download.path());
  expect(sheet[0]).toEqual(['Code', 'Name', 'Category', 'Unit', 'Cost', 'Price', 'Profit or loss', 'Quantity', 'Alert quantity', 'IVA', 'Type', 'Created at']);
  expect(sheet).toHaveLength(1 + 2);
  const byCode = new Map(sheet.slice(1).map((r) => [r[0], r]));
  expect([...byCode.keys()].sort()).toEqual([code, sibling.code].sort());
  expect(byCode.get(code)!.slice(1, 4)).toEqual([name, categoryName, 'und']);
  // Money leaves as pesos (numbers), not centavos or text.
  expect(byCode.get(code)!.slice(4, 7)).toEqual([8000, 12345, 4345]);
});

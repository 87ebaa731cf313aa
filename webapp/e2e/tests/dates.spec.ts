/**
 * Issue 9 §14: one date and time rule. Dates follow the interface language (es 24/11/2026, en
 * ISO 2026-11-24), times are Bogota's whatever the browser's zone, and the Excel export writes
 * dates as dates and statuses as words.
 */
import { openSignedIn } from '../support/app';
import { test } from '../support/fixtures';
import { Api, expect, readSheet, tag } from '../support/masterdata';
import { bogotaDate, createPurchase, store as createStore } from '../support/purchasing';
import { DEMO } from '../support/users';

/** The browser is in Tokyo (UTC+9): a time shown in the browser's zone would be 14 hours off. */
test.use({ timezoneId: 'Asia/Tokyo', locale: 'en-US' });

/** A calendar day in the language's pattern. */
const day = (iso: string, lang: 'es' | 'en') => (lang === 'es' ? iso.split('-').reverse().join('/') : iso);

/** An instant on Bogota's wall clock, 24-hour, in the language's pattern. */
function bogota(instant: string, lang: 'es' | 'en'): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone: 'America/Bogota', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(new Date(instant))
      .map((p) => [p.type, p.value]),
  );
  return `${day(`${parts.year}-${parts.month}-${parts.day}`, lang)} ${parts.hour}:${parts.minute}`;
}

test('a purchase shows its dates in the language and its time in Bogota; Excel has date cells and words', async ({ page, request }) => {
  const t = tag();
  const admin = await Api.admin(request);
  const user = await Api.as(request, DEMO.user.username, DEMO.user.password);
  const supplier = await user.party('suppliers', `Proveedor Fechas ${t}`);
  const category = await admin.category(`Fechas ${t}`);
  const product = await admin.product({ code: `DT-${t}`, name: `Fechas ${t}`, categoryId: category.id });
  const store = await createStore(admin, `Bodega Fechas ${t}`, supplier.company_id);
  const purchaseDate = bogotaDate(-3);
  const purchase = await createPurchase(user, {
    referenceNo: `DT-${t}`,
    supplierId: supplier.id,
    storeId: store.id,
    purchaseDate,
    lines: [{ category_id: category.id, product_id: product.id, expiry_date: bogotaDate(365), cost_cents: 100_000, quantity: 1 }],
  });
  const saved = await admin.read<{ created_at: string; due_date: string }>(`/api/purchases/${purchase.id}`);

  for (const lang of ['es', 'en'] as const) {
    await page.addInitScript((l) => localStorage.setItem('i18nextLng', l), lang);
    await openSignedIn(page, DEMO.admin.username, DEMO.admin.password, `/purchase/list?q=DT-${t}`);
    const row = page.getByTestId('list-row').filter({ hasText: `DT-${t}` });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(day(purchaseDate, lang));
    await expect(row).toContainText(day(saved.due_date.slice(0, 10), lang));
    await expect(row).toContainText(bogota(saved.created_at, lang));
  }

  // The export (Spanish): the purchase date is a date cell, statuses are words.
  await page.addInitScript(() => localStorage.setItem('i18nextLng', 'es'));
  await page.goto(`/purchase/list?q=DT-${t}`);
  await expect(page.getByTestId('list-row')).toHaveCount(1);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('list-export').click()]);
  const sheet = await readSheet(await download.path());
  const headers = sheet[0] as string[];
  const line = sheet.find((r) => r.includes(`DT-${t}`))!;
  expect(line, 'the purchase is in the export').toBeDefined();
  const cell = (name: string) => line[headers.indexOf(name)];
  expect(cell('Fecha')).toBeInstanceOf(Date);
  expect((cell('Fecha') as Date).toISOString().slice(0, 10)).toBe(purchaseDate);
  expect(cell('Vencimiento')).toBeInstanceOf(Date);
  expect(cell('Estado')).toBe('Pendiente');
  expect(cell('Aprobación')).toBe('Pendiente');
});

/**
 * Issue 12's journeys: an administrator opens every routed report page (app/built-reports.ts),
 * picks a range, sees the chart and the totals and downloads the Excel of exactly what the page
 * shows; a user is denied the users report (page and API); a customer's statement ends at the
 * balance the customer list shows; the dashboard's approvals waiting change live when another
 * browser approves one.
 */
import { readFileSync } from 'node:fs';
import { expectPath, openSignedIn, pesosOf } from '../support/app';
import { expect, test, type Page } from '../support/fixtures';
import { Api, expectJson, readSheet, tag } from '../support/masterdata';
import { bogotaDate, createPurchase, productOfClass, store as createStore } from '../support/purchasing';
import { cellText, rowAction } from '../support/rows';
import { createSale, customerWithProfile } from '../support/sales';
import { DEMO } from '../support/users';

/** The report pages the app routes, read from the web app's own list so a routed page is never left untested. */
const BUILT: string[] = [...readFileSync(new URL('../../src/app/built-reports.ts', import.meta.url), 'utf8').matchAll(/'([a-z_]+)'/g)]
  .map((m) => m[1]!)
  .filter((name) => name.endsWith('_report') || name.endsWith('_chart') || name.endsWith('_alert'));

/** Pages as of today: they take no range. */
const SNAPSHOTS = ['product_quantity_alert', 'product_expiry_alert', 'expired_purchases_report'];

/** The generic answer of GET /api/reports/{page} (the fields the journeys read). */
interface Report {
  from: string;
  to: string;
  columns: { key: string; kind: string }[];
  rows: Record<string, unknown>[] | null;
  totals: Record<string, number> | null;
  chart: { type: string; series: string[] | null };
  meta: { page: number; per_page: number; total: number };
  party?: { id: number; name: string; balance_cents: number };
}

function thisYear(): { from: string; to: string } {
  const year = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Bogota', year: 'numeric' }).format(new Date());
  return { from: `${year}-01-01`, to: `${year}-12-31` };
}

/** The report as the API answers it to this page's session. */
async function reportOf(page: Page, name: string, query: Record<string, string>): Promise<Report> {
  const answer = await page.request.get(`/api/reports/${name}?${new URLSearchParams(query)}`);
  return (await expectJson<{ data: Report }>(answer, 200)).data;
}

test.describe('reports', () => {
  test.skip(BUILT.length === 0, 'no report page is routed yet');

  test('an administrator opens each report, picks a range, sees chart and totals and downloads the Excel', async ({ page }) => {
    test.setTimeout(30_000 + BUILT.length * 20_000);
    await openSignedIn(page, DEMO.admin.username, DEMO.admin.password, '/dashboards/home');
    // The menu leads to the reports; /report opens the overview.
    await page.getByRole('link', { name: 'Reports' }).first().click();
    await expectPath(page, /^\/report\/overview_chart/);
    const range = thisYear();
    for (const name of BUILT) {
      await test.step(name, async () => {
        await page.goto(`/report/${name}`);
        const report = page.getByTestId('report-page');
        await expect(report).toHaveAttribute('data-page', name);
        const query: Record<string, string> = {};
        if (!SNAPSHOTS.includes(name)) {
          await page.getByTestId('report-preset').selectOption('this_year');
          await expectPath(page, new RegExp(`from=${range.from}&to=${range.to}`));
          await expect(page.getByTestId('report-dates-from')).toHaveValue(/\d/);
          Object.assign(query, range);
        }
        const answer = await reportOf(page, name, { ...query, per_page: '500' });
        const rows = answer.rows ?? [];
        if (rows.length === 0) {
          await expect(page.getByTestId('report-empty')).toBeVisible();
          return;
        }
        await expect(page.getByTestId('report-row').first()).toBeVisible();
        await expect(page.getByTestId('report-row')).toHaveCount(Math.min(rows.length, 50));
        if (answer.chart.type !== 'none' && (answer.chart.series ?? []).length > 0) {
          await expect(page.getByTestId('report-chart').locator('canvas')).toBeVisible();
        }
        const totals = answer.totals ?? {};
        if (Object.keys(totals).length > 0) await expect(page.getByTestId('report-totals')).toBeVisible();

        const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('report-export').click()]);
        const file = await download.path();
        expect(readFileSync(file).subarray(0, 2).toString('latin1'), 'an xlsx is a zip').toBe('PK');
        const sheet = await readSheet(file);
        // Headers in the page's language, every row of the range, then the totals.
        expect(sheet[0]!.length).toBe(answer.columns.length);
        expect(sheet.length).toBe(1 + answer.meta.total + (Object.keys(totals).length > 0 ? 1 : 0));
        const moneyColumn = answer.columns.findIndex((c) => c.kind === 'money' && totals[c.key] !== undefined);
        if (moneyColumn > 0) {
          const last = sheet[sheet.length - 1]!;
          expect(last[0]).toBe('Total');
          // Money is written in pesos: the sheet's total is the API's centavos / 100.
          expect(Math.round(Number(last[moneyColumn]) * 100)).toBe(totals[answer.columns[moneyColumn]!.key]);
        }
      });
    }
  });

  test("'Please select dates' when one end of the range is missing", async ({ page }) => {
    const name = BUILT.find((n) => !SNAPSHOTS.includes(n))!;
    await openSignedIn(page, DEMO.admin.username, DEMO.admin.password, `/report/${name}?from=2026-01-01`);
    await expect(page.getByTestId('report-missing-dates')).toHaveText('Please select dates');
    await expect(page.getByTestId('report-export')).toHaveCount(0);
    // The server says the same to a request with one end.
    const answer = await page.request.get(`/api/reports/${name}?from=2026-01-01`);
    expect(answer.status()).toBe(422);
    expect(await answer.text()).toContain('Please select dates');
  });

  test("a customer's statement ends at the balance the customer list shows", async ({ page, request, newClient }) => {
    test.skip(!BUILT.includes('customers_report'), 'customers_report is not routed');
    test.setTimeout(60_000);
    // A customer of its own (demo names repeat), owing one approved sale of today.
    const t = tag();
    const admin = await Api.admin(request);
    const user = await Api.as(request, DEMO.user.username, DEMO.user.password);
    const category = await admin.category(`Informe ${t}`);
    const product = await productOfClass(admin, { code: `INF-${t}`, name: `Informe ${t}`, categoryId: category.id, costCents: 1_000_000, iva: '19' });
    const name = `Estado ${t}`;
    const customer = await customerWithProfile(admin, name, { person_type: 'natural', gran_contribuyente: false });
    const shop = await createStore(admin, `Informe ${t}`, customer.company_id);
    const sale = await createSale(user, { customerId: customer.id, storeId: shop.id, saleDate: bogotaDate(), lines: [{ product_id: product.id, quantity: 2, price_cents: product.price_cents }] });
    await expectJson(await admin.post(`/api/sales/${sale.id}/approve`), 200);

    // A user sees one company's customers, in the report and in the list alike.
    await openSignedIn(page, DEMO.user.username, DEMO.user.password, '/report/customers_report');
    await page.getByTestId('report-preset').selectOption('this_year');
    await page.getByTestId('report-row-link').filter({ hasText: name }).click();
    await expectPath(page, new RegExp(`^/report/customers_report/${customer.id}\\?`));
    await expect(page.getByTestId('page-title')).toContainText(name);
    const rows = page.getByTestId('report-row');
    await expect(rows).toHaveCount(2); // the opening balance, then the sale
    const lastBalance = (await rows.last().locator('td[data-key="balance_cents"]').innerText()).trim();
    expect(pesosOf(lastBalance)).toBeGreaterThan(0);
    await expect(page.getByTestId('report-party-balance')).toHaveText(lastBalance);
    await expect(page.getByTestId('report-totals').locator('td[data-key="balance_cents"]')).toHaveText(lastBalance);

    const list = await newClient();
    await openSignedIn(list.page, DEMO.user.username, DEMO.user.password, `/people/customer?q=${encodeURIComponent(name)}`);
    const row = list.page.getByTestId('customer-list').getByTestId('list-row');
    await expect(row).toHaveCount(1, { timeout: 20_000 });
    expect(await cellText(row, 'Balance')).toBe(lastBalance);
  });

  test('customers_report and payment_report page and sort on the server, by keyboard, and export every row in that order', async ({ page }) => {
    test.skip(!BUILT.includes('customers_report') || !BUILT.includes('payment_report'), 'the party pages are not routed');
    test.setTimeout(60_000);
    const range = thisYear();
    await openSignedIn(page, DEMO.admin.username, DEMO.admin.password, '/dashboards/home');
    for (const [name, sort] of [['customers_report', '-balance_cents'], ['payment_report', 'party_name']] as const) {
      await test.step(name, async () => {
        const whole = await reportOf(page, name, { ...range, sort, per_page: '500' });
        const ids = (whole.rows ?? []).map((r) => (r.link as { id: number }).id);
        expect(ids.length, `the demo has more than one page of ${name}`).toBeGreaterThan(10);
        await page.goto(`/report/${name}?from=${range.from}&to=${range.to}&sort=${sort}&per_page=10`);
        const rows = page.getByTestId('report-row');
        await expect(rows).toHaveCount(10, { timeout: 20_000 }); // the first answer of a busy server
        await expect(page.getByTestId(`sort-${sort.replace('-', '')}`).locator('xpath=..')).toHaveAttribute('aria-sort', sort.startsWith('-') ? 'descending' : 'ascending');
        const link = (i: number) => rows.nth(i).getByTestId('report-row-link');
        await expect(link(0)).toHaveAttribute('href', new RegExp(`/report/\\w+_report/${ids[0]}\\?`));
        // The next page by keyboard: the second page's rows are the sorted list's 11th to 20th.
        await page.getByTestId('page-2').focus();
        await page.keyboard.press('Enter');
        await expectPath(page, /page=2/);
        await expect(link(0)).toHaveAttribute('href', new RegExp(`/report/\\w+_report/${ids[10]}\\?`));
        await expect(page.getByTestId('list-summary')).toContainText(String(whole.meta.total));
        // The totals are the whole range's on every page.
        const money = whole.columns.find((c) => c.kind === 'money' && (whole.totals?.[c.key] ?? 0) !== 0)!;
        const total = await page.getByTestId('report-totals').locator(`td[data-key="${money.key}"]`).innerText();
        expect(pesosOf(total)).toBe(Math.trunc(whole.totals![money.key]! / 100));
        // The export writes every row of the range in the order shown, then the totals.
        const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('report-export').click()]);
        const sheet = await readSheet(await download.path());
        expect(sheet.length).toBe(whole.meta.total + 2);
        const nameColumn = whole.columns.findIndex((c) => c.key === 'party_name');
        expect(sheet.slice(1, -1).map((r) => r[nameColumn])).toEqual((whole.rows ?? []).map((r) => r.party_name));
      });
    }
  });

  test('a user is denied the users report: the page sends them home and the API answers 403', async ({ page }) => {
    test.skip(!BUILT.includes('users_report'), 'users_report is not routed');
    await openSignedIn(page, DEMO.user.username, DEMO.user.password, '/dashboards/home');
    await page.goto('/report/users_report');
    await expectPath(page, '/dashboards/home');
    expect((await page.request.get('/api/reports/users_report')).status()).toBe(403);
    // A user's own page too: the page and the API alike.
    const me = await expectJson<{ user: { id: number } }>(await page.request.post('/api/auth/login', { data: DEMO.user }), 200);
    await page.goto(`/report/users_report/${me.user.id}`);
    await expectPath(page, '/dashboards/home');
    expect((await page.request.get(`/api/reports/users_report/${me.user.id}`)).status()).toBe(403);
  });

  test("users_report leads to a user's records with the figures of their row", async ({ page }) => {
    test.skip(!BUILT.includes('users_report'), 'users_report is not routed');
    const range = thisYear();
    await openSignedIn(page, DEMO.admin.username, DEMO.admin.password, `/report/users_report?from=${range.from}&to=${range.to}`);
    const list = await reportOf(page, 'users_report', range);
    // The demo user recorded purchases and sales this year.
    const row = (list.rows ?? []).find((r) => Number(r.purchases) > 0 && Number(r.sales) > 0)!;
    expect(row, 'a user with purchases and sales').toBeTruthy();
    const listRow = page.getByTestId('report-row').filter({ hasText: String(row.user_name) });
    const purchases = (await listRow.locator('td[data-key="purchases_cents"]').innerText()).trim();
    const sales = (await listRow.locator('td[data-key="sales_cents"]').innerText()).trim();
    await listRow.getByTestId('report-row-link').click();
    const id = (row.link as { id: number }).id;
    await expectPath(page, new RegExp(`^/report/users_report/${id}\\?from=${range.from}&to=${range.to}`));
    await expect(page.getByTestId('page-title')).toHaveText(`Records: ${String(row.user_name)}`);
    // Their figures are the row they were opened from; the table totals what they recorded.
    await expect(page.getByTestId('report-user-purchases').locator('dt')).toHaveText(`${String(row.purchases)} purchases`);
    await expect(page.getByTestId('report-user-purchases').getByTestId('report-user-amount')).toHaveText(purchases);
    await expect(page.getByTestId('report-user-sales').getByTestId('report-user-amount')).toHaveText(sales);
    await expect(page.getByTestId('report-party')).toHaveCount(0); // a user has no balance
    const records = await reportOf(page, `users_report/${id}`, range);
    expect(records.totals!.amount_cents).toBe(Number(row.purchases_cents) + Number(row.sales_cents) + Number(row.payments_cents));
    const total = await page.getByTestId('report-totals').locator('td[data-key="amount_cents"]').innerText();
    expect(pesosOf(total)).toBe(Math.trunc(records.totals!.amount_cents / 100));
    await expect(page.getByTestId('report-row')).toHaveCount(Math.min(records.meta.total, 50));
    await page.getByTestId('report-back').click();
    await expectPath(page, /^\/report\/users_report\?/);
  });

  test('product_report shows the units received and returned', async ({ page }) => {
    test.skip(!BUILT.includes('product_report'), 'product_report is not routed');
    const range = thisYear();
    await openSignedIn(page, DEMO.admin.username, DEMO.admin.password, `/report/product_report?from=${range.from}&to=${range.to}`);
    const report = await reportOf(page, 'product_report', { ...range, per_page: '500' });
    for (const key of ['received_quantity', 'returned_quantity', 'returned_cents']) {
      expect(report.columns.map((c) => c.key)).toContain(key);
    }
    await expect(page.getByRole('columnheader', { name: /Received \(qty\)/ })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: /Returned \(qty\)/ })).toBeVisible();
    // The demo's approved receipts and purchase return show on their products' rows.
    for (const key of ['received_quantity', 'returned_quantity']) {
      const most = Math.max(...(report.rows ?? []).map((r) => Number(r[key])));
      expect(most, `some product has ${key} this year`).toBeGreaterThan(0);
      await page.getByTestId(`sort-${key}`).click();
      await page.getByTestId(`sort-${key}`).click();
      await expectPath(page, new RegExp(`sort=-${key}`));
      // The table may still show the previous order while the sorted page loads: wait for it.
      const cell = page.getByTestId('report-row').first().locator(`td[data-key="${key}"]`);
      await expect
        .poll(async () => Number((await cell.innerText()).replace(/\D/g, '')), { message: `the largest ${key} comes first` })
        .toBe(most);
    }
    expect(report.totals!.returned_cents).toBeGreaterThan(0);
  });

  test('a month of a page grouped by period is asked by day, so its line is never one dot', async ({ page }) => {
    test.skip(!BUILT.includes('income_report'), 'income_report is not routed');
    await openSignedIn(page, DEMO.admin.username, DEMO.admin.password, '/dashboards/home');
    const asked = page.waitForRequest((r) => r.url().includes('/api/reports/income_report?'));
    await page.goto('/report/income_report?from=2026-10-01&to=2026-10-31');
    expect(new URL((await asked).url()).searchParams.get('group')).toBe('day');
    // The URL's own choice wins.
    const monthly = page.waitForRequest((r) => r.url().includes('/api/reports/income_report?') && r.url().includes('group=month'));
    await page.goto('/report/income_report?from=2026-10-01&to=2026-10-31&group=month');
    await monthly;
    await expect(page.getByTestId('report-row')).toHaveCount(1);
    await expect(page.getByTestId('report-chart').locator('canvas')).toBeVisible();
  });
});

test('the dashboard shows the figures and its approvals waiting change live when another browser approves', async ({ page, request, newClient }) => {
  test.setTimeout(60_000);
  // A purchase of its own waits for approval, whatever other journeys approved of the demo's.
  const t = tag();
  const admin = await Api.admin(request);
  const user = await Api.as(request, DEMO.user.username, DEMO.user.password);
  const supplier = await user.party('suppliers', `Proveedor Tablero ${t}`);
  const category = await admin.category(`Tablero ${t}`);
  const product = await admin.product({ code: `TB-${t}`, name: `Tablero ${t}`, categoryId: category.id });
  const purchaseStore = await createStore(admin, `Bodega Tablero ${t}`, supplier.company_id);
  await createPurchase(user, {
    referenceNo: `TB-${t}`,
    supplierId: supplier.id,
    storeId: purchaseStore.id,
    purchaseDate: bogotaDate(),
    lines: [{ category_id: category.id, product_id: product.id, expiry_date: bogotaDate(365), cost_cents: 100_000, quantity: 1 }],
  });
  await openSignedIn(page, DEMO.admin.username, DEMO.admin.password, '/dashboards/home');
  for (const kpi of ['sales', 'purchases', 'receivables', 'payables', 'overdue']) await expect(page.getByTestId(`kpi-${kpi}`)).toBeVisible();
  // Every card in whole pesos, as English writes them; the exact amount (centavos: payables carry
  // them from withholdings) in the figure's title when it differs.
  const kpis = await expectJson<{ data: { kpis: Record<string, number> } }>(await page.request.get('/api/dashboard'), 200);
  for (const [kpi, key] of [['sales', 'sales_month_cents'], ['payables', 'payables_cents'], ['overdue', 'overdue_cents']] as const) {
    const figure = page.getByTestId(`kpi-${kpi}`).getByTestId('kpi-value');
    const cents = kpis.data.kpis[key]!;
    const shown = await figure.evaluate((el) => (el.querySelector('[aria-hidden="true"]') ?? el).textContent);
    expect(shown).toMatch(/^-?\$\d{1,3}(,\d{3})*$/);
    if (cents % 100 !== 0) await expect(figure).toHaveAttribute('title', /^-?\$\d{1,3}(,\d{3})*\.\d{2}$/);
    else await expect(figure).not.toHaveAttribute('title');
  }
  await expect(page.getByTestId('dashboard-chart').locator('canvas')).toBeVisible();
  await expect(page.getByTestId('expiring-purchases-card')).toBeVisible();
  // Quantity alerts: the first 10 of GET /api/dashboard's, their count, and every alert on its report.
  const dashboard = await expectJson<{ data: { quantity_alerts: { code: string }[]; quantity_alerts_total: number } }>(
    await page.request.get('/api/dashboard'),
    200,
  );
  const alerts = page.getByTestId('quantity-alerts-card');
  await expect(alerts.getByTestId('quantity-alerts-total')).toHaveText(String(dashboard.data.quantity_alerts_total));
  await expect(alerts.getByTestId('quantity-alert-row')).toHaveCount(Math.min(10, dashboard.data.quantity_alerts_total));
  if (dashboard.data.quantity_alerts.length > 0) {
    await expect(alerts.getByTestId('quantity-alert-link').first()).toHaveAttribute(
      'href',
      `/product/list?q=${encodeURIComponent(dashboard.data.quantity_alerts[0]!.code)}`,
    );
  }
  await expect(alerts.getByTestId('quantity-alerts-all')).toHaveAttribute('href', '/report/product_quantity_alert');

  const waiting = page.getByTestId('approvals-purchases').getByTestId('approvals-count');
  const before = Number(await waiting.innerText());
  expect(before).toBeGreaterThan(0);

  const other = await newClient();
  await openSignedIn(other.page, DEMO.admin.username, DEMO.admin.password, `/pending-data/purchase?q=TB-${t}`);
  const row = other.page.getByTestId('pending-purchase-list').getByTestId('list-row').filter({ hasText: `TB-${t}` });
  // A first list load on a busy machine may take longer than the default wait.
  await expect(row).toBeVisible({ timeout: 20_000 });
  await (await rowAction(row, 'row-approve')).click();
  await expect(other.page.getByText(/approved/i).first()).toBeVisible();
  // No reload here: the live channel refreshed the first browser's dashboard.
  await expect(waiting).toHaveText(String(before - 1));
  const figures = await expectJson<{ data: { approvals: { purchases: number } } }>(await admin.get('/api/dashboard'), 200);
  expect(figures.data.approvals.purchases).toBe(before - 1);
});

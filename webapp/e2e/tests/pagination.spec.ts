/**
 * Issue 3, journey 6 (lists, spec §9): keyset pagination in the UI. 30 customers, 10 a page:
 * next, previous, browser back, and last; the URL holds the cursor and the labels follow.
 */
import { openSignedIn, pathOf } from '../support/app';
import { test, type Page } from '../support/fixtures';
import { Api, expect, tag } from '../support/masterdata';
import { DEMO } from '../support/users';

/** What the page shows: the summary, the current page button, and the first and last names. */
async function expectPage(page: Page, n: number, summary: string, first: string, last: string): Promise<void> {
  await expect(page.getByTestId('list-summary')).toHaveText(summary);
  await expect(page.getByTestId('list-pagination').locator('[aria-current="page"]')).toHaveText(String(n));
  const rows = page.getByTestId('list-row');
  await expect(rows).toHaveCount(10);
  await expect(rows.first()).toContainText(first);
  await expect(rows.last()).toContainText(last);
}

test('30 customers: next, previous, back and last keep the cursor in the URL and the labels right', async ({ page, request }) => {
  test.slow();
  const t = tag();
  const admin = await Api.admin(request);
  const name = (i: number) => `Cliente ${t} ${String(i).padStart(2, '0')}`;
  // Sequential, so that created_at ties cannot matter; sorted by name below anyway.
  for (let i = 1; i <= 30; i++) await admin.party('customers', name(i));

  await openSignedIn(page, DEMO.admin.username, DEMO.admin.password, `/people/customer?q=${t}&sort=name&per_page=10`);
  await expectPage(page, 1, '1–10 of 30', name(1), name(10));
  await expect(page.getByTestId('page-prev')).toBeDisabled();
  await expect(page.getByTestId('page-first')).toBeDisabled();

  await page.getByTestId('page-next').click();
  await expectPage(page, 2, '11–20 of 30', name(11), name(20));
  const second = new URL(page.url()).searchParams;
  expect(second.get('page')).toBe('2');
  expect(second.get('after'), 'the cursor is in the URL').toBeTruthy();
  expect(second.get('q')).toBe(t);

  await page.getByTestId('page-prev').click();
  await expectPage(page, 1, '1–10 of 30', name(1), name(10));
  expect(new URL(page.url()).searchParams.has('after')).toBe(false);

  // The browser's Back returns to page 2 through its cursor.
  await page.goBack();
  await expectPage(page, 2, '11–20 of 30', name(11), name(20));
  expect(new URL(page.url()).searchParams.get('after')).toBe(second.get('after'));

  await page.getByTestId('page-last').click();
  await expectPage(page, 3, '21–30 of 30', name(21), name(30));
  expect(new URL(page.url()).searchParams.get('last')).toBe('true');
  await expect(page.getByTestId('page-next')).toBeDisabled();
  await expect(page.getByTestId('page-last')).toBeDisabled();

  // From the last page, previous walks back with a `before` cursor.
  await page.getByTestId('page-prev').click();
  await expectPage(page, 2, '11–20 of 30', name(11), name(20));
  expect(new URL(page.url()).searchParams.get('before')).toBeTruthy();

  // A reload of a cursor URL shows the same page.
  const url = pathOf(page);
  await page.reload();
  await expectPage(page, 2, '11–20 of 30', name(11), name(20));
  expect(pathOf(page)).toBe(url);
});

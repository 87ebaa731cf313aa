/**
 * A list row's actions (components/list/data-table): the first is a button in the row, the others
 * sit in a ⋮ menu beside it (data-testid="row-actions") rendered at the page's end. These helpers
 * find an action either way.
 */
import { expect, type Locator } from '@playwright/test';

/** The action `testId` of `row`: its button, or the item of its menu (opened first). */
export async function rowAction(row: Locator, testId: string): Promise<Locator> {
  const button = row.getByTestId(testId);
  const menu = row.getByTestId('row-actions');
  // The row may still be loading: wait until it shows the action's button or its menu.
  await expect(button.or(menu).first()).toBeVisible();
  if ((await button.count()) > 0) return button;
  await menu.click();
  const item = row.page().getByTestId('row-actions-menu').getByTestId(testId);
  await expect(item).toBeVisible();
  return item;
}

/** The test ids of every action `row` offers, in order: its button, then its menu's items (opened and closed again). */
export async function rowActionIds(row: Locator): Promise<string[]> {
  const cell = row.getByTestId('row-actions-cell');
  await expect(cell.first()).toBeVisible();
  const scope = (await cell.count()) > 0 ? cell : row;
  const ids = await scope
    .locator('[data-testid^="row-"]:not([data-testid="row-actions"]):not([data-testid="row-actions-cell"]):not([data-testid="row-select"])')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid') ?? ''));
  const menu = row.getByTestId('row-actions');
  if ((await menu.count()) === 0) return ids;
  await menu.click();
  const list = row.page().getByTestId('row-actions-menu');
  ids.push(...(await list.locator('[data-testid]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid') ?? ''))));
  await row.page().keyboard.press('Escape');
  await expect(list).toHaveCount(0);
  return ids;
}

/**
 * The text of `row`'s cell under the column headed `header` (a table at desktop widths): the
 * header's position among the table's header cells names the cell.
 */
export async function cellText(row: Locator, header: string | RegExp): Promise<string> {
  const table = row.locator('xpath=ancestor::table[1]');
  const headers = await table.locator('thead th').allInnerTexts();
  const matches = (text: string) => (typeof header === 'string' ? text.replace(/[↕▲▼]/g, '').trim() === header : header.test(text));
  const index = headers.findIndex(matches);
  expect(index, `a column headed ${header} among ${headers.join(' | ')}`).toBeGreaterThanOrEqual(0);
  return (await row.locator('td').nth(index).innerText()).trim();
}

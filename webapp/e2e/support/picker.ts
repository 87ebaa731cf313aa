/**
 * Steps on the app's record pickers (RecordPicker: a combobox that searches the server as one
 * types), which replaced the selects of other modules' records: pick by what is typed, clear,
 * and read the chosen record's id.
 */
import { expect, type Locator } from '@playwright/test';

/**
 * The open list's option of `which`: its exact label (the name, without the muted detail beside
 * it), or the record id (a number).
 */
function optionOf(field: Locator, which: string | number): Locator {
  const options = pickerOptions(field);
  if (typeof which === 'number') return options.and(field.page().locator(`[data-value="${which}"]`));
  return options.filter({ has: field.page().locator('[data-part="label"]', { hasText: new RegExp(`^${escapeRegExp(which)}$`) }) });
}

/** The options of the picker's open list. */
export function pickerOptions(field: Locator): Locator {
  return field.locator('xpath=..').getByRole('option');
}

/** The muted detail of each option (a party's document…), in list order. */
export function optionDetails(field: Locator): Locator {
  return pickerOptions(field).locator('[data-part="detail"]');
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Types `search` into the picker and clicks the match `which` (default: the option labelled
 * exactly `search`); then the picker holds it.
 */
export async function pick(field: Locator, search: string, which: string | number = search): Promise<void> {
  await field.click();
  await field.fill(search);
  await optionOf(field, which).click();
  await expect(field).toHaveAttribute('aria-expanded', 'false');
  if (typeof which === 'number') await expect(field).toHaveAttribute('data-value', String(which));
  else await expect(field).toHaveValue(which);
}

/** Empties the picker through its first option (the placeholder, or "All" of a filter). */
export async function clearPick(field: Locator): Promise<void> {
  await field.click();
  await pickerOptions(field).and(field.page().locator('[data-value=""]')).click();
  await expect(field).toHaveAttribute('data-value', '');
}

/** Waits until the picker holds the record `id` ('' for none). */
export async function expectPicked(field: Locator, id: number | string): Promise<void> {
  await expect(field).toHaveAttribute('data-value', String(id));
}

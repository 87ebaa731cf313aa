/**
 * The users list offers Delete on other users' rows but not on the signed-in administrator's
 * own (the server refuses to delete one's own account: the list does not offer what fails).
 */
import { openSignedIn } from '../support/app';
import { test } from '../support/fixtures';
import { expect } from '../support/masterdata';
import { rowActionIds } from '../support/rows';
import { DEMO } from '../support/users';

test("the users list offers no Delete on the administrator's own row", async ({ page }) => {
  await openSignedIn(page, DEMO.admin.username, DEMO.admin.password, `/people/user?q=${DEMO.admin.username}`);
  const own = page.getByTestId('list-row').filter({ has: page.getByText(DEMO.admin.username, { exact: true }) });
  await expect(own).toHaveCount(1);
  const ownActions = await rowActionIds(own);
  expect(ownActions).toContain('row-edit');
  expect(ownActions).not.toContain('row-delete');

  await page.goto(`/people/user?q=${DEMO.user.username}`);
  const other = page.getByTestId('list-row').filter({ has: page.getByText(DEMO.user.username, { exact: true }) });
  await expect(other).toHaveCount(1);
  expect(await rowActionIds(other)).toContain('row-delete');
});

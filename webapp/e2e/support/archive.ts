/**
 * Issue 13 (advanced delete, archive and restore): the steps its journeys share.
 *  - `deleter`: the person who deletes, a user of the demo company made for one journey, with an
 *    e-mail of their own: the server sends a user at most 3 codes in 15 minutes, and the newest
 *    mail to that address in the dev mailbox is theirs, whatever ran before on the shared server.
 *  - `mailedCode`: the code the server wrote to the dev mailbox (an .eml under its data dir's mail/).
 *  - `previewOnly`, `confirmWithMailedCode`: the form's preview narrowed to some records (the
 *    others unticked), then the code and the reason.
 *  - `restoreBatch`: an administrator's restore on /archive.
 *  - `stockSeen`, `auditShows`: what a person reads afterwards on the product list and the audit
 *    trail.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { Api, expect, type Record } from './masterdata';
import { cellText } from './rows';

/** The sonner toast showing `text`. */
export const toast = (page: Page, text: RegExp | string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

/** A user who may delete (role user), signed in through the API. */
export interface Deleter {
  id: number;
  username: string;
  password: string;
  email: string;
  api: Api;
}

/** Creates, as the administrator, a user of the administrator's company with an e-mail of their own. */
export async function deleter(admin: Api, tag: string): Promise<Deleter> {
  const me = await admin.read<{ company_id: number }>('/api/auth/user/profile');
  const username = `borra${tag}`;
  const password = 'Borrar123!';
  const email = `${username}@demo.co`;
  const user = await admin.user({ username, password, companyId: me.company_id, email, firstName: 'Borra' });
  return { id: user.id, username, password, email, api: await Api.as(admin.request, username, password) };
}

/** The code of the newest mail to `to` in the server's dev mailbox (files are named by time). */
export function mailedCode(to: string): string | undefined {
  const dir = path.join(process.env.E2E_DATA_DIR ?? '', 'mail');
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.eml')).sort().reverse();
  } catch {
    return undefined;
  }
  for (const f of files) {
    const text = readFileSync(path.join(dir, f), 'utf8');
    if (!text.includes(to)) continue;
    // Soft line breaks of quoted-printable bodies joined first.
    return /advanced delete is (\d{6})/.exec(text.replace(/=\r?\n/g, ''))?.[1];
  }
  return undefined;
}

/**
 * Narrows the shown preview to the `count` records showing `keep`: every other record that can
 * be ticked is unticked (those that cannot go are never ticked), and the preview runs again on
 * the ticked ones.
 */
export async function previewOnly(page: Page, keep: RegExp | string, count = 1): Promise<void> {
  const records = page.getByTestId('preview-record');
  await expect(records.filter({ hasText: keep })).toHaveCount(count);
  const kept = (text: string) => (typeof keep === 'string' ? text.includes(keep) : keep.test(text));
  for (const row of await records.all()) {
    const box = row.getByRole('checkbox');
    if (kept(await row.innerText()) || !(await box.isChecked())) continue;
    await box.uncheck();
  }
  await page.getByTestId('preview').click();
  await expect(page.getByTestId('preview-count')).toHaveText(String(count));
  await expect(records).toHaveCount(count);
}

/**
 * Asks for the code on the previewed selection and confirms with it and the reason (a wrong code
 * first when `wrongFirst`: 'Verification failed', nothing leaves).
 */
export async function confirmWithMailedCode(page: Page, to: string, reason: string, wrongFirst = false): Promise<void> {
  const before = mailedCode(to);
  await page.getByTestId('send-code').click();
  await expect(toast(page, 'Code sent')).toBeVisible();
  let code: string | undefined;
  // A new code: the mailbox may hold one this person read before.
  await expect.poll(() => (code = mailedCode(to)) !== undefined && code !== before).toBe(true);
  await page.getByTestId('field-reason').fill(reason);
  if (wrongFirst) {
    await page.getByTestId('field-code').fill(code === '000000' ? '000001' : '000000');
    await page.getByTestId('verify').click();
    await expect(page.getByTestId('advanced-delete-error')).toHaveText('Verification failed');
  }
  await page.getByTestId('field-code').fill(code!);
  await page.getByTestId('verify').click();
  await expect(toast(page, 'Records deleted')).toBeVisible();
}

/** Restores, on /archive as the administrator's page (opened there unless it is), the batch whose card shows `text` (its reason or a record). */
export async function restoreBatch(adminPage: Page, text: string): Promise<void> {
  if (new URL(adminPage.url()).pathname !== '/archive') await adminPage.goto('/archive');
  const batch = adminPage.getByTestId('archive-batch').filter({ hasText: text });
  await batch.getByTestId('restore').click();
  await adminPage.getByTestId('restore-confirm').click();
  await expect(toast(adminPage, 'Batch restored')).toBeVisible();
  await expect(batch.getByTestId('batch-restored')).toBeVisible();
}

/** The product's units in stock as the product list shows them (searched by its code). */
export async function stockSeen(page: Page, code: string): Promise<number> {
  await page.goto(`/product/list?q=${encodeURIComponent(code)}`);
  const row = page.getByTestId('list-row').filter({ hasText: code });
  await expect(row).toHaveCount(1);
  return Number(await cellText(row, 'Quantity'));
}

/** The audit trail of one record (/audit?entity=…&entity_id=…, administrators) shows each of `actions`. */
export async function auditShows(adminPage: Page, entity: string, record: Pick<Record, 'id'>, actions: string[]): Promise<void> {
  await adminPage.goto(`/audit?entity=${entity}&entity_id=${record.id}`);
  for (const action of actions) {
    await expect(adminPage.getByTestId('list-row').filter({ hasText: action }).first()).toBeVisible();
  }
}

/**
 * The suite's `test`: every browser context (and the `request` fixture) speaks from its own
 * client address through X-Forwarded-For, which the server trusts from 127.0.0.1, so the per-IP
 * sign-in rate limits never trip by accident. Extra contexts for a second person come from
 * `newClient`, each with a fresh address too.
 */
import { randomInt } from 'node:crypto';
import { test as base, expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';

/** A fresh client address in 10.9.0.0/16 (10.9.0.x is left for tests that pick addresses by hand). */
export function freshIp(): string {
  return `10.9.${randomInt(1, 255)}.${randomInt(1, 255)}`;
}

/** A second browser for another person (or the same person from another address). */
export interface Client {
  context: BrowserContext;
  page: Page;
  ip: string;
}

interface Fixtures {
  /** The address of the default context and of `request`. */
  clientIp: string;
  /** Opens another context with its own address (or the one given); closed after the test. */
  newClient: (ip?: string) => Promise<Client>;
}

export const test = base.extend<Fixtures>({
  clientIp: async ({}, use) => {
    await use(freshIp());
  },
  extraHTTPHeaders: async ({ clientIp }, use) => {
    await use({ 'X-Forwarded-For': clientIp });
  },
  newClient: async ({ browser, baseURL, locale, timezoneId, viewport }, use) => {
    const opened: BrowserContext[] = [];
    await use(async (ip = freshIp()) => {
      const context = await browser.newContext({
        baseURL,
        locale,
        timezoneId,
        viewport,
        extraHTTPHeaders: { 'X-Forwarded-For': ip },
      });
      opened.push(context);
      return { context, page: await context.newPage(), ip };
    });
    for (const context of opened) await context.close();
  },
});

export { expect };
export type { APIRequestContext, Page };

/** Steps of the journeys that several specs share: signing in and reading where the app is. */
import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** The path (and search) the page shows now. */
export function pathOf(page: Page): string {
  const url = new URL(page.url());
  return url.pathname + url.search;
}

/** Waits until the page is on this path (exact, search included when given). */
export async function expectPath(page: Page, path: string | RegExp): Promise<void> {
  await expect.poll(() => pathOf(page), { message: `page path should be ${path}` }).toMatch(
    typeof path === 'string' ? new RegExp(`^${escapeRegExp(path)}$`) : path,
  );
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** /login?redirect=<path> as the app writes it. */
export function loginRedirect(path: string): string {
  return `/login?redirect=${encodeURIComponent(path)}`;
}

/** Fills and submits the sign-in form of the page it is on (opens /login first when asked). */
export async function submitLogin(page: Page, username: string, password: string, opts: { open?: string } = {}): Promise<void> {
  if (opts.open !== undefined) await page.goto(opts.open);
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

/** Signs in from /login and waits for the landing page. */
export async function signIn(page: Page, username: string, password: string, landing = '/dashboards/home'): Promise<void> {
  await submitLogin(page, username, password, { open: '/login' });
  await expectPath(page, landing);
}

/** The authToken cookie the app set in this page's context. */
export async function authToken(page: Page): Promise<string> {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'authToken');
  if (!cookie) throw new Error('no authToken cookie: not signed in');
  return cookie.value;
}

/** Signs in through the API (for set-up and clean-up steps) and returns the session token. */
export async function apiLogin(request: APIRequestContext, username: string, password: string): Promise<string> {
  const answer = await request.post('/api/auth/login', { data: { username, password } });
  expect(answer.status(), await answer.text()).toBe(200);
  const body = (await answer.json()) as { authToken: string };
  return body.authToken;
}

/** Authorization header of a session token. */
export function bearer(token: string): Record<string, string> {
  return { Authorization: `Bearer ${token}` };
}

/**
 * Signs the page's context in through the API (the session cookie the app would set) and opens
 * `path`: for journeys whose subject is not the sign-in form, it saves the form's round trips.
 */
export async function openSignedIn(page: Page, username: string, password: string, path: string): Promise<string> {
  const token = await apiLogin(page.request, username, password);
  const { origin } = new URL(page.url().startsWith('http') ? page.url() : (process.env.E2E_BASE_URL ?? ''));
  await page.context().addCookies([{ name: 'authToken', value: token, url: origin, sameSite: 'Strict' }]);
  await page.goto(path);
  // The list pages may rewrite the query string (defaults left out): compare the path alone.
  await expectPath(page, new RegExp(`^${escapeRegExp(path.split('?')[0]!)}(\\?|$)`));
  return token;
}

/** The data-testid of the focused element ('' when it has none). */
export function focusedTestId(page: Page): Promise<string> {
  return page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? '');
}

/** Presses Tab until the focused element is `testId` (at most `most` times). */
export async function tabTo(page: Page, testId: string, most = 20): Promise<void> {
  for (let i = 0; i < most && (await focusedTestId(page)) !== testId; i++) await page.keyboard.press('Tab');
  expect(await focusedTestId(page), `Tab should reach ${testId}`).toBe(testId);
}

/**
 * Whole pesos of a COP amount as the page writes it, in either language: Spanish ("$ 1.295.000",
 * "-$ 32.375", "$ 1.295.000,50") or English ("$1,295,000", "$1,295,000.50"). Centavos, the two
 * digits after the last separator, are left out; the sign too.
 */
export function pesosOf(text: string): number {
  const whole = text.replace(/[^\d.,]/g, '').replace(/[.,]\d{2}$/, '');
  return Number(whole.replace(/[.,]/g, ''));
}

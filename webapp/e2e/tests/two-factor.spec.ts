/**
 * Journeys 4 and 5 (spec §4, §5; DESIGN §8): Google Authenticator enrollment at first sign-in
 * (/qr), the one-time code at later sign-ins (/verification) with a wrong code and a replayed
 * code refused, and turning 2FA on from the settings tab. Codes are computed here (RFC 6238)
 * from the secret the QR page shows.
 */
import { authToken, expectPath, signIn, submitLogin } from '../support/app';
import { expect, test, type Page } from '../support/fixtures';
import { stepAt, totp, waitForStepAfter, wrongCode } from '../support/totp';
import { SETTINGS_TWOFA, TWOFA } from '../support/users';

// A fresh code may need the next 30 s TOTP step.
test.describe.configure({ timeout: 90_000 });

async function enterCode(page: Page, code: string): Promise<void> {
  await page.getByTestId('otp-input').fill(code);
  await page.getByTestId('otp-submit').click();
}

async function logout(page: Page): Promise<void> {
  await page.getByTestId('profile-menu').click();
  await page.getByTestId('logout').click();
  await expectPath(page, /^\/login(\?|$)/);
  // Start the next sign-in from a plain /login (the logout journey itself is in sign-in.spec).
  await page.goto('/login');
}

test('first sign-in enrolls an authenticator on /qr; later sign-ins need a fresh code on /verification', async ({ page }) => {
  await page.goto('/login');
  await submitLogin(page, TWOFA.username, TWOFA.password);
  await expectPath(page, '/qr');
  // A pending sign-in is no session: nothing but the 2FA endpoints open with it.
  expect((await page.context().cookies()).find((c) => c.name === 'authToken')).toBeUndefined();
  expect(await page.evaluate(() => localStorage.getItem('pendingToken'))).toBeTruthy();

  await expect(page.getByRole('img', { name: /QR code/ })).toHaveAttribute('src', /^data:image\/png;base64,/);
  const secret = (await page.getByTestId('totp-secret').innerText()).trim();
  expect(secret).toMatch(/^[A-Z2-7]{16,}=*$/);

  // Client validation before any request.
  await enterCode(page, '12');
  await expect(page.getByText('Must be exactly 6 digits')).toBeVisible();

  const enrolledStep = stepAt();
  const enrolledCode = totp(secret, enrolledStep);
  await enterCode(page, enrolledCode);
  await expectPath(page, '/dashboards/home');
  await expect(page.getByTestId('user-role')).toHaveText('User');
  expect(await page.evaluate(() => localStorage.getItem('pendingToken'))).toBeNull();
  expect(await authToken(page)).toBeTruthy();

  await logout(page);
  await submitLogin(page, TWOFA.username, TWOFA.password);
  await expectPath(page, '/verification');

  await enterCode(page, wrongCode(secret));
  await expect(page.getByTestId('otp-error')).toHaveText('Invalid OTP');

  // The code that enrolled the app was used once: it is refused now even inside its own step.
  await enterCode(page, enrolledCode);
  await expect(page.getByTestId('otp-error')).toHaveText('Invalid OTP');
  await expectPath(page, '/verification');

  const next = await waitForStepAfter(enrolledStep);
  await enterCode(page, totp(secret, next));
  await expectPath(page, '/dashboards/home');
  await expect(page.getByTestId('user-role')).toHaveText('User');
});

test('a user turns 2FA on from /settings/google2fa; the next sign-in asks for a code', async ({ page }) => {
  await signIn(page, SETTINGS_TWOFA.username, SETTINGS_TWOFA.password);
  await page.goto('/settings/google2fa');
  const status = page.getByTestId('google2fa-status');
  await expect(status).toHaveText('Disabled');

  await page.getByRole('button', { name: 'Enable', exact: true }).click();
  await expect(page.getByRole('img', { name: /QR code/ })).toHaveAttribute('src', /^data:image\/png;base64,/);
  const secret = (await page.getByTestId('totp-secret').innerText()).trim();

  await enterCode(page, wrongCode(secret));
  await expect(page.getByTestId('otp-error')).toHaveText('Invalid OTP');
  await expect(status).toHaveText('Disabled');

  const enrolledStep = stepAt();
  await enterCode(page, totp(secret, enrolledStep));
  await expect(status).toHaveText('Enabled');

  await logout(page);
  await submitLogin(page, SETTINGS_TWOFA.username, SETTINGS_TWOFA.password);
  await expectPath(page, '/verification');
  expect((await page.context().cookies()).find((c) => c.name === 'authToken')).toBeUndefined();

  const next = await waitForStepAfter(enrolledStep);
  await enterCode(page, totp(secret, next));
  await expectPath(page, '/dashboards/home');
  await page.goto('/settings/google2fa');
  await expect(status).toHaveText('Enabled');
});

/**
 * Journey 12 (spec §6, §8; DESIGN §8): a per-user IP allow list. A session used from an address
 * outside the list gets a 404 HTML page from the server, which the app shows in place of the
 * whole document ('IP bloqueada').
 */
import { apiLogin, authToken, bearer, expectPath, signIn } from '../support/app';
import { expect, test } from '../support/fixtures';
import { IP_USER } from '../support/users';

test('a session used from an address outside the allow list gets the "IP bloqueada" page', async ({ page, clientIp, newClient, request }) => {
  await signIn(page, IP_USER.username, IP_USER.password);
  const token = await authToken(page);

  // The list must contain the caller's own address.
  const refused = await page.request.put('/api/auth/user/ip_restriction', {
    headers: bearer(token),
    data: { ip_address: '10.250.0.1' },
  });
  expect(refused.status()).toBe(422);
  expect(((await refused.json()) as { fields: Record<string, string> }).fields.ip_address).toBe(
    `Your current address ${clientIp} must be in the list.`,
  );

  try {
    const saved = await page.request.put('/api/auth/user/ip_restriction', {
      headers: bearer(token),
      data: { ip_address: clientIp },
    });
    expect(saved.status(), await saved.text()).toBe(200);

    await page.goto('/settings/ip_restriction');
    await expect(page.getByTestId('current-ip')).toHaveText(clientIp);
    await expect(page.getByLabel('Allowed IP addresses')).toHaveValue(clientIp);

    // Same session cookie, another address.
    const elsewhere = await newClient();
    await elsewhere.context.addCookies(await page.context().cookies());
    await elsewhere.page.goto('/dashboards/home');
    await expect(elsewhere.page.getByRole('heading', { name: 'IP bloqueada' })).toBeVisible();
    await expect(elsewhere.page).toHaveTitle('IP bloqueada');
    await expect(elsewhere.page.getByTestId('profile-menu')).toHaveCount(0);

    // A correct password from outside the list gets the same page, not a session.
    const login = await elsewhere.page.request.post('/api/auth/login', { data: IP_USER });
    expect(login.status()).toBe(404);
    expect(login.headers()['content-type']).toContain('text/html');

    // From the allowed address the session still works.
    await page.goto('/dashboards/home');
    await expectPath(page, '/dashboards/home');
    await expect(page.getByTestId('profile-menu')).toBeVisible();
  } finally {
    // `request` speaks from the same address as the page, which the list allows.
    const cleanToken = await apiLogin(request, IP_USER.username, IP_USER.password);
    const cleared = await request.put('/api/auth/user/ip_restriction', {
      headers: bearer(cleanToken),
      data: { ip_address: '' },
    });
    expect(cleared.status(), await cleared.text()).toBe(200);
  }

  const free = await newClient();
  await signIn(free.page, IP_USER.username, IP_USER.password);
});

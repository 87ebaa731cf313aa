/**
 * Journey 11 (spec §3, §9): theme mode, layout and language chosen in the UI survive a reload,
 * on <html>, in the layout that renders, in the texts, and in localStorage ('settings',
 * 'i18nextLng').
 */
import { expectPath, signIn } from '../support/app';
import { expect, test } from '../support/fixtures';
import { DEMO } from '../support/users';

const SETTINGS_FIELDS = [
  'cardSkin',
  'darkColorScheme',
  'isMonochrome',
  'lightColorScheme',
  'notification',
  'primaryColorScheme',
  'themeLayout',
  'themeMode',
];

test('light mode, main layout and Spanish survive a reload', async ({ page }) => {
  await signIn(page, DEMO.user.username, DEMO.user.password);
  const html = page.locator('html');

  // Spec §9 defaults: dark, sideblock (sidebar open at ≥ 1280 px).
  await expect(html).toHaveClass(/\bdark\b/);
  await expect(html).toHaveAttribute('data-layout', 'sideblock');
  await expect(page.locator('#app-sidebar')).toBeVisible();

  await page.getByTestId('theme-customizer-toggle').click();
  const customizer = page.getByTestId('theme-customizer');
  await expect(customizer).toBeVisible();
  await customizer.getByRole('radio', { name: 'Light', exact: true }).check({ force: true });
  await expect(html).not.toHaveClass(/\bdark\b/);
  await customizer.getByRole('radio', { name: 'Main layout', exact: true }).check({ force: true });
  await page.keyboard.press('Escape');
  await expect(customizer).toBeHidden();
  await expect(page.locator('#app-sidebar')).toHaveCount(0);

  await page.goto('/settings/appearance');
  await page.getByTestId('appearance-language').selectOption('es');
  await expect(page.getByRole('heading', { name: 'Apariencia', level: 2 })).toBeVisible();

  await page.reload();
  await expectPath(page, '/settings/appearance');
  await expect(html).not.toHaveClass(/\bdark\b/);
  await expect(html).toHaveAttribute('data-theme-mode', 'light');
  await expect(html).toHaveAttribute('data-layout', 'main-layout');
  await expect(html).toHaveAttribute('lang', 'es');
  expect(await html.evaluate((el) => getComputedStyle(el).colorScheme)).toBe('light');

  // main-layout: the horizontal menu under the header, no sidebar nor its toggle.
  await expect(page.locator('[data-layout="main-layout"]').first()).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Navegación principal' })).toBeVisible();
  await expect(page.locator('#app-sidebar')).toHaveCount(0);
  await expect(page.getByTestId('sidebar-toggle')).toHaveCount(0);

  await expect(page.getByRole('heading', { name: 'Apariencia', level: 2 })).toBeVisible();
  await expect(page.getByTestId('user-role')).toHaveText('Usuario');
  await expect(page.getByTestId('language-switcher')).toHaveValue('es');

  const stored = await page.evaluate(() => ({
    settings: localStorage.getItem('settings'),
    language: localStorage.getItem('i18nextLng'),
  }));
  expect(stored.language).toBe('es');
  const settings = JSON.parse(stored.settings ?? '{}') as Record<string, unknown>;
  expect(Object.keys(settings).sort()).toEqual(SETTINGS_FIELDS);
  expect(settings).toMatchObject({
    themeMode: 'light',
    themeLayout: 'main-layout',
    cardSkin: 'shadow-sm',
    darkColorScheme: 'mirage',
    lightColorScheme: 'slate',
    primaryColorScheme: 'amber',
    isMonochrome: false,
    notification: { position: 'bottom-right', isExpanded: false, visibleToasts: 3 },
  });

  // The choice belongs to the browser, not the session: it also holds on the sign-in page.
  await page.getByTestId('profile-menu').click();
  await page.getByTestId('logout').click();
  await expectPath(page, /^\/login(\?|$)/);
  await expect(html).toHaveAttribute('data-theme-mode', 'light');
  await expect(page.getByTestId('login-submit')).toHaveText('Ingresar');
});

/**
 * Playwright journeys against the real backoffice binary (bin/backoffice, built by
 * `go tool task build`). Global setup starts one server on a fresh SQLite data dir with the demo
 * data; every test shares it, so the suite runs on one worker and tests that change global state
 * (site status, secretary windows, IP lists) restore it themselves.
 *
 * The browser is Debian's /usr/bin/chromium: Playwright never downloads one here.
 */
import { defineConfig, devices } from '@playwright/test';

export default defineConfig({
  testDir: './tests',
  globalSetup: './support/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  forbidOnly: !!process.env.CI,
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  outputDir: 'test-results',
  use: {
    // Set by global setup before the workers start (they inherit the runner's environment).
    baseURL: process.env.E2E_BASE_URL,
    locale: 'en-US',
    timezoneId: 'America/Bogota',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1366, height: 800 },
        headless: true,
        launchOptions: {
          executablePath: '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      },
    },
  ],
});

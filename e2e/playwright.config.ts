import { defineConfig } from '@playwright/test';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3390);

/** Journeys of real users in Debian's Chromium against the real server on a fresh database. */
export default defineConfig({
  testDir: './tests',
  outputDir: '../test-results/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: 2,
  forbidOnly: true,
  retries: 0,
  reporter: [['list'], ['html', { open: 'never', outputFolder: '../playwright-report' }]],
  globalSetup: './support/global-setup.ts',
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    viewport: { width: 1366, height: 768 },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
  },
  projects: [
    { name: 'chromium', use: { browserName: 'chromium' }, testIgnore: /sweep\./ },
    // The route sweep (tests/sweep.spec.ts): one sign-in per role, then every screen at
    // every size of SWEEP_SIZES (each screen loaded once and resized).
    { name: 'sweep-setup', testMatch: /sweep\.setup\.ts/ },
    {
      name: 'sweep',
      testMatch: /sweep\.spec\.ts/,
      dependencies: ['sweep-setup'],
      use: { browserName: 'chromium' },
    },
  ],
});

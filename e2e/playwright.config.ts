import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3210);
export const baseURL = `http://localhost:${PORT}`;
/** A second server, with staging turned on through a loopback stand-in for Gemini (staging.spec.ts). */
export const stagingURL = `http://localhost:${PORT + 1}`;
/** The Gemini stand-in behind the staging server: `GET /__received` lists what each call carried. */
export const standInURL = `http://127.0.0.1:${PORT + 2}`;

export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  outputDir: './test-results',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'] }, testIgnore: /phone-.*\.spec\.ts/ },
    { name: 'phone', use: { ...devices['Pixel 7'] }, testMatch: /phone-.*\.spec\.ts/ },
  ],
  // The product exactly as `npm start` runs it (its allocator too), on a fresh data directory; and again with
  // staging on.
  webServer: [
    {
      command: 'sh ../scripts/with-allocator.sh node serve.mjs',
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: { PORT: String(PORT), APP_URL: baseURL, LOG_LEVEL: 'warn' },
    },
    {
      command: 'sh ../scripts/with-allocator.sh node serve-staging.mjs',
      url: `${stagingURL}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: { PORT: String(PORT + 1), STAND_IN_PORT: String(PORT + 2), APP_URL: stagingURL, LOG_LEVEL: 'warn' },
    },
  ],
});

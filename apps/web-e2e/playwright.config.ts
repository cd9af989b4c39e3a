import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);

/**
 * End-to-end suite against the real `npm start` server (started in global-setup with a fresh
 * DATA_DIR, so PGlite and the owner bootstrap run exactly as on a new install), driving
 * Debian's chromium. Playwright never downloads a browser here.
 */
export default defineConfig({
  testDir: './src',
  outputDir: '../../dist/apps/web-e2e/test-results',
  globalSetup: './src/support/global-setup.ts',
  globalTeardown: './src/support/global-teardown.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
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
        // The room chat's voice session: Chromium's fake microphone, no permission prompt, and
        // agent audio may play without a gesture (room-chat.spec.ts).
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
        '--autoplay-policy=no-user-gesture-required',
      ],
    },
  },
  projects: [
    // The owner's first sign-in (forced password change) runs first; every other spec signs the
    // owner in with the password it chose (support/demo-accounts.ts).
    {
      name: 'first-owner',
      testMatch: /sign-in\.spec\.ts/,
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
    {
      name: 'chromium',
      testIgnore: /sign-in\.spec\.ts/,
      dependencies: ['first-owner'],
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
  ],
});

import { defineConfig, devices } from '@playwright/test';
import { existsSync } from 'node:fs';

const port = Number(process.env.E2E_PORT ?? 3100);

/**
 * Debian's chromium-headless-shell when it is there: the same build as its chromium without the
 * desktop browser around it, which made the end-to-end suite a fifth quicker. `npm test`
 * installs it; CHROMIUM_PATH chooses another browser.
 */
const browserPath =
  process.env.CHROMIUM_PATH ??
  (existsSync('/usr/bin/chromium-headless-shell')
    ? '/usr/bin/chromium-headless-shell'
    : '/usr/bin/chromium');

const launch = (executablePath: string) => ({
  executablePath,
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
});

/**
 * End-to-end suite against the real `npm start` server (started in global-setup with a fresh
 * DATA_DIR, so PGlite and the owner bootstrap run exactly as on a new install), driving
 * Debian's chromium (its headless shell). Playwright never downloads a browser here.
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
    // A trace records a screencast of every test, failed or not: it made the suite a third
    // slower. CI keeps the failure's screenshot and page snapshot; a local run keeps its trace.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: launch(browserPath),
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
      testIgnore: [/sign-in\.spec\.ts/, /offline-documents\.spec\.ts/],
      dependencies: ['first-owner'],
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
    // A saved PDF opens in a new tab from the service worker: the headless shell has no PDF
    // viewer (the tab never loads), so this spec runs in the whole browser.
    {
      name: 'chromium-pdf-viewer',
      testMatch: /offline-documents\.spec\.ts/,
      dependencies: ['first-owner'],
      use: {
        ...devices['Desktop Chrome'],
        channel: undefined,
        launchOptions: launch(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'),
      },
    },
  ],
});

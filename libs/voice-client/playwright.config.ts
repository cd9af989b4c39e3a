import { defineConfig } from '@playwright/test';

/**
 * Browser suite of the voice client: Debian's chromium with a fake microphone, a page under a
 * strict CSP served by the local convai test server. Playwright never downloads a browser.
 */
export default defineConfig({
  testDir: './browser',
  outputDir: '../../dist/test-results/voice-client',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
        '--autoplay-policy=no-user-gesture-required',
      ],
    },
  },
});

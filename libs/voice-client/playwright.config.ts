import { defineConfig } from '@playwright/test';
import { existsSync } from 'node:fs';

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
      executablePath: browserPath,
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

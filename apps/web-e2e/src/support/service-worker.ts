import type { Page } from '@playwright/test';

const controlled = (page: Page, timeout: number) =>
  page
    .waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout })
    .then(
      () => true,
      () => false,
    );

/**
 * Waits until the app's service worker controls `page` (so a load without signal opens the
 * shell). Offline needs an activated worker (installed, so its whole shell is precached).
 * The worker claims open pages when it activates; Chromium makes the page controlled some
 * 100–400 ms after the worker reports 'activated' (measured here), and on a loaded machine that
 * claim was seen to lag past 30 s. So: give the claim a few seconds first. A page's next load is
 * controlled either way, so then reload; a reload made while the claim is still in flight was
 * seen to leave that load uncontrolled (1 in 8 here), so reload again, up to three times.
 */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.waitForFunction(
    async () => (await navigator.serviceWorker.getRegistration('/'))?.active?.state === 'activated',
    undefined,
    { timeout: 60_000, polling: 250 },
  );
  if (await controlled(page, 5_000)) return;
  for (let attempt = 1; attempt <= 3; attempt += 1) {
    await page.reload();
    if (await controlled(page, 10_000)) return;
  }
  throw new Error('the service worker never controlled the page, after three reloads');
}

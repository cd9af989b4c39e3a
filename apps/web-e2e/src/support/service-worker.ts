import type { Page } from '@playwright/test';

/**
 * Waits until the app's service worker controls `page` (so a load without signal opens the
 * shell). Offline needs an activated worker (installed, so its whole shell is precached). The
 * worker claims open pages, but on a loaded machine that claim was seen to lag past 30 s; a
 * page's next load is controlled either way, so reload once when this one is not yet.
 */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.waitForFunction(
    async () => (await navigator.serviceWorker.getRegistration('/'))?.active?.state === 'activated',
    undefined,
    { timeout: 60_000, polling: 250 },
  );
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null)))
    await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 10_000,
  });
}

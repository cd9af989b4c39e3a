import { expect, type Page } from '@playwright/test';

const controlled = (page: Page) => page.evaluate(() => navigator.serviceWorker.controller !== null);

/**
 * Waits until the app's service worker controls `page` (so a load without signal opens the
 * shell). Offline needs an activated worker (installed, so its whole shell is precached).
 *
 * A page is controlled when its load started after the worker was active, or when the worker's
 * clients.claim() (on activate) found it open. claim() takes only documents that are running:
 * a document still loading when it ran (a navigation in flight, such as the load to '/' a
 * sign-in starts) is skipped and stays uncontrolled for good. So: if this document is not
 * controlled once the worker is activated, its load started too early, and one reload, which
 * starts after activation, is controlled. No retries: a second miss is a bug.
 */
export async function waitForServiceWorker(page: Page): Promise<void> {
  // evaluate awaits the page's promise (waitForFunction would take the promise itself as a
  // truthy answer at once): `ready` gives the registration once it has an active worker, which
  // may still be activating.
  await page.evaluate(async () => {
    const worker = (await navigator.serviceWorker.ready).active;
    if (!worker || worker.state === 'activated') return;
    await new Promise<void>((activated) =>
      worker.addEventListener('statechange', () => {
        if (worker.state === 'activated') activated();
      }),
    );
  });
  if (await controlled(page)) return;
  await page.reload();
  expect(await controlled(page), 'a load started after activation is controlled').toBe(true);
}

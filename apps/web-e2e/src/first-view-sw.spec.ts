import { expect, test, type Page } from './support/test';
import { DashboardPage, signIn } from './support/app.po';
import { watchConsole } from './support/checks';
import { DEMO_USER } from './support/demo-accounts';
import { waitForServiceWorker } from './support/service-worker';

/**
 * "≤ 1 s from the service-worker cache" (docs/field-readiness.md, "First view from the
 * service worker"): after a signed-in visit the worker keeps the dashboard the server rendered
 * and answers the next load with it, also without signal; sign-out takes it off the device.
 */
const FIRST_VIEW_CACHE = 'fieldcraft-first-view';
const MARKER = 'id="fieldcraft-first-view"';
const OFFLINE_TITLE = 'You are offline';

/** Whether the worker keeps a server-rendered first view for `path` (never creates the cache). */
function keeps(page: Page, path: string): Promise<boolean> {
  return page.evaluate(
    async ({ name, path, marker }) => {
      if (!(await caches.has(name))) return false;
      const response = await (await caches.open(name)).match(path);
      return response ? (await response.text()).includes(marker) : false;
    },
    { name: FIRST_VIEW_CACHE, path, marker: MARKER },
  );
}

test('the dashboard opens from the page the service worker kept, also offline, and leaves with the user', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const page = await signIn(browser, DEMO_USER.email, DEMO_USER.password, undefined, {
    serviceWorkers: 'allow',
  });
  const context = page.context();
  const problems = watchConsole(page);
  await page.goto('/dashboard');
  await waitForServiceWorker(page);

  // A load the worker controls: it answers, then fetches the page again and keeps it.
  await page.reload();
  await expect.poll(() => keeps(page, '/dashboard'), { timeout: 30_000 }).toBe(true);

  // The next load is the kept first view, from the worker.
  const repeat = await page.reload();
  expect(repeat?.fromServiceWorker()).toBe(true);
  const html = (await repeat?.text()) ?? '';
  expect(html).toContain(MARKER);
  expect(html).toContain('data-first-view="server"');
  await expect(page.getByText(/Welcome back, /)).toBeVisible();
  // The query string does not matter.
  const withQuery = await page.goto('/dashboard?from=e2e');
  expect(withQuery?.fromServiceWorker()).toBe(true);
  expect((await withQuery?.text()) ?? '').toContain(MARKER);

  // No signal: the kept page still answers (the failed refresh keeps it); the app then says it
  // is offline, as before.
  await context.setOffline(true);
  const offline = await page.goto('/dashboard');
  expect(offline?.fromServiceWorker()).toBe(true);
  expect((await offline?.text()) ?? '').toContain(MARKER);
  await expect(page.getByRole('heading', { name: OFFLINE_TITLE })).toBeVisible();
  expect(await keeps(page, '/dashboard')).toBe(true);
  await context.setOffline(false);
  await expect(page.getByText(/Welcome back, /)).toBeVisible();

  // Sign-out: the kept page leaves the device with the user, and is not written back.
  await new DashboardPage(page).signOut();
  await expect(page.getByText('Limited Access BETA test environment')).toBeVisible();
  expect(await keeps(page, '/dashboard')).toBe(false);
  expect(await keeps(page, '/')).toBe(false);
  const signedOut = await page.goto('/dashboard');
  expect((await signedOut?.text()) ?? '').not.toContain(MARKER);
  await expect(page).toHaveURL(/\/login/);
  expect(await keeps(page, '/dashboard')).toBe(false);

  expect(problems).toEqual([]);
  await context.close();
});

import type { AddressInfo } from 'node:net';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type BrowserContext, type Page } from './support/test';
import { LoginPage } from './support/app.po';
import { captureScreen, watchConsole } from './support/checks';
import { DEMO_USER } from './support/demo-accounts';
import { waitForServiceWorker } from './support/service-worker';

const OFFLINE_TITLE = 'You are offline';
const OFFLINE_BODY = 'This page needs a connection. It loads by itself when the signal is back.';

/** Every request the context makes (pages and the service worker) to a host other than ours. */
function watchForeignRequests(context: BrowserContext): string[] {
  const foreign: string[] = [];
  context.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol === 'data:' || url.protocol === 'blob:') return;
    if (url.hostname !== '127.0.0.1' && url.hostname !== 'localhost') foreign.push(request.url());
  });
  return foreign;
}

/** Waits until the service worker controls the page and has precached the shell; its cache names. */
async function shellCachesOnceControlled(page: Page): Promise<string[]> {
  await waitForServiceWorker(page);
  return page.evaluate(async () =>
    (await caches.keys()).filter((k) => k.startsWith('fieldcraft-shell-')),
  );
}

test('after one signed-in visit the app shell opens offline, with the navigation and a plain message', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ serviceWorkers: 'allow' });
  const foreign = watchForeignRequests(context);
  const page = await context.newPage();
  const problems = watchConsole(page);

  const login = new LoginPage(page);
  await login.open();
  await login.signInAndLoad(DEMO_USER.email, DEMO_USER.password);
  await expect(page.getByText(/Welcome back, /)).toBeVisible();
  await page.goto('/dashboard');
  await expect(page.getByText(/Welcome back, /)).toBeVisible();
  const shellCaches = await shellCachesOnceControlled(page);
  expect(shellCaches).toHaveLength(1);

  // The installable app's manifest is linked and served.
  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(manifestHref).toBe('/manifest.webmanifest');
  const manifest = await (await page.request.get(manifestHref ?? '')).json();
  expect(manifest).toMatchObject({
    name: 'Fieldcraft',
    display: 'standalone',
    theme_color: '#1d2939',
  });
  expect(
    manifest.icons.map((i: { sizes: string; purpose: string }) => `${i.sizes} ${i.purpose}`),
  ).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));

  // Chromium's own installability check (manifest, icons, service worker) finds nothing missing.
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  // Playwright's contexts are incognito, where Chromium never offers to install: that is the only
  // reason it may give.
  expect(installabilityErrors.filter((e) => e.errorId !== 'in-incognito')).toEqual([]);
  await cdp.detach();

  // No signal: reload the dashboard.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: OFFLINE_TITLE })).toBeVisible();
  await expect(page.getByText(OFFLINE_BODY)).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText(/Welcome back, /)).toBeHidden();
  await captureScreen(page, 'offline-shell');

  // Another route opened without signal: the same shell, not the browser's offline page.
  await page.goto('/rooms');
  await expect(page.getByRole('heading', { name: OFFLINE_TITLE })).toBeVisible();
  await expect(page.getByRole('navigation').first()).toBeVisible();

  // Signal back: the page loads by itself.
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: OFFLINE_TITLE })).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByText(/Welcome back, /)).toBeVisible();
  await expect(page.getByRole('heading', { name: OFFLINE_TITLE })).toBeHidden();

  expect(foreign, 'requests to public hosts').toEqual([]);
  expect(problems).toEqual([]);
  await context.close();
});

test('signed in from the login page, the app at / opens offline with the plain message, not the saved dashboard', async ({
  browser,
}) => {
  // A sign-in lands on '/', which draws the dashboard itself (no route guard). The dashboard this
  // device saved (last-seen) must not pass for a session there when there is no signal.
  test.setTimeout(120_000);
  const context = await browser.newContext({ serviceWorkers: 'allow' });
  const page = await context.newPage();
  const login = new LoginPage(page);
  await login.open();
  await login.signIn(DEMO_USER.email, DEMO_USER.password);
  await expect(page.getByText(/Welcome back, /)).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await waitForServiceWorker(page);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: OFFLINE_TITLE })).toBeVisible();
  await expect(page.getByText(/Welcome back, /)).toBeHidden();

  await context.setOffline(false);
  await expect(page.getByText(/Welcome back, /)).toBeVisible();
  await expect(page.getByRole('heading', { name: OFFLINE_TITLE })).toBeHidden();
  await context.close();
});

// ---- update path --------------------------------------------------------------------------------

/** A copy of the built web app served as the API serves it (SPA fallback, sw.js no-cache). */
function serveCopy(dir: string, port: number): Promise<Server> {
  const types: Record<string, string> = {
    '.html': 'text/html; charset=utf-8',
    '.js': 'text/javascript; charset=utf-8',
    '.css': 'text/css; charset=utf-8',
    '.svg': 'image/svg+xml',
    '.png': 'image/png',
    '.webmanifest': 'application/manifest+json',
  };
  const server = createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://x').pathname;
    if (pathname.startsWith('/api/')) {
      res
        .writeHead(404, { 'content-type': 'application/json' })
        .end('{"error":"Not found","code":"NOT_FOUND"}');
      return;
    }
    let file = path.join(dir, path.normalize(pathname));
    let body: Buffer;
    try {
      body = readFileSync(file);
    } catch {
      file = path.join(dir, 'index.html');
      body = readFileSync(file);
    }
    res
      .writeHead(200, {
        'content-type': types[path.extname(file)] ?? 'application/octet-stream',
        'cache-control': 'no-cache',
      })
      .end(body);
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

test('a new build replaces the old app-shell cache', async ({ browser }) => {
  test.setTimeout(90_000);
  const built = path.resolve(__dirname, '../../../dist/apps/web');
  const dir = mkdtempSync(path.join(tmpdir(), 'fc-sw-update-'));
  cpSync(built, dir, { recursive: true });
  // A port the system chooses: a fixed neighbour of the suite's port may be taken by any
  // connection's local end (it lies in the ephemeral range).
  const server = await serveCopy(dir, 0);
  const { port } = server.address() as AddressInfo;
  const context = await browser.newContext({ serviceWorkers: 'allow' });
  try {
    const page = await context.newPage();
    await page.goto(`http://127.0.0.1:${port}/`);
    const [first] = await shellCachesOnceControlled(page);
    expect(first).toMatch(/^fieldcraft-shell-[0-9a-f]{16}$/);

    // "Deploy" a new build: a changed index.html, and the sw.js the build writes for it (a new
    // version string; the list of files stays the same here).
    const version = (first ?? '').replace('fieldcraft-shell-', '');
    const nextVersion = 'feedfacefeedface';
    const sw = readFileSync(path.join(dir, 'sw.js'), 'utf8');
    expect(sw).toContain(version);
    writeFileSync(path.join(dir, 'sw.js'), sw.replaceAll(version, nextVersion));
    const html = readFileSync(path.join(dir, 'index.html'), 'utf8');
    writeFileSync(path.join(dir, 'index.html'), html.replace('<title>', '<title>Next build · '));

    // A navigation makes the browser check /sw.js; the new worker installs, takes over and
    // deletes the old cache; the next load is the new shell, from the new cache.
    await page.reload();
    await expect
      .poll(
        () =>
          page.evaluate(async () =>
            (await caches.keys()).filter((k) => k.startsWith('fieldcraft-shell-')),
          ),
        {
          timeout: 30_000,
        },
      )
      .toEqual([`fieldcraft-shell-${nextVersion}`]);
    await page.reload();
    await expect(page).toHaveTitle(/^Next build · /);

    // And it is the cache that answers: offline, the new shell still opens.
    await context.setOffline(true);
    await page.reload();
    await expect(page).toHaveTitle(/^Next build · /);
  } finally {
    await context.close();
    server.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

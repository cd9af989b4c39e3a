import { expect, test, type Page } from './support/test';
import { LandingPage, LoginPage } from './support/app.po';
import { captureScreen, watchConsole } from './support/checks';
import { DEMO_USER } from './support/demo-accounts';

// The light public app (docs/field-readiness.md): a new visitor's landing and sign-in pages are
// drawn without the whole app's code, which arrives when it is needed.

/** The app's script files this page requests, by chunk name (the part before the hash). */
function watchChunks(page: Page): Set<string> {
  const chunks = new Set<string>();
  page.on('request', (request) => {
    const match = /\/assets\/(.+)-[\w-]{8}\.js$/.exec(new URL(request.url()).pathname);
    if (match?.[1]) chunks.add(match[1]);
  });
  return chunks;
}

test('a new visitor gets landing and sign-in without the whole app; signing in brings it', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  const problems = watchConsole(page);
  const chunks = watchChunks(page);

  const landing = new LandingPage(page);
  await landing.open();
  await captureScreen(page, 'public-app-landing');
  await landing.getStarted();
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await captureScreen(page, 'public-app-login');
  expect([...chunks]).toContain('public-app');
  expect([...chunks]).not.toContain('signed-in-start');

  // The footer's legal notes open and close.
  const legal = page.getByRole('button', { name: 'Legal Stuff' });
  await legal.click();
  await expect(legal).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('region', { name: 'Legal Stuff' })).toBeVisible();

  // A wrong password: the toast, and nothing else changes.
  const login = new LoginPage(page);
  await login.signIn(DEMO_USER.email, 'not-the-password');
  await expect(login.toast('Login failed')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  const reload = page.waitForRequest(
    (r) => r.isNavigationRequest() && new URL(r.url()).pathname === '/',
  );
  await login.signIn(DEMO_USER.email, DEMO_USER.password);
  await expect(login.toast(/Welcome back, /)).toBeVisible();
  await reload;
  await expect(page.getByRole('heading', { name: /Welcome back, Dana/ })).toBeVisible();
  await expect(page.locator('html[data-app-ready]')).toHaveCount(1);
  expect([...chunks]).toContain('signed-in-start');
  expect(problems).toEqual([]);
  await context.close();
});

test('with a session this device does not remember, /login hands the page to the whole app', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const context = await browser.newContext({ serviceWorkers: 'block' });
  // Signed in through the API only: the cookie is set, the device stores no user.
  expect((await context.request.post('/api/auth/login', { data: DEMO_USER })).ok()).toBe(true);
  const page = await context.newPage();
  const problems = watchConsole(page);
  const chunks = watchChunks(page);
  let statusChecks = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/auth/status') statusChecks += 1;
  });
  await page.goto('/login');
  // Signed in already: the sign-in page sends to '/', where the whole app draws the dashboard.
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: /Welcome back, Dana/ })).toBeVisible();
  await expect(page.locator('html[data-app-ready]')).toHaveCount(1);
  expect([...chunks]).toEqual(expect.arrayContaining(['public-app', 'signed-in-start']));
  // The whole app took the public app's answer: the session was checked once.
  expect(statusChecks).toBe(1);
  expect(problems).toEqual([]);
  await context.close();
});

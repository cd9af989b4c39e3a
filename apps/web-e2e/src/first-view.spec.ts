import { expect, test, type BrowserContext } from './support/test';
import { captureScreen, watchConsole } from './support/checks';
import { DEMO_USER } from './support/demo-accounts';

// The server's first view (docs/field-readiness.md): a signed-in load of /dashboard arrives
// with the dashboard drawn, so it reads before a byte of script has arrived, and the app then
// takes over the same page without a loading screen in between.

async function signedInContext(context: BrowserContext): Promise<void> {
  const res = await context.request.post('/api/auth/login', { data: DEMO_USER });
  expect(res.ok()).toBe(true);
}

test('a signed-in /dashboard arrives drawn: readable and accessible before any script runs', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ serviceWorkers: 'block' });
  await signedInContext(context);
  const page = await context.newPage();
  // The app's scripts never arrive: what shows is the server's page alone.
  await page.route('**/assets/*.js', (route) => route.abort());
  const response = await page.goto('/dashboard');
  expect(response?.headers()['cache-control']).toBe('private, no-cache');
  await expect(page.locator('#root[data-first-view="server"]')).toHaveCount(1);
  await expect(page.getByRole('heading', { name: 'Welcome back, Dana' })).toBeVisible();
  await expect(page.getByText('Crane hand signals')).toBeVisible();
  await expect(page.getByText('Site safety checklist')).toBeVisible();
  await expect(page.getByText('Loading...')).toHaveCount(0);
  await captureScreen(page, 'first-view');

  // The outdoor theme the device chose is the one drawn (its cookie).
  await context.addCookies([{ name: 'fieldcraft-outdoor', value: 'on', url: page.url() }]);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Welcome back, Dana' })).toBeVisible();
  await captureScreen(page, 'first-view-outdoor');
  await context.close();
});

test('the app takes the drawn dashboard over without a loading screen, and it works', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ serviceWorkers: 'block' });
  await signedInContext(context);
  const page = await context.newPage();
  const problems = watchConsole(page);
  // Records whether the page ever showed a loading state or lost the greeting on the way.
  await page.addInitScript(() => {
    const w = window as unknown as { __sawLoading?: boolean; __lostGreeting?: boolean };
    let greeted = false;
    new MutationObserver(() => {
      const text = document.getElementById('root')?.textContent ?? '';
      if (text.includes('Loading...')) w.__sawLoading = true;
      if (text.includes('Welcome back, ')) greeted = true;
      else if (greeted) w.__lostGreeting = true;
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  await page.goto('/dashboard');
  await expect(page.locator('html[data-app-ready]')).toHaveCount(1, { timeout: 30_000 });
  // The drawn page's answers were taken once: the data block is gone.
  await expect(page.locator('#fieldcraft-first-view')).toHaveCount(0);
  // The app works: a video plays in the Watch panel.
  await page.getByRole('button', { name: /Crane hand signals/ }).click();
  await expect(page.locator('video')).toHaveAttribute('src', /\/api\/files\//);
  const seen = await page.evaluate(() => {
    const w = window as unknown as { __sawLoading?: boolean; __lostGreeting?: boolean };
    return { loading: w.__sawLoading === true, lost: w.__lostGreeting === true };
  });
  expect(seen).toEqual({ loading: false, lost: false });
  expect(problems).toEqual([]);
  await context.close();
});

test('signed out, /dashboard is the plain app page, which sends the visitor to sign in', async ({
  page,
}) => {
  const response = await page.goto('/dashboard');
  expect(await response?.text()).not.toContain('fieldcraft-first-view');
  await expect(page).toHaveURL(/\/login/);
});

import { expect, test, type Page } from './support/test';
import { DEMO_USER } from './support/demo-accounts';

// Scrolling across navigations (apps/web/src/app/scroll-restoration.tsx): a new page opens at
// the top; Back returns to where the reader was, and so does a reload of that page.

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

test('a new page opens at the top; Back and a reload return to where the reader was', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  // A phone-sized window, so the dashboard is longer than the screen.
  const context = await browser.newContext({
    serviceWorkers: 'block',
    viewport: { width: 360, height: 420 },
  });
  expect((await context.request.post('/api/auth/login', { data: DEMO_USER })).ok()).toBe(true);
  const page = await context.newPage();
  await page.goto('/dashboard');
  await expect(page.locator('html[data-app-ready]')).toHaveCount(1, { timeout: 30_000 });
  await expect(page.getByText('Site safety checklist')).toBeVisible();

  const target = await page.evaluate(() => {
    const room = document.documentElement.scrollHeight - window.innerHeight;
    const y = Math.min(300, room);
    window.scrollTo(0, y);
    return y;
  });
  expect(target).toBeGreaterThan(100);
  await expect.poll(() => scrollY(page)).toBe(target);

  // A click event on the link as it is: Playwright's click() would first scroll it into view,
  // moving the page the test has just placed.
  await page.getByRole('link', { name: 'Your Rooms' }).dispatchEvent('click');
  await expect(page).toHaveURL(/\/rooms$/);
  await expect(page.getByRole('heading', { name: 'Your Rooms' })).toBeVisible();
  await expect.poll(() => scrollY(page)).toBe(0);

  await page.goBack();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Site safety checklist')).toBeVisible();
  await expect.poll(() => scrollY(page)).toBe(target);

  await page.reload();
  await expect(page.locator('html[data-app-ready]')).toHaveCount(1, { timeout: 30_000 });
  await expect.poll(() => scrollY(page)).toBe(target);
  await context.close();
});

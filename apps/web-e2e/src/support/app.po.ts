import { type Browser, type BrowserContextOptions, expect, type Page } from '@playwright/test';

/** The public landing page. */
export class LandingPage {
  constructor(private readonly page: Page) {}

  async open() {
    await this.page.goto('/');
    await expect(this.page.getByText('Limited Access BETA test environment')).toBeVisible();
  }

  async getStarted() {
    await this.page
      .getByRole('link', { name: 'Get Started' })
      .or(this.page.getByRole('button', { name: 'Get Started' }))
      .click();
    await expect(this.page).toHaveURL(/\/login$/);
  }
}

/** The sign-in card and the forced password change view that replaces it. */
export class LoginPage {
  constructor(private readonly page: Page) {}

  email = () => this.page.getByLabel(/^Email/);
  password = () => this.page.getByLabel(/^Password/);

  async open() {
    await this.page.goto('/login');
    await expect(this.page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  }

  async signIn(email: string, password: string) {
    await this.email().fill(email);
    await this.password().fill(password);
    await this.page.getByRole('button', { name: 'Sign In' }).click();
  }

  /**
   * Signs in and waits until the full page load to '/' that follows a sign-in 500 ms later has
   * loaded, so a navigation the test makes next cannot race it. The next `load` event is that
   * new page's: waiting for its request and then for the load state could return at once, with
   * the old page loaded and the new one still in flight.
   */
  async signInAndLoad(email: string, password: string) {
    const loaded = this.page.waitForEvent('load');
    await this.signIn(email, password);
    await loaded;
    await expect(this.page).toHaveURL(/\/$/);
  }

  async changePassword(current: string, next: string, confirm = next) {
    await expect(this.page.getByRole('heading', { name: 'Change Your Password' })).toBeVisible();
    await this.page.getByLabel('Current Password', { exact: true }).fill(current);
    await this.page.getByLabel('New Password', { exact: true }).fill(next);
    await this.page.getByLabel('Confirm New Password', { exact: true }).fill(confirm);
    await this.page.getByRole('button', { name: 'Update Password' }).click();
  }

  toast(text: string | RegExp) {
    return this.page
      .getByRole('region', { name: /Notifications/ })
      .getByText(text)
      .first();
  }
}

/** The signed-in shell: greeting, navigation and the user menu. */
export class DashboardPage {
  constructor(private readonly page: Page) {}

  async expectGreeting(name: string) {
    await expect(this.page.getByText(`Welcome back, ${name}`)).toBeVisible();
    await expect(this.page.getByText(/Your Fieldcraft Newsroom/)).toBeVisible();
  }

  /** Signs out and waits until the full page load to '/' that follows the logout call loaded. */
  async signOut() {
    const page = this.page;
    const loaded = page.waitForEvent('load');
    const menuButton = page
      .getByRole('button', { name: /account menu|user menu|open menu/i })
      .first();
    await menuButton.click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await loaded;
  }
}

/**
 * A fresh browser context (which may use Chromium's fake microphone, see playwright.config.ts)
 * signed in as `email`, on the dashboard. The session comes from the sign-in call itself, as the
 * sign-in form makes it, without the form: the form and its errors have their own specs
 * (sign-in.spec.ts, public-app.spec.ts), and going through it cost every other test two page
 * loads and the form's 500 ms pause. With `greeting`, the dashboard must greet that name;
 * otherwise any greeting will do. `contextOptions` adds to the context's options (a phone
 * viewport, touch).
 */
export async function signIn(
  browser: Browser,
  email: string,
  password: string,
  greeting?: string,
  contextOptions: BrowserContextOptions = {},
): Promise<Page> {
  const context = await browser.newContext({ ...contextOptions, permissions: ['microphone'] });
  const answer = await context.request.post('/api/auth/login', { data: { email, password } });
  expect(answer.status(), await answer.text()).toBe(200);
  const page = await context.newPage();
  await page.goto('/');
  // The dashboard may be the server's first view, drawn before the app runs: a tap on it before
  // React has taken the page over opens nothing (a menu button, say). The app marks the page
  // when it has; the sign-in form's own load waited for that as well.
  await expect(page.locator('html[data-app-ready]')).toHaveCount(1, { timeout: 30_000 });
  if (greeting) await new DashboardPage(page).expectGreeting(greeting);
  else await expect(page.getByText(/Welcome back, /)).toBeVisible();
  return page;
}

import { expect, test } from './support/test';
import { DashboardPage, LandingPage, LoginPage } from './support/app.po';
import { captureScreen, watchConsole } from './support/checks';
import { OWNER_CHOSEN_PASSWORD } from './support/demo-accounts';
import { readServerState } from './support/server-state';

// One owner's first day, in order: the bootstrap password from the log works exactly once,
// must be changed, and the new one then signs in.
test.describe.configure({ mode: 'serial' });

const NEW_PASSWORD = OWNER_CHOSEN_PASSWORD;

test('landing → login errors → sign in → forced change → dashboard → logout', async ({ page }) => {
  const { ownerEmail, ownerPassword } = readServerState();
  const cspProblems = watchConsole(page);
  const landing = new LandingPage(page);
  const login = new LoginPage(page);
  const dashboard = new DashboardPage(page);

  await landing.open();
  await expect(page.getByRole('button', { name: 'Legal Stuff' })).toBeVisible();
  await expect(page.getByText(/© 2025 Fieldcraft Consulting/)).toBeVisible();
  await captureScreen(page, 'landing');
  await landing.getStarted();

  // Client-side validation, with the spec's messages.
  await login.signIn('not-an-email', 'short');
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
  await captureScreen(page, 'login-validation');

  // A wrong password: the server's error in a 'Login failed' toast, and we stay on /login.
  await login.signIn(ownerEmail, 'wrong-password-1');
  await expect(login.toast('Login failed')).toBeVisible();
  await expect(login.toast('Invalid email or password')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  // The bootstrap password signs in but must be changed first.
  await login.signIn(ownerEmail.toUpperCase(), ownerPassword);
  await expect(page.getByRole('heading', { name: 'Change Your Password' })).toBeVisible();
  await expect(
    page.getByText('Since this is your first login, you need to change your initial password'),
  ).toBeVisible();
  await expect(page.getByPlaceholder('Enter your initial password')).toBeVisible();
  await captureScreen(page, 'change-password');

  // Mismatch, then a wrong current password, then the real change.
  await login.changePassword(ownerPassword, NEW_PASSWORD, 'something-else-1');
  await expect(page.getByText('New passwords do not match')).toBeVisible();
  await login.changePassword('not-the-password', NEW_PASSWORD);
  await expect(login.toast('Current password is incorrect')).toBeVisible();
  await login.changePassword(ownerPassword, NEW_PASSWORD);
  await expect(login.toast('Password Changed')).toBeVisible();

  await dashboard.expectGreeting('owner');
  await expect(
    page
      .getByRole('button', { name: /Beta 1\.4/i })
      .or(page.getByRole('link', { name: /Beta 1\.4/i }))
      .first(),
  ).toBeVisible();
  await expect(
    page
      .getByRole('link', { name: 'Content' })
      .or(page.getByRole('button', { name: 'Content', exact: true }))
      .first(),
  ).toBeVisible();
  await expect(page.getByText('Choose Video')).toBeVisible();
  await captureScreen(page, 'dashboard');

  await dashboard.signOut();
  await expect(page.getByText('Limited Access BETA test environment')).toBeVisible();
  const status = await page.request.get('/api/auth/status');
  expect(await status.json()).toMatchObject({ isAuthenticated: false, user: null });

  // The bootstrap password is dead; the new one works and goes straight to the dashboard.
  await login.open();
  await login.signIn(ownerEmail, ownerPassword);
  await expect(login.toast('Login failed')).toBeVisible();
  await login.signIn(ownerEmail, NEW_PASSWORD);
  await dashboard.expectGreeting('owner');

  expect(cspProblems).toEqual([]);
});

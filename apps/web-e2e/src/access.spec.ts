import { expect, test } from './support/test';
import { LoginPage } from './support/app.po';
import { captureScreen } from './support/checks';
import { DEMO_ADMIN, DEMO_USER } from './support/demo-accounts';

test('a USER is sent away from an OWNER page', async ({ page }) => {
  const login = new LoginPage(page);
  await login.open();
  await login.signInAndLoad(DEMO_USER.email, DEMO_USER.password);
  await expect(page.getByText(/Welcome back, /)).toBeVisible();
  // The owner-only button is not offered to a USER.
  await expect(page.getByRole('link', { name: 'Content', exact: true })).toHaveCount(0);

  await page.goto('/content-management');
  await expect(page).toHaveURL(/\/test-station$/);
  await captureScreen(page, 'test-station');
});

test('a role spoofed in local storage or in the user-role header gets nothing', async ({
  page,
}) => {
  const login = new LoginPage(page);
  await login.open();
  await login.signInAndLoad(DEMO_USER.email, DEMO_USER.password);
  await expect(page.getByText(/Welcome back, /)).toBeVisible();

  // Rewrite every stored user object to claim OWNER: the guard still asks the server.
  await page.evaluate(() => {
    for (const key of Object.keys(localStorage)) {
      try {
        const value = JSON.parse(localStorage.getItem(key) ?? 'null');
        if (value && typeof value === 'object' && 'role' in value) {
          localStorage.setItem(key, JSON.stringify({ ...value, role: 'OWNER' }));
        }
      } catch {
        // not JSON
      }
    }
  });
  await page.goto('/content-management');
  await expect(page).toHaveURL(/\/test-station$/);

  // Over HTTP with the USER's own cookie and a forged header: still a USER.
  const me = await (
    await page.request.get('/api/auth/user', { headers: { 'user-role': 'OWNER' } })
  ).json();
  expect(me.role).toBe('USER');
  // Someone else's account (authorisation is decided before the lookup, so any id will do).
  const res = await page.request.patch(`/api/users/${me.id + 1000}`, {
    headers: { 'user-role': 'OWNER', 'content-type': 'application/json' },
    data: { role: 'OWNER' },
  });
  expect(res.status()).toBe(403);
  expect(await res.json()).toMatchObject({ code: 'FORBIDDEN' });

  // Promoting oneself with the forged header is refused, and the role is unchanged.
  const self = await page.request.patch(`/api/users/${me.id}`, {
    headers: { 'user-role': 'OWNER', 'content-type': 'application/json' },
    data: { role: 'OWNER' },
  });
  expect(self.status()).toBe(403);
  expect((await (await page.request.get('/api/auth/user')).json()).role).toBe('USER');
});

test('an ADMIN signs in and sees the ADMIN badge', async ({ page }) => {
  const login = new LoginPage(page);
  await login.open();
  await login.signInAndLoad(DEMO_ADMIN.email, DEMO_ADMIN.password);
  await expect(page.getByText(/Welcome back, /)).toBeVisible();
  await expect(page.getByText('ADMIN', { exact: true }).first()).toBeVisible();
});

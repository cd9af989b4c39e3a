import { expect, test, type Page } from './support/test';
import { signIn } from './support/app.po';
import { captureScreen, watchConsole } from './support/checks';
import { DEMO_ADMIN, DEMO_USER, OWNER_CHOSEN_PASSWORD } from './support/demo-accounts';
import { UserManagementPage } from './support/people.po';
import { readServerState } from './support/server-state';

// Unique per run, so the spec also passes against a server that has seen it before.
const suffix = Date.now().toString(36);

/** One group of numbers on /owner-control or /main-dashboard ('Users', 'Rooms', …). */
async function stats(page: Page, group: string): Promise<Record<string, number>> {
  const section = page.getByRole('region', { name: group, exact: true });
  await expect(section.getByRole('definition').first()).toBeVisible();
  const labels = await section.getByRole('term').allTextContents();
  const values = await section.getByRole('definition').allTextContents();
  return Object.fromEntries(labels.map((label, i) => [label, Number(values[i])]));
}

test('owner home, admin dashboard and preview mode', async ({ browser }) => {
  test.setTimeout(240_000);
  const { ownerEmail } = readServerState();
  const owner = await signIn(browser, ownerEmail, OWNER_CHOSEN_PASSWORD, 'owner');
  const problems = watchConsole(owner);

  // The Management menu leads to Owner Control, with the install's numbers.
  await owner.getByRole('link', { name: 'Your Rooms' }).click();
  await owner.getByRole('button', { name: 'Management' }).click();
  await owner.getByRole('menuitem', { name: 'Owner Control' }).click();
  await expect(owner).toHaveURL(/\/owner-control$/);
  await expect(owner.getByRole('heading', { level: 1, name: 'Owner Control' })).toBeVisible();
  const pendingBefore = (await stats(owner, 'Users')).Pending ?? 0;
  // The demo data: six rooms over every status and some content, live and offline.
  const rooms = await stats(owner, 'Rooms');
  expect((rooms.Live ?? 0) + (rooms.Paused ?? 0) + (rooms.Inactive ?? 0)).toBeGreaterThanOrEqual(6);
  expect((await stats(owner, 'Content')).Live).toBeGreaterThan(0);
  await captureScreen(owner, 'owner-control');

  // Creating a user (PENDING by default) through the User Management shortcut…
  await owner
    .getByRole('navigation', { name: 'Manage' })
    .getByRole('link', { name: /User Management/ })
    .click();
  const people = new UserManagementPage(owner);
  await expect(owner.getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible();
  await owner.getByRole('button', { name: 'Add User' }).click();
  const add = owner.getByRole('dialog', { name: 'Add User' });
  await add.getByLabel('First Name').fill('Hana');
  await add.getByLabel('Last Name').fill(`Harbor ${suffix}`);
  await add.getByLabel('Email').fill(`hana-${suffix}@fieldcraft.local`);
  await add.getByLabel('Username').fill(`hana-${suffix}`);
  await add.getByLabel('Initial Password').fill('initial-pass-1');
  await add.getByRole('button', { name: 'Create User' }).click();
  await expect(add).toBeHidden();
  await expect(people.toast(/created/i)).toBeVisible();

  // …shows on Owner Control at once.
  await owner.getByRole('link', { name: 'Back to Owner Control' }).click();
  await expect(owner).toHaveURL(/\/owner-control$/);
  await expect.poll(async () => (await stats(owner, 'Users')).Pending).toBe(pendingBefore + 1);

  // 'Back to Owner Control' on the content screen leads here too.
  await owner.goto('/content-management');
  await owner.getByRole('link', { name: 'Back to Owner Control' }).click();
  await expect(owner).toHaveURL(/\/owner-control$/);
  await expect(owner.getByRole('heading', { level: 1, name: 'Owner Control' })).toBeVisible();

  // Preview as User: the dashboard as a USER sees it, every call with the preview header.
  const previewCall = owner.waitForRequest(
    (r) => r.url().endsWith('/api/auth/status') && r.headers()['x-preview-mode'] === 'user',
  );
  await owner.getByRole('button', { name: 'Preview as User' }).click();
  await previewCall;
  await expect(owner).toHaveURL(/\/$/);
  await expect(owner.getByRole('heading', { name: /^Welcome back/ })).toBeVisible();
  await expect(owner.getByRole('link', { name: 'Your Rooms' })).toBeVisible();
  await expect(owner.getByRole('link', { name: 'Content', exact: true })).toHaveCount(0);
  const account = owner.getByRole('button', { name: /account menu/ });
  await expect(account).toContainText('USER');
  const overlay = owner.getByRole('button', { name: 'Admin Preview Mode' });
  await expect(overlay).toBeVisible();
  await captureScreen(owner, 'preview-dashboard');

  // The rooms screen without owner tools; its list comes from a USER's answer.
  const roomsCall = owner.waitForRequest((r) => r.url().endsWith('/api/user/rooms'));
  await owner.getByRole('link', { name: 'Your Rooms' }).click();
  expect((await roomsCall).headers()['x-preview-mode']).toBe('user');
  await expect(owner.getByRole('heading', { level: 1, name: 'Your Rooms' })).toBeVisible();
  await expect(owner.getByRole('button', { name: 'ADD ROOM' })).toHaveCount(0);
  await expect(owner.getByRole('button', { name: 'Management' })).toHaveCount(0);
  await expect(owner.getByRole('button', { name: 'Analytics' })).toHaveCount(0);

  await overlay.click();
  const panel = owner.getByRole('dialog', { name: 'Admin Preview Mode' });
  await expect(panel).toContainText(
    "You're viewing the app as users see it. Click below to return to admin controls.",
  );
  await captureScreen(owner, 'preview-overlay');
  await panel.getByRole('button', { name: 'Exit Preview Mode' }).click();
  await expect(owner).toHaveURL(/\/main-dashboard$/);
  await expect(owner.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
  await expect(owner.getByText('The whole install')).toBeVisible();
  await expect(overlay).toHaveCount(0);
  await expect(owner.getByRole('button', { name: 'Management' })).toBeVisible();
  await expect(owner.getByRole('link', { name: /Owner Control/ })).toBeVisible();
  await captureScreen(owner, 'main-dashboard-owner');

  // A company with the demo admin and the new user: the admin's numbers are theirs alone.
  const company = `Harbor Works ${suffix}`;
  await owner.goto('/companies');
  await owner.getByRole('button', { name: 'Add Company' }).click();
  const create = owner.getByRole('dialog', { name: 'Add Company' });
  await create.getByLabel('Company Name').fill(company);
  await create.getByRole('button', { name: 'Create Company' }).click();
  await owner.getByRole('button', { name: `Manage ${company}` }).click();
  const manage = owner.getByRole('dialog', { name: company });
  for (const name of ['Alex Admin', `Hana Harbor ${suffix}`]) {
    await people.choose(manage, 'Add user', new RegExp(`^${name}`));
    await manage.getByRole('button', { name: 'Add User' }).click();
    await expect(manage.getByText(`${name} added`)).toBeVisible();
  }
  await manage.getByRole('button', { name: 'Done' }).click();

  const admin = await signIn(browser, DEMO_ADMIN.email, DEMO_ADMIN.password, 'Alex');
  const adminProblems = watchConsole(admin);
  await admin.getByRole('button', { name: /account menu/ }).click();
  await admin.getByRole('menuitem', { name: 'Admin Dashboard' }).click();
  await expect(admin).toHaveURL(/\/main-dashboard$/);
  await expect(admin.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
  await expect(admin.getByText(`${company}: your company’s numbers`)).toBeVisible();
  expect(await stats(admin, 'Users')).toEqual({ Pending: 1, Active: 1, Deactivated: 0 });
  expect(await stats(admin, 'Rooms')).toEqual({ Live: 0, Paused: 0, Inactive: 0 });
  await expect(admin.getByRole('region', { name: 'Content', exact: true })).toHaveCount(0);
  const goTo = admin.getByRole('navigation', { name: 'Go to' });
  await expect(goTo.getByRole('link')).toHaveCount(3);
  await expect(goTo.getByRole('link', { name: /Owner Control/ })).toHaveCount(0);
  await captureScreen(admin, 'main-dashboard-admin');
  // From an admin screen, the main bar leads back.
  await goTo.getByRole('link', { name: /Companies/ }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Companies' })).toBeVisible();
  await admin
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Admin Dashboard' })
    .click();
  await expect(admin).toHaveURL(/\/main-dashboard$/);
  // Owner Control stays the OWNER's.
  await admin.goto('/owner-control');
  await expect(admin).toHaveURL(/\/test-station$/);

  // A USER gets neither page.
  const user = await signIn(browser, DEMO_USER.email, DEMO_USER.password, 'Dana');
  for (const path of ['/main-dashboard', '/owner-control']) {
    await user.goto(path);
    await expect(user).toHaveURL(/\/test-station$/);
  }

  expect(problems).toEqual([]);
  expect(adminProblems).toEqual([]);
});

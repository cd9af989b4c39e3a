import { expect, test } from './support/test';
import { LoginPage, signIn } from './support/app.po';
import { captureScreen, watchConsole } from './support/checks';
import { DEMO_ADMIN, DEMO_USER, OWNER_CHOSEN_PASSWORD } from './support/demo-accounts';
import { UserManagementPage } from './support/people.po';
import { readServerState } from './support/server-state';

// Unique per run, so the spec also passes against a server that has seen it before.
const suffix = Date.now().toString(36);

test('owner finds, edits, resets, deactivates and impersonates users; an ADMIN sees only their company', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const { ownerEmail } = readServerState();
  const owner = await signIn(browser, ownerEmail, OWNER_CHOSEN_PASSWORD, 'owner');
  const problems = watchConsole(owner);
  const people = new UserManagementPage(owner);
  await people.open();
  await expect(people.row('Dana Fielding')).toBeVisible();
  await captureScreen(owner, 'user-management');

  // A crew member of our own, so the demo accounts other specs use stay as they are.
  const crew = {
    email: `rita-${suffix}@fieldcraft.local`,
    username: `rita-${suffix}`,
    password: 'initial-pass-1',
  };
  await owner.getByRole('button', { name: 'Add User' }).click();
  const add = owner.getByRole('dialog', { name: 'Add User' });
  await add.getByLabel('First Name').fill('Rita');
  await add.getByLabel('Last Name').fill(`Rebar ${suffix}`);
  await add.getByLabel('Email').fill(crew.email);
  await add.getByLabel('Username').fill(crew.username);
  await add.getByLabel('Initial Password').fill(crew.password);
  await captureScreen(owner, 'user-management-add-user');
  await add.getByRole('button', { name: 'Create User' }).click();
  await expect(add).toBeHidden();
  const crewName = `Rita Rebar ${suffix}`;

  // Find by username, then edit the names.
  await people.find(crew.username, crewName);
  const edit = await people.action(crewName, 'Edit', 'Edit User');
  await edit.getByLabel('First Name').fill('Rosa');
  await people.choose(edit, 'Status', 'ACTIVE');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(people.toast('User updated')).toBeVisible();
  const renamed = `Rosa Rebar ${suffix}`;
  await expect(people.row(renamed)).toContainText('ACTIVE');

  // Reset password: generated, shown once; the user must change it at the next sign-in.
  const reset = await people.action(renamed, 'Reset Password');
  await reset.getByRole('button', { name: 'Reset Password' }).click();
  const shown = reset.getByTestId('temporary-password');
  await expect(shown).toHaveText(/^[A-Za-z2-9]{14}$/);
  const temporary = (await shown.textContent()) ?? '';
  await captureScreen(owner, 'user-management-reset-password');
  await reset.getByRole('button', { name: 'Done' }).click();

  const crewPage = await (await browser.newContext()).newPage();
  const crewLogin = new LoginPage(crewPage);
  await crewLogin.open();
  await crewLogin.signIn(crew.email, crew.password);
  await expect(crewPage.getByText('Invalid email or password')).toBeVisible();
  await crewLogin.signIn(crew.email, temporary);
  await expect(crewPage.getByRole('heading', { name: 'Change Your Password' })).toBeVisible();

  // Deactivate: the same temporary password no longer signs in.
  const deactivate = await people.action(renamed, 'Deactivate', 'Deactivate User');
  await captureScreen(owner, 'user-management-deactivate');
  await deactivate.getByRole('button', { name: 'Deactivate' }).click();
  await expect(people.row(renamed).getByText('Deactivated')).toBeVisible();
  await crewLogin.open();
  await crewLogin.signIn(crew.email, temporary);
  await expect(crewPage.getByText('Invalid email or password')).toBeVisible();

  // Rooms & Access of the demo user.
  await people.find('fielding', 'Dana Fielding');
  const access = await people.action('Dana Fielding', 'Rooms & Access', /Rooms & Access/);
  await expect(access.getByRole('list', { name: 'Rooms' })).toContainText('Site Safety Briefing');
  await captureScreen(owner, 'user-management-access');
  await access.getByRole('button', { name: 'Done' }).click();

  // Impersonate the demo user: their rooms, with the banner, until Stop.
  const act = await people.action('Dana Fielding', 'Act as User');
  await act.getByRole('button', { name: 'Act as Dana Fielding' }).click();
  await expect(owner).toHaveURL(/\/rooms$/);
  const banner = owner.getByRole('region', { name: 'Impersonation' });
  await expect(banner).toContainText('Acting as Dana Fielding');
  await expect(
    owner.getByRole('article', { name: 'Site Safety Briefing', exact: true }),
  ).toBeVisible();
  // The demo user is in four rooms; the owner alone would see all six.
  await expect(owner.getByRole('list', { name: 'Rooms' }).getByRole('article')).toHaveCount(4);
  await captureScreen(owner, 'impersonating-rooms');
  await owner.goto('/dashboard');
  await expect(banner).toBeVisible();
  await expect(owner.getByText('Welcome back, Dana')).toBeVisible();
  await banner.getByRole('button', { name: 'Stop' }).click();
  await expect(owner).toHaveURL(/\/user-management$/);
  await expect(owner.getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible();
  await expect(owner.getByRole('region', { name: 'Impersonation' })).toHaveCount(0);

  // A company with the demo admin and the demo user.
  const company = `Northwind ${suffix}`;
  await owner.goto('/companies');
  await expect(owner.getByRole('heading', { level: 1, name: 'Companies' })).toBeVisible();
  await owner.getByRole('button', { name: 'Add Company' }).click();
  const create = owner.getByRole('dialog', { name: 'Add Company' });
  await create.getByLabel('Company Name').fill(company);
  await create.getByRole('button', { name: 'Create Company' }).click();
  await owner.getByRole('button', { name: `Manage ${company}` }).click();
  const manage = owner.getByRole('dialog', { name: company });
  for (const name of ['Alex Admin', 'Dana Fielding']) {
    await people.choose(manage, 'Add user', new RegExp(`^${name}`));
    await manage.getByRole('button', { name: 'Add User' }).click();
    await expect(manage.getByText(`${name} added`)).toBeVisible();
  }
  await people.choose(manage, 'Add room', 'Site Safety Briefing');
  await manage.getByRole('button', { name: 'Add Room' }).click();
  await expect(manage.getByRole('list', { name: 'Company rooms' })).toContainText(
    'Site Safety Briefing',
  );
  await captureScreen(owner, 'companies-manage');
  await manage.getByRole('button', { name: 'Done' }).click();
  await expect(owner.getByRole('listitem', { name: company })).toContainText('2 users · 1 room');
  await captureScreen(owner, 'companies');

  // The ADMIN sees their company only: the demo user and themselves, never the owner.
  const admin = await signIn(browser, DEMO_ADMIN.email, DEMO_ADMIN.password, 'Alex');
  const adminPeople = new UserManagementPage(admin);
  await adminPeople.open();
  await expect(admin.getByText(`People of ${company}`)).toBeVisible();
  await expect(adminPeople.rows()).toHaveCount(2);
  await expect(adminPeople.row('Dana Fielding')).toBeVisible();
  await expect(adminPeople.row('Alex Admin')).toBeVisible();
  await captureScreen(admin, 'user-management-admin');
  await admin.goto('/companies');
  await expect(admin.getByRole('list', { name: 'Companies' }).getByRole('listitem')).toHaveCount(1);
  await expect(admin.getByRole('button', { name: 'Add Company' })).toHaveCount(0);

  // A USER may not open it at all.
  const user = await signIn(browser, DEMO_USER.email, DEMO_USER.password, 'Dana');
  await user.goto('/user-management');
  await expect(user).toHaveURL(/\/test-station$/);

  expect(problems).toEqual([]);
});

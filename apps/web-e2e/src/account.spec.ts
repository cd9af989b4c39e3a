import {
  expect,
  test,
  type Browser,
  type BrowserContextOptions,
  type Locator,
  type Page,
} from './support/test';
import { LoginPage, signIn } from './support/app.po';
import { captureScreen, expectAccessible } from './support/checks';
import { OWNER_CHOSEN_PASSWORD } from './support/demo-accounts';
import { readServerState } from './support/server-state';
import { DESKTOP, PHONE } from './support/devices';

/**
 * The user's own account and the owner's stubs made real: a crew member changes their password
 * from Profile; an owner edits a room without losing its members and takes three items offline
 * in one action. Each at 360 × 740 with touch and at 1280 × 800.
 */

const viewports: { name: string; options: BrowserContextOptions }[] = [
  {
    name: 'phone',
    options: PHONE,
  },
  { name: 'desktop', options: DESKTOP },
];

const toast = (page: Page, text: string | RegExp) =>
  page
    .getByRole('region', { name: /Notifications/ })
    .getByText(text)
    .first();

/** axe in the outdoor (high-contrast) theme too: switched on for this device, then off again. */
async function outdoorToo(page: Page, screen: string, ready: Locator): Promise<void> {
  const key = 'fieldcraft.outdoor-mode';
  await page.evaluate((k) => localStorage.setItem(k, 'on'), key);
  await page.reload();
  await expect(ready).toBeVisible();
  await expectAccessible(page, `${screen} (outdoor)`);
  await page.evaluate((k) => localStorage.removeItem(k), key);
  await page.reload();
  await expect(ready).toBeVisible();
}

async function ownerPage(browser: Browser, options: BrowserContextOptions): Promise<Page> {
  const { ownerEmail } = readServerState();
  return signIn(browser, ownerEmail, OWNER_CHOSEN_PASSWORD, undefined, options);
}

for (const { name: size, options } of viewports) {
  test(`a crew member changes their password from Profile (${size})`, async ({ browser }) => {
    const owner = await ownerPage(browser, options);
    const stamp = `${size}${Date.now()}`;
    const email = `crew-${stamp}@example.com`;
    const created = await owner.request.post('/api/users', {
      data: {
        email,
        username: `crew-${stamp}`,
        password: 'first-pass-4821',
        firstName: 'Casey',
        lastName: 'Crew',
        role: 'USER',
        status: 'ACTIVE',
      },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: number };
    // Past the first-sign-in change, so the Profile page is where the change happens.
    const ready = await owner.request.patch(`/api/users/${id}`, {
      data: { passwordChangeRequired: false },
    });
    expect(ready.status()).toBe(200);
    await owner.context().close();

    const page = await signIn(browser, email, 'first-pass-4821', 'Casey', options);
    await page.getByRole('button', { name: /account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Your account' })).toContainText(email);
    if (size === 'phone') await captureScreen(page, 'account-profile');
    await expectAccessible(page, `profile @${size}`);
    await outdoorToo(
      page,
      `profile @${size}`,
      page.getByRole('heading', { level: 1, name: 'Profile' }),
    );

    const form = page.getByRole('form', { name: 'Change password' });
    await form.getByLabel('Current Password', { exact: true }).fill('first-pass-4821');
    await form.getByLabel('New Password', { exact: true }).fill('second-pass-9305');
    await form.getByLabel('Confirm New Password', { exact: true }).fill('second-pass-9305');
    await form.getByRole('button', { name: 'Change Password' }).click();
    await expect(toast(page, 'Password Changed')).toBeVisible();
    await page.context().close();

    // The new password signs in; the old one no longer does.
    const again = await browser.newContext(options);
    const login = new LoginPage(await again.newPage());
    await login.open();
    const old = await again.request.post('/api/auth/login', {
      data: { email, password: 'first-pass-4821' },
    });
    expect(old.status()).toBe(401);
    const fresh = await again.request.post('/api/auth/login', {
      data: { email, password: 'second-pass-9305' },
    });
    expect(fresh.status()).toBe(200);
    await again.close();
  });

  test(`an owner edits a room without losing its members (${size})`, async ({ browser }) => {
    const page = await ownerPage(browser, options);
    const name = `Edit Me ${size} ${Date.now()}`;
    const room = await page.request.post('/api/owner/rooms', {
      data: { name, category: 'Training', agentId: 'field-advisor' },
    });
    expect(room.status()).toBe(201);
    const { id } = (await room.json()) as { id: number };
    const users = (await (await page.request.get('/api/owner/users')).json()) as {
      id: number;
      email: string;
    }[];
    const crew = users.find((u) => u.email === 'user@fieldcraft.local');
    expect(crew).toBeDefined();
    await page.request.post(`/api/owner/rooms/${id}/users`, { data: { userId: crew?.id } });

    const card = page.getByRole('article', { name, exact: true });
    const dialog = page.getByRole('dialog', { name: 'Edit Room' });
    const openEditor = async () => {
      await page.goto('/rooms');
      await page.getByRole('searchbox', { name: 'Search rooms' }).fill(name);
      await card.getByRole('button', { name: 'Edit Room' }).click();
      await expect(dialog.getByRole('textbox', { name: /Room Name/ })).toHaveValue(name);
    };
    // The outdoor theme first (axe), then the edit itself in the standard one.
    await page.evaluate(() => localStorage.setItem('fieldcraft.outdoor-mode', 'on'));
    await openEditor();
    await expectAccessible(page, `edit room @${size} (outdoor)`);
    await page.evaluate(() => localStorage.removeItem('fieldcraft.outdoor-mode'));
    await openEditor();
    if (size === 'phone') await captureScreen(page, 'account-edit-room');
    else await expectAccessible(page, `edit room @${size}`);
    const renamed = `${name} (edited)`;
    await dialog.getByRole('textbox', { name: /Room Name/ }).fill(renamed);
    await dialog.getByRole('textbox', { name: /Category/ }).fill('Induction');
    await dialog.getByRole('textbox', { name: /Badge Text/ }).fill('NEW');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'Room updated successfully')).toBeVisible();
    await expect(dialog).toBeHidden();

    const after = (await (await page.request.get('/api/owner/rooms')).json()) as {
      id: number;
      name: string;
      category: string;
      members: { id: number }[];
    }[];
    const edited = after.find((r) => r.id === id);
    expect(edited).toMatchObject({ name: renamed, category: 'Induction' });
    expect(edited?.members.map((m) => m.id)).toEqual([crew?.id]);
    await page.request.delete(`/api/test-rooms/${id}`);
    await page.context().close();
  });

  test(`an owner takes three items offline in one action (${size})`, async ({ browser }) => {
    const page = await ownerPage(browser, options);
    const tag = `bulk${size}${Date.now()}`;
    const ids: number[] = [];
    for (const n of [1, 2, 3]) {
      const res = await page.request.post('/api/content/create-metadata', {
        data: {
          title: `Toolbox ${tag} ${n}`,
          description: 'Bulk action check',
          category: 'read',
          type: 'LINK',
          url: 'https://example.com/toolbox',
        },
      });
      expect(res.status()).toBe(201);
      ids.push(((await res.json()) as { id: number }).id);
    }

    await page.goto('/content-management');
    await outdoorToo(
      page,
      `content management @${size}`,
      page.getByRole('searchbox', { name: 'Search content' }),
    );
    await page.getByRole('searchbox', { name: 'Search content' }).fill(tag);
    await expect(page.getByText('Showing 3 of', { exact: false })).toBeVisible();
    for (const n of [1, 2, 3]) {
      await page.getByRole('checkbox', { name: `Select Toolbox ${tag} ${n}` }).check();
    }
    const bar = page.getByRole('region', { name: 'Bulk actions' });
    await expect(bar.getByText('3 items selected')).toBeVisible();
    if (size === 'desktop') await captureScreen(page, 'account-content-bulk');
    await expectAccessible(page, `content management @${size}`);
    await bar.getByRole('button', { name: 'Take offline' }).click();
    await expect(toast(page, '3 items taken offline: the crew no longer sees them.')).toBeVisible();

    const managed = (await (await page.request.get('/api/dashboard/content/manage')).json()) as {
      id: number;
      isActive: boolean;
    }[];
    expect(managed.filter((i) => ids.includes(i.id)).map((i) => i.isActive)).toEqual([
      false,
      false,
      false,
    ]);
    await page.request.post('/api/dashboard/content/bulk', { data: { action: 'delete', ids } });
    await page.context().close();
  });
}

// Over 300 lines: every screen and dialog at phone size in both themes, sharing one set of
// checks (no scrolling, tap targets, text size, axe); one case per area.
import { expect, test, type Page } from './support/test';
import { LoginPage, signIn } from './support/app.po';
import { expectAccessible, saveScreen, settled } from './support/checks';
import { DEMO_USER, OWNER_CHOSEN_PASSWORD } from './support/demo-accounts';
import { readServerState } from './support/server-state';
import { PHONE } from './support/devices';

/**
 * Field readiness on a phone: every screen at 360 × 740 with touch, in the standard and
 * the outdoor (high-contrast) theme — no horizontal scrolling, tap targets of at least 44 × 44 px,
 * body text of at least 16 px, and no serious or critical axe violation.
 */

const WIDTH = PHONE.viewport.width;
const OUTDOOR_KEY = 'fieldcraft.outdoor-mode';
const themes = ['standard', 'outdoor'] as const;
type ThemeName = (typeof themes)[number];

/** Screens captured as PNGs (dist/apps/web-e2e/screenshots/field-phone-*.png), both themes. */
const screenshotted = new Set([
  'landing',
  'login',
  'dashboard',
  'rooms',
  'room-chat',
  'content-management',
  'owner-control',
  'analytics-knowledge-gaps',
  'account-menu',
  'add-content-sheet',
]);

interface Screen {
  name: string;
  path: string | (() => string);
}

async function setTheme(page: Page, theme: ThemeName): Promise<void> {
  await page.evaluate(
    ([key, on]) => (on ? localStorage.setItem(key, 'on') : localStorage.removeItem(key)),
    [OUTDOOR_KEY, theme === 'outdoor'] as const,
  );
}

/** Opens a screen and waits until it has settled: its data loaded and no spinner left. */
async function open(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForLoadState('networkidle');
  await expect(page.locator('main, [role=main]').first()).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await expect(page.getByText(/^Loading\.\.\.$/)).toHaveCount(0);
}

interface Findings {
  scrollWidth: number;
  smallTargets: string[];
  smallText: string[];
}

/** Measures the page as a phone user meets it. Runs in the browser. */
function measure(): Findings {
  const describe = (el: Element) => {
    const label =
      el.getAttribute('aria-label') ??
      (el as HTMLElement).innerText?.trim().replace(/\s+/g, ' ').slice(0, 40) ??
      '';
    const id = el.id ? `#${el.id}` : '';
    return `<${el.tagName.toLowerCase()}${id}${el.getAttribute('role') ? ` role=${el.getAttribute('role')}` : ''}> "${label}"`;
  };
  const isShown = (el: Element) => {
    const rect = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    // 1 px boxes are the visually-hidden pattern (skip link until focused, screen-reader text,
    // a chart's data table until shown): the element or an ancestor clipping to 1 px.
    for (let box: Element | null = el; box; box = box.parentElement) {
      const r = box.getBoundingClientRect();
      if ((r.width <= 1 || r.height <= 1) && getComputedStyle(box).overflow !== 'visible')
        return false;
    }
    return (
      rect.width > 1 &&
      rect.height > 1 &&
      style.visibility !== 'hidden' &&
      style.display !== 'none' &&
      el.closest('[aria-hidden="true"], [inert]') === null
    );
  };
  const smallTargets: string[] = [];
  const interactive =
    'button, a[href], input:not([type=hidden]), select, textarea, [role=button], [role=tab], [role=menuitem], [role=menuitemcheckbox], [role=checkbox], [role=switch], [role=option]';
  for (const el of Array.from(document.querySelectorAll(interactive))) {
    if (!isShown(el)) continue;
    // MUI draws checkboxes, radios and switches as an invisible native input over their hit
    // area. A tap on its label toggles it too, so a labelled one is measured by its label (the
    // whole row); an unlabelled one by the ButtonBase around the input.
    const target =
      el instanceof HTMLInputElement && ['checkbox', 'radio'].includes(el.type)
        ? (el.closest('label') ?? el.parentElement ?? el)
        : el;
    const rect = target.getBoundingClientRect();
    if (rect.width < 43.5 || rect.height < 43.5)
      smallTargets.push(`${describe(el)} ${Math.round(rect.width)}×${Math.round(rect.height)}`);
    // A control squeezed narrower than its content spills it over its neighbours or off screen,
    // which the page's own scroll width does not show.
    const boxed = el.clientWidth > 0 && !['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName);
    if (
      boxed &&
      el.scrollWidth > el.clientWidth + 1 &&
      getComputedStyle(el).overflowX === 'visible'
    )
      smallTargets.push(`${describe(el)} content ${el.scrollWidth}px in a ${el.clientWidth}px box`);
  }
  const smallText: string[] = [];
  // Body text: paragraphs, list items, table cells, form labels and MUI's body variants: 16 px.
  // Captions (secondary notes such as times and hints; essential notes use body2): 14 px.
  const textRules: [string, number][] = [
    ['p, li, td, dd, label, .MuiTypography-body1, .MuiTypography-body2', 16],
    ['.MuiTypography-caption', 14],
  ];
  for (const [selector, minimum] of textRules)
    for (const el of Array.from(document.querySelectorAll(selector))) {
      if (!isShown(el)) continue;
      const hasText = Array.from(el.childNodes).some(
        (node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim(),
      );
      if (!hasText) continue;
      const size = parseFloat(getComputedStyle(el).fontSize);
      if (size < minimum) smallText.push(`${describe(el)} ${size}px (minimum ${minimum})`);
    }
  // One line per distinct offender, with a count (a table of 60 small cells is one finding).
  const tally = (list: string[]) =>
    [...new Set(list)].map((item) => {
      const n = list.filter((x) => x === item).length;
      return n > 1 ? `${item} ×${n}` : item;
    });
  return {
    scrollWidth: document.documentElement.scrollWidth,
    smallTargets: tally(smallTargets),
    smallText: tally(smallText),
  };
}

async function checkScreen(page: Page, name: string, theme: ThemeName): Promise<void> {
  const label = `${name} (${theme})`;
  const findings = await page.evaluate(measure);
  expect
    .soft(findings.scrollWidth, `${label}: page wider than the phone`)
    .toBeLessThanOrEqual(WIDTH);
  expect.soft(findings.smallTargets, `${label}: tap targets under 44 × 44 px`).toEqual([]);
  expect.soft(findings.smallText, `${label}: body text under 16 px`).toEqual([]);
  await expectAccessible(page, label).catch((error: Error) => {
    expect.soft(error.message, label).toBe('');
  });
  if (screenshotted.has(name)) {
    await saveScreen(page, `field-phone-${name}-${theme}`, { fullPage: true });
    await saveScreen(page, `field-phone-${name}-${theme}-top`);
  }
}

async function visitAll(page: Page, screens: Screen[]): Promise<void> {
  for (const theme of themes) {
    await setTheme(page, theme);
    for (const screen of screens) {
      await test.step(`${screen.name} (${theme})`, async () => {
        await open(page, typeof screen.path === 'string' ? screen.path : screen.path());
        await checkScreen(page, screen.name, theme);
      });
    }
  }
  await setTheme(page, 'standard');
}

test('public screens fit a 360 px phone in both themes', async ({ browser }) => {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  await page.goto('/');
  await visitAll(page, [
    { name: 'landing', path: '/' },
    { name: 'login', path: '/login' },
    { name: 'not-found', path: '/no-such-page' },
  ]);
  await context.close();
});

test("the demo user's screens fit a 360 px phone in both themes", async ({ browser }) => {
  test.setTimeout(180_000);
  const page = await signIn(browser, DEMO_USER.email, DEMO_USER.password, undefined, PHONE);
  const rooms = (await (await page.request.get('/api/user/rooms')).json()) as Array<{
    id: number;
    status: string;
  }>;
  const room = rooms.find((r) => r.status === 'LIVE') ?? rooms[0];
  expect(room, 'the demo user has a room').toBeTruthy();
  await visitAll(page, [
    { name: 'dashboard', path: '/dashboard' },
    { name: 'rooms', path: '/rooms' },
    { name: 'room-chat', path: `/test-room/${room?.id}` },
  ]);
  await page.context().close();
});

test("the owner's screens fit a 360 px phone in both themes", async ({ browser }) => {
  test.setTimeout(400_000);
  const { ownerEmail } = readServerState();
  const page = await signIn(browser, ownerEmail, OWNER_CHOSEN_PASSWORD, undefined, PHONE);
  await visitAll(page, [
    { name: 'content-management', path: '/content-management' },
    { name: 'bulk-upload', path: '/bulk-upload' },
    { name: 'owner-control', path: '/owner-control' },
    { name: 'main-dashboard', path: '/main-dashboard' },
    { name: 'user-management', path: '/user-management' },
    { name: 'companies', path: '/companies' },
    { name: 'fast-redeploy', path: '/fast-redeploy' },
    { name: 'ai-assistant-chat', path: '/simple-chat' },
    { name: 'analytics-usage', path: '/analytics/usage' },
    { name: 'analytics-engagement', path: '/analytics/engagement' },
    { name: 'analytics-knowledge-gaps', path: '/analytics/knowledge-gaps' },
  ]);
  await page.context().close();
});

test('the navigation menus fit a 360 px phone in both themes', async ({ browser }) => {
  test.setTimeout(180_000);
  const { ownerEmail } = readServerState();
  const page = await signIn(browser, ownerEmail, OWNER_CHOSEN_PASSWORD, undefined, PHONE);
  const menus: { name: string; url: string; opener: string | RegExp }[] = [
    { name: 'account-menu', url: '/dashboard', opener: /account menu/ },
    { name: 'small-screen-menu', url: '/dashboard', opener: 'Open navigation menu' },
    { name: 'analytics-menu', url: '/rooms', opener: 'Analytics' },
    { name: 'management-menu', url: '/rooms', opener: 'Management' },
  ];
  for (const theme of themes) {
    await setTheme(page, theme);
    for (const menu of menus) {
      await test.step(`${menu.name} (${theme})`, async () => {
        await open(page, menu.url);
        await page.getByRole('button', { name: menu.opener }).first().click();
        await expect(page.getByRole('menu')).toBeVisible();
        // Measure the menu once its opening transition (a scale) has finished.
        await settled(page);
        await checkScreen(page, menu.name, theme);
        await page.keyboard.press('Escape');
        await expect(page.getByRole('menu')).toHaveCount(0);
      });
    }
  }
  await setTheme(page, 'standard');
  await page.context().close();
});

test("the owner's dialogs and bottom sheets fit a 360 px phone in both themes", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const { ownerEmail } = readServerState();
  const page = await signIn(browser, ownerEmail, OWNER_CHOSEN_PASSWORD, undefined, PHONE);
  const dialogs: { name: string; url: string; opener: string }[] = [
    { name: 'add-content-sheet', url: '/content-management', opener: 'Add Content' },
    { name: 'add-room-dialog', url: '/rooms', opener: 'ADD ROOM' },
    { name: 'create-room-dialog', url: '/rooms', opener: 'Create New Room' },
    { name: 'add-user-dialog', url: '/rooms', opener: 'Add New User' },
  ];
  await visitDialogs(
    page,
    dialogs.map(({ name, url, opener }) => ({
      name,
      url,
      opener: async () => {
        await page.getByRole('button', { name: opener, exact: true }).first().click();
        await expect(page.getByRole('dialog')).toBeVisible();
      },
      closes: true,
    })),
  );
  await page.context().close();
});

interface DialogVisit {
  name: string;
  url: string;
  /** Opens it and waits until it shows. */
  opener: () => Promise<void>;
  /** Escape closes it again (checked). */
  closes?: boolean;
}

/** Opens each dialog on its page in both themes and checks it once its transition is over. */
async function visitDialogs(page: Page, dialogs: DialogVisit[]): Promise<void> {
  for (const theme of themes) {
    await setTheme(page, theme);
    for (const dialog of dialogs) {
      await test.step(`${dialog.name} (${theme})`, async () => {
        await open(page, dialog.url);
        await dialog.opener();
        await settled(page);
        await checkScreen(page, dialog.name, theme);
        if (dialog.closes) {
          await page.keyboard.press('Escape');
          await expect(page.getByRole('dialog')).toHaveCount(0);
        }
      });
    }
  }
  await setTheme(page, 'standard');
}

test('the forced password change fits a 360 px phone in both themes', async ({ browser }) => {
  test.setTimeout(180_000);
  const { ownerEmail } = readServerState();
  const owner = await signIn(browser, ownerEmail, OWNER_CHOSEN_PASSWORD, undefined, PHONE);
  // A user whose password the owner has reset must change it at sign-in.
  const suffix = Date.now().toString(36);
  const created = await owner.request.post('/api/people/users', {
    data: {
      firstName: 'Pat',
      lastName: `Phone ${suffix}`,
      email: `pat.phone.${suffix}@example.com`,
      username: `pat_phone_${suffix}`,
      password: 'first-password-1',
      role: 'USER',
      status: 'ACTIVE',
      companyId: null,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id, email } = (await created.json()) as { id: number; email: string };
  const temporary = 'temporary-pass-2';
  const reset = await owner.request.post(`/api/people/users/${id}/reset-password`, {
    data: { password: temporary },
  });
  expect(reset.status(), await reset.text()).toBe(200);
  await owner.context().close();

  for (const theme of themes) {
    await test.step(`password-change (${theme})`, async () => {
      const context = await browser.newContext(PHONE);
      const page = await context.newPage();
      await page.goto('/login');
      await setTheme(page, theme);
      const login = new LoginPage(page);
      await login.open();
      await login.signIn(email, temporary);
      await expect(page.getByRole('heading', { name: 'Change Your Password' })).toBeVisible();
      await settled(page);
      await checkScreen(page, 'password-change', theme);
      await context.close();
    });
  }
});

test("the admin preview mode's round button and panel fit a 360 px phone in both themes", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const { ownerEmail } = readServerState();
  const page = await signIn(browser, ownerEmail, OWNER_CHOSEN_PASSWORD, undefined, PHONE);
  for (const theme of themes) {
    await setTheme(page, theme);
    await test.step(`preview-mode (${theme})`, async () => {
      // Preview mode lives in memory: a fresh page load starts it again from the owner's home.
      await open(page, '/owner-control');
      await page.getByRole('button', { name: 'Preview as User' }).click();
      const round = page.getByRole('button', { name: 'Admin Preview Mode' });
      await expect(round).toBeVisible();
      await page.waitForLoadState('networkidle');
      await checkScreen(page, 'preview-mode-button', theme);
      await round.click();
      await expect(page.getByRole('dialog', { name: 'Admin Preview Mode' })).toBeVisible();
      await settled(page);
      await checkScreen(page, 'preview-mode-panel', theme);
    });
  }
  await setTheme(page, 'standard');
  await page.context().close();
});

test("the owner's edit dialogs fit a 360 px phone in both themes", async ({ browser }) => {
  test.setTimeout(400_000);
  const { ownerEmail } = readServerState();
  const page = await signIn(browser, ownerEmail, OWNER_CHOSEN_PASSWORD, undefined, PHONE);
  // The demo data has no company: one to rename and to manage.
  const company = await page.request.post('/api/companies', {
    data: { name: `Phone Works ${Date.now().toString(36)}` },
  });
  expect(company.status(), await company.text()).toBe(201);
  const dialogs: DialogVisit[] = [
    {
      name: 'edit-user-dialog',
      url: '/user-management',
      opener: async () => {
        await page.getByRole('button', { name: 'Actions for Dana Fielding' }).click();
        await page.getByRole('menuitem', { name: 'Edit' }).click();
        await expect(page.getByRole('dialog', { name: 'Edit User' })).toBeVisible();
      },
    },
    {
      name: 'reset-password-dialog',
      url: '/user-management',
      opener: async () => {
        await page.getByRole('button', { name: 'Actions for Dana Fielding' }).click();
        await page.getByRole('menuitem', { name: 'Reset Password' }).click();
        const dialog = page.getByRole('dialog', { name: 'Reset Password' });
        await dialog.getByRole('radio', { name: 'Let me type one' }).check();
        await expect(dialog.getByLabel('Temporary Password', { exact: true })).toBeVisible();
      },
    },
    {
      name: 'edit-room',
      url: '/rooms',
      opener: async () => {
        await page.getByRole('button', { name: 'Edit Room' }).first().click();
        await expect(page.getByRole('dialog', { name: 'Edit Room' })).toBeVisible();
      },
    },
    {
      name: 'manage-access-dialog',
      url: '/rooms',
      opener: async () => {
        await page.getByRole('button', { name: 'Manage User Access' }).first().click();
        await expect(
          page.getByRole('dialog', { name: 'Manage User Access' }).getByText(/Users with access/),
        ).toBeVisible();
      },
    },
    {
      name: 'edit-company-dialog',
      url: '/companies',
      opener: async () => {
        await page
          .getByRole('button', { name: /^Rename / })
          .first()
          .click();
        await expect(page.getByRole('dialog', { name: 'Rename Company' })).toBeVisible();
      },
    },
    {
      name: 'company-members-dialog',
      url: '/companies',
      opener: async () => {
        await page
          .getByRole('button', { name: /^Manage / })
          .first()
          .click();
        await expect(
          page.getByRole('dialog').getByRole('heading', { name: /^Users/ }),
        ).toBeVisible();
      },
    },
    {
      name: 'edit-agent-dialog',
      url: '/fast-redeploy',
      opener: async () => {
        await page
          .getByRole('button', { name: /^Edit / })
          .first()
          .click();
        await expect(page.getByRole('dialog', { name: 'Edit Agent' })).toBeVisible();
      },
    },
    {
      name: 'edit-content-dialog',
      url: '/content-management',
      opener: async () => {
        await page.getByRole('button', { name: 'Edit', exact: true }).first().click();
        await expect(page.getByRole('dialog', { name: 'Edit Content' })).toBeVisible();
      },
    },
  ];
  await visitDialogs(page, dialogs);
  await page.context().close();
});

test('outdoor mode is switched from the user menu and the main navigation, and remembered', async ({
  browser,
}) => {
  const page = await signIn(browser, DEMO_USER.email, DEMO_USER.password, undefined, PHONE);
  const bodyColour = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const standardBackground = await bodyColour();

  await page.getByRole('button', { name: /account menu/ }).click();
  const item = page.getByRole('menuitemcheckbox', { name: 'Outdoor mode' });
  await expect(item).toHaveAttribute('aria-checked', 'false');
  await item.click();
  await expect(item).toHaveAttribute('aria-checked', 'true');
  await page.keyboard.press('Escape');
  expect(await bodyColour()).toBe('rgb(255, 255, 255)');
  expect(standardBackground).not.toBe('rgb(255, 255, 255)');

  // Remembered on this device: a reload and another screen keep it.
  await page.reload();
  await open(page, '/rooms');
  const toggle = page.getByRole('button', { name: 'Outdoor mode' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  expect(await bodyColour()).toBe('rgb(255, 255, 255)');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  expect(await bodyColour()).toBe(standardBackground);
  expect(await page.evaluate((key) => localStorage.getItem(key), OUTDOOR_KEY)).toBeNull();

  // Also on the sign-in screen of the same device once signed out: it belongs to the device.
  await toggle.click();
  await page.context().clearCookies();
  await new LoginPage(page).open();
  expect(await bodyColour()).toBe('rgb(255, 255, 255)');
  await page.context().close();
});

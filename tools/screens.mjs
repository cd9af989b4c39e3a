// Screenshots of the crew's and the owner's screens (full length) and of the owner's dialogs
// and menus opened on them (the window), at 390 px and 1280 px, for looking at a change side
// by side with how the screens were before it (docs/layout-check.md). It drives a running
// server (started with SEED_DEMO=1) in Debian's chromium:
//
//   node tools/screens.mjs --base http://127.0.0.1:3341 --out /tmp/before \
//     --owner owner@fieldcraft.local:<password>
//
// Service workers are blocked and motion reduced, so two runs differ only where the app does.
// The past-conversation dialog needs a conversation in the demo USER's first live room: the
// script asks one question there in text first (so each run adds one).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';

const { values } = parseArgs({
  options: {
    base: { type: 'string' },
    out: { type: 'string' },
    owner: { type: 'string' },
    user: { type: 'string', default: 'user@fieldcraft.local:fieldcraft-demo' },
  },
});
if (!values.base || !values.out || !values.owner) {
  console.error('usage: node tools/screens.mjs --base URL --out DIR --owner EMAIL:PASSWORD');
  process.exit(2);
}
mkdirSync(values.out, { recursive: true });
const account = (pair) => {
  const at = pair.indexOf(':');
  return { email: pair.slice(0, at), password: pair.slice(at + 1) };
};

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});

async function signedIn({ email, password }) {
  const context = await browser.newContext({ serviceWorkers: 'block', reducedMotion: 'reduce' });
  const res = await context.request.post(`${values.base}/api/auth/login`, {
    data: { email, password },
  });
  if (!res.ok()) throw new Error(`sign-in of ${email}: ${res.status()} ${await res.text()}`);
  return context;
}

// Spinners and skeletons gone: the screen as a user reads it.
const loaded = (page) =>
  page
    .waitForFunction(() => !globalThis.document.body.innerText.includes('Loading'), null, {
      timeout: 10_000,
    })
    .catch(() => undefined);

// Every transition that ends has ended (a dialog's fade, a sheet's slide, a menu's grow).
const still = (page) =>
  page.waitForFunction(
    () =>
      globalThis.document
        .getAnimations()
        .every(
          (a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity,
        ),
    null,
    { timeout: 10_000 },
  );

// What to click to open a dialog, found the way a screen reader names it.
const button = (name) => (page) => page.getByRole('button', { name, exact: true });
const firstButton = (name) => (page) => page.getByRole('button', { name }).first();
const menuItem = (name) => (page) => page.getByRole('menuitem', { name, exact: true });
const submit = (name) => (page) => page.getByRole('dialog').getByRole('button', { name });

/** Shoots `route` at each width; with `clicks`, after clicking them in turn (a dialog open). */
async function shoot(context, name, route, clicks = [], widths = [390, 1280]) {
  const page = await context.newPage();
  for (const width of widths) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.goto(`${values.base}${route}`, { waitUntil: 'networkidle' });
    await loaded(page);
    for (const click of clicks) {
      await click(page).click();
      await still(page);
    }
    if (clicks.length > 0) {
      await page.getByRole('dialog').or(page.getByRole('menu')).last().waitFor();
      await page.mouse.move(0, 0); // no tooltip left from the button that opened it
      await loaded(page);
    }
    await still(page); // a button that became disabled as its data came has its grey
    // A page whole; an open dialog or menu as it stands in the window (it is fixed there).
    await page.screenshot({
      path: path.join(values.out, `${name}-${width}.png`),
      fullPage: clicks.length === 0,
    });
  }
  await page.close();
  console.log(`${name}: ${route}${clicks.length > 0 ? ` (${clicks.length} clicks)` : ''}`);
}

/** One question in the room's chat, answered, so the room has a past conversation to open. */
async function askOnce(context, roomId) {
  const page = await context.newPage();
  await page.goto(`${values.base}/test-room/${roomId}`, { waitUntil: 'networkidle' });
  await page.getByRole('textbox', { name: /^Message to / }).fill('What PPE do I need on site?');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  // The greeting, the question, then the answer.
  const messages = page.getByRole('region', { name: 'Messages' }).getByRole('listitem');
  await messages.nth(2).waitFor({ timeout: 60_000 });
  await page.close(); // leaving the room ends the conversation
}

const user = await signedIn(account(values.user));
const firstRoom = (await (await user.request.get(`${values.base}/api/user/rooms`)).json()).find(
  (r) => r.status === 'LIVE',
);
const firstDocument = (
  await (await user.request.get(`${values.base}/api/dashboard/content`)).json()
).find((c) => c.type === 'PDF');
await shoot(user, 'user-dashboard', '/dashboard');
await shoot(user, 'user-rooms', '/rooms');
if (firstRoom) await shoot(user, 'user-room-chat', `/test-room/${firstRoom.id}`);
if (firstDocument) await shoot(user, 'user-library-reader', `/library/${firstDocument.id}`);
await shoot(user, 'user-profile', '/profile');
await shoot(user, 'user-account-menu', '/rooms', [firstButton(/account menu$/)]);
if (firstRoom) {
  await askOnce(user, firstRoom.id);
  await shoot(user, 'user-past-conversation', `/test-room/${firstRoom.id}`, [
    (page) => page.getByRole('button', { name: /What PPE do I need/ }).first(),
  ]);
}
await user.close();

const owner = await signedIn(account(values.owner));
await shoot(owner, 'owner-dashboard', '/dashboard');
await shoot(owner, 'owner-rooms', '/rooms');
await shoot(owner, 'owner-content-management', '/content-management');
await shoot(owner, 'owner-user-management', '/user-management');
await shoot(owner, 'owner-analytics-usage', '/analytics/usage');
for (const [name, route] of [
  ['owner-main-dashboard', '/main-dashboard'],
  ['owner-control', '/owner-control'],
  ['owner-companies', '/companies'],
  ['owner-agents', '/fast-redeploy'],
  ['owner-assistant-chat', '/simple-chat'],
  ['owner-bulk-upload', '/bulk-upload'],
  ['owner-analytics-engagement', '/analytics/engagement'],
  ['owner-analytics-knowledge-gaps', '/analytics/knowledge-gaps'],
]) {
  await shoot(owner, name, route);
}

// The owner's dialogs: each open, and the create forms after Create with nothing filled in.
const dialogs = [
  ['content-add', '/content-management', [button('Add Content')]],
  ['content-add-failed', '/content-management', [button('Add Content'), submit('Create Content')]],
  ['content-edit', '/content-management', [firstButton(/^Edit\b/)]],
  ['user-add', '/user-management', [button('Add User')]],
  ['user-add-failed', '/user-management', [button('Add User'), submit('Create User')]],
  ['user-edit', '/user-management', [button('Actions for Dana Fielding'), menuItem('Edit')]],
  ['room-create', '/rooms', [button('Create New Room')]],
  ['room-create-failed', '/rooms', [button('Create New Room'), submit('Create Room')]],
  ['room-edit', '/rooms', [firstButton('Edit Room')]],
  ['room-add-user', '/rooms', [button('Add New User')]],
  ['agent-add', '/fast-redeploy', [button('Add Agent')]],
  ['agent-add-failed', '/fast-redeploy', [button('Add Agent'), submit('Create Agent')]],
  ['agent-edit', '/fast-redeploy', [firstButton(/^Edit /)]],
  ['company-add', '/companies', [button('Add Company')]],
  ['company-add-failed', '/companies', [button('Add Company'), submit('Create Company')]],
  ['company-rename', '/companies', [firstButton(/^Rename /)]],
  ['company-manage', '/companies', [firstButton(/^Manage /)]],
  ['account-menu', '/dashboard', [firstButton(/account menu$/)]],
];
for (const [name, route, clicks] of dialogs) await shoot(owner, `owner-${name}`, route, clicks);
// The small-screen navigation menu (sign-out item shared with the account menu): phones only.
await shoot(owner, 'owner-navigation-menu', '/dashboard', [button('Open navigation menu')], [390]);
await owner.close();

const visitor = await browser.newContext({ serviceWorkers: 'block', reducedMotion: 'reduce' });
await shoot(visitor, 'public-login', '/login');
await shoot(visitor, 'public-reset-password', '/reset-password');
await shoot(visitor, 'public-not-found', '/no-such-page');
await browser.close();

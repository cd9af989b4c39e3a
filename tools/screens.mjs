// Full-page screenshots of the crew's and the owner's screens at 390 px and 1280 px, for
// looking at a change side by side with how the screens were before it (docs/layout-check.md).
// It drives a running server (started with SEED_DEMO=1) in Debian's chromium:
//
//   node tools/screens.mjs --base http://127.0.0.1:3341 --out /tmp/before \
//     --owner owner@fieldcraft.local:<password>
//
// Service workers are blocked and motion reduced, so two runs differ only where the app does.
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

async function shoot(context, name, route) {
  const page = await context.newPage();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.goto(`${values.base}${route}`, { waitUntil: 'networkidle' });
    // Spinners and skeletons gone: the screen as a user reads it.
    await page
      .waitForFunction(() => !globalThis.document.body.innerText.includes('Loading'), null, {
        timeout: 10_000,
      })
      .catch(() => undefined);
    await page.screenshot({ path: path.join(values.out, `${name}-${width}.png`), fullPage: true });
  }
  await page.close();
  console.log(`${name}: ${route}`);
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
await user.close();

const owner = await signedIn(account(values.owner));
await shoot(owner, 'owner-dashboard', '/dashboard');
await shoot(owner, 'owner-rooms', '/rooms');
await shoot(owner, 'owner-content-management', '/content-management');
await shoot(owner, 'owner-user-management', '/user-management');
await shoot(owner, 'owner-analytics-usage', '/analytics/usage');
await owner.close();

const visitor = await browser.newContext({ serviceWorkers: 'block', reducedMotion: 'reduce' });
await shoot(visitor, 'public-login', '/login');
await browser.close();

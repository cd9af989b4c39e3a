import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type BrowserContextOptions, type Page } from './support/test';
import { signIn } from './support/app.po';
import { expectAccessible } from './support/checks';
import { DEMO_USER } from './support/demo-accounts';
import { startModelStandIn } from './support/model-stand-in';
import { RoomsPage } from './support/rooms.po';
import { DESKTOP, PHONE } from './support/devices';

/**
 * With a language model (LLM_BASE_URL), the advisor's answer reaches the room chat part by
 * part as the model writes it, and its citation opens the library's reader at its page. The
 * suite's own server has no model, so this spec starts a second one, the built API on an
 * empty data folder, with a stand-in model that streams (support/model-stand-in.ts).
 */

const ROOM = 'Site Safety Briefing';
const root = path.resolve(__dirname, '../../..');
let base = '';

/** A port free now, chosen by the system (a neighbour of the suite's may be in use). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

const sizes: { name: string; options: BrowserContextOptions }[] = [
  {
    name: 'phone 360x740',
    options: PHONE,
  },
  { name: 'desktop 1280x800', options: DESKTOP },
];

let server: ChildProcess | undefined;
let model: Awaited<ReturnType<typeof startModelStandIn>> | undefined;
let dataDir = '';

test.beforeAll(async () => {
  test.setTimeout(180_000);
  model = await startModelStandIn();
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  dataDir = mkdtempSync(path.join(tmpdir(), 'fieldcraft-e2e-model-'));
  let log = '';
  server = spawn('node', [path.join(root, 'dist/apps/api/main.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      OWNER_EMAIL: 'owner@fieldcraft.local',
      OWNER_PASSWORD: 'stand-in-owner-2025!',
      SEED_DEMO: '1',
      // The narrated demo video is not what this spec is about.
      DEMO_MEDIA: '0',
      WEB_DIST_DIR: path.join(root, 'dist/apps/web'),
      LLM_BASE_URL: model.url,
      LLM_MODEL: 'stand-in',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  await expect
    .poll(
      async () => {
        if (server?.exitCode !== null) throw new Error(`the server exited:\n${log}`);
        return fetch(`${base}/api/health`).then(
          (res) => res.status,
          () => 0,
        );
      },
      { timeout: 150_000, intervals: [300] },
    )
    .toBe(200);
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server?.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  model?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** Every text the newest advisor bubble shows, in order, recorded by the page as it renders. */
async function recordAdvisorTexts(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __advisorTexts: string[] };
    w.__advisorTexts = [];
    const list = document.querySelector('[aria-label="Messages"]');
    if (!list) throw new Error('no message list');
    new MutationObserver(() => {
      const items = list.querySelectorAll(':scope > ul > li');
      const text = items[items.length - 1]?.firstElementChild?.textContent ?? '';
      if (text.startsWith('Field Advisor: ') && w.__advisorTexts.at(-1) !== text) {
        w.__advisorTexts.push(text);
      }
    }).observe(list, { subtree: true, childList: true, characterData: true });
  });
}

for (const size of sizes) {
  test(`${size.name}: a model's answer appears part by part; its citation opens at its page`, async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const page = await signIn(browser, DEMO_USER.email, DEMO_USER.password, undefined, {
      ...size.options,
      baseURL: base,
    });
    const rooms = new RoomsPage(page);
    await rooms.open();
    await rooms.card(ROOM).getByRole('link', { name: 'Enter Room' }).click();
    await expect(page.getByRole('heading', { level: 1, name: ROOM })).toBeVisible();
    const chat = page.getByRole('region', { name: 'Chat with Field Advisor' });
    const messages = chat.getByRole('region', { name: 'Messages' });
    const input = chat.getByRole('textbox', { name: 'Message to Field Advisor' });

    // Typed before Start: a text conversation starts and the question goes with it.
    await input.fill('What must I wear on site?');
    await input.press('Enter');
    await expect(chat.getByRole('button', { name: 'End Conversation' })).toBeVisible({
      timeout: 30_000,
    });
    // The greeting and the first answer arrive; then a question whose answer is watched.
    await expect(chat.getByText('Field Advisor is thinking...')).toHaveCount(0, {
      timeout: 60_000,
    });
    await expect(messages.getByText(/According to /).first()).toBeVisible({ timeout: 60_000 });
    await recordAdvisorTexts(page);
    await input.fill('Who do I tell about a near miss?');
    await input.press('Enter');
    const citation = messages
      .getByRole('listitem')
      .last()
      .getByRole('button', { name: /, page \d+$/ })
      .first();
    await expect(citation).toBeVisible({ timeout: 60_000 });
    const seen = await page.evaluate(
      () => (window as unknown as { __advisorTexts: string[] }).__advisorTexts,
    );
    const final = seen.at(-1) ?? '';
    expect(final).toMatch(/^Field Advisor: According to /);
    // Part by part: several growing texts before the whole answer, each the start of it.
    const parts = seen.filter((text) => text !== final && final.startsWith(text.trim()));
    expect(parts.length, seen.join('\n')).toBeGreaterThanOrEqual(3);
    await expectAccessible(page, `room chat with a streamed answer, ${size.name}`);

    // The citation opens the library's reader at the cited page, in a new tab.
    const label = await citation.evaluate((el) => el.getAttribute('aria-label') ?? el.textContent);
    const cited = /, page (\d+)$/.exec(label ?? '')?.[1];
    expect(cited).toBeDefined();
    const [reader] = await Promise.all([page.waitForEvent('popup'), citation.click()]);
    await reader.waitForLoadState('domcontentloaded');
    expect(new URL(reader.url()).pathname).toMatch(/^\/library\/\d+$/);
    expect(new URL(reader.url()).search).toBe(`?page=${cited}`);
    await reader.close();
    await page.context().close();
  });
}

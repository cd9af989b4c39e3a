import { expect, test, type APIRequestContext, type Page } from './support/test';
import { LoginPage } from './support/app.po';
import { captureScreen, watchConsole } from './support/checks';
import { OWNER_CHOSEN_PASSWORD } from './support/demo-accounts';
import { readServerState } from './support/server-state';

// Stored text rendered safely: an owner stores titles, descriptions and names that
// carry script payloads; every screen that shows them is opened and no payload runs. A payload
// that reached the DOM as markup would show up three ways, each counted here: a dialog
// (alert), a global flag set by its handler, or — CSP blocking the handler — a
// securitypolicyviolation event and a request for the bogus image `x`.

const suffix = Date.now().toString(36);
const mark = (tag: string) => `window.__xss=(window.__xss||[]).concat('${tag}')`;

const text = {
  contentTitle: `Rebar ${suffix} <img src=x onerror="${mark('content-title')};alert(1)">`,
  contentDescription: `<script>${mark('content-description')}</script><svg onload="${mark('content-svg')}">`,
  roomName: `Yard ${suffix} <img src=x onerror="${mark('room-name')}">`,
  roomDescription: `"><script>${mark('room-description')};alert(2)</script>`,
  roomBadge: `<b onmouseover=alert(3)>B</b>`,
  agentName: `Advisor ${suffix} <img src=x onerror=alert(4)>`,
  agentFirstMessage: `Hello <script>${mark('first-message')}</script><img src=x onerror="${mark('first-img')}">`,
  firstName: `<img src=x onerror="${mark('first-name')}">`,
  lastName: `<script>alert(5)</script>`,
  chatMessage: `<img src=x onerror="${mark('chat')}"> when are pumps checked?`,
};

interface Watch {
  dialogs: string[];
  imageRequests: string[];
  consoleProblems: string[];
}

/** Records dialogs, requests for the payloads' bogus image, CSP and page errors. */
async function watchPage(page: Page): Promise<Watch> {
  const watch: Watch = { dialogs: [], imageRequests: [], consoleProblems: watchConsole(page) };
  page.on('dialog', (dialog) => {
    watch.dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  page.on('request', (request) => {
    if (/\/x(?:$|\?)/.test(new URL(request.url()).pathname)) {
      watch.imageRequests.push(request.url());
    }
  });
  // Runs before the app's own scripts on every navigation (through DevTools: the CSP allows it).
  await page.addInitScript(() => {
    const w = window as unknown as { __xss: string[]; __csp: string[] };
    w.__xss = [];
    w.__csp = [];
    document.addEventListener(
      'securitypolicyviolation',
      (e) => w.__csp.push(`${e.violatedDirective} ${e.blockedURI} ${e.sample}`),
      true,
    );
  });
  return watch;
}

/** Nothing ran and nothing was even attempted on this screen. */
async function expectNothingRan(page: Page, watch: Watch, screen: string) {
  const seen = await page.evaluate(() => {
    const w = window as unknown as { __xss: string[]; __csp: string[] };
    return { flags: w.__xss, csp: w.__csp };
  });
  expect(seen.flags, `${screen}: script flags`).toEqual([]);
  expect(seen.csp, `${screen}: CSP violations`).toEqual([]);
  expect(watch.dialogs, `${screen}: dialogs`).toEqual([]);
  expect(watch.imageRequests, `${screen}: payload image requests`).toEqual([]);
  expect(watch.consoleProblems, `${screen}: console`).toEqual([]);
  // No markup from a payload became an element.
  expect(await page.locator('img[src="x"], svg[onload], b[onmouseover]').count()).toBe(0);
}

/** page.goto, once more if the app's own navigation (after sign-in) aborted the first. */
async function open(page: Page, path: string) {
  try {
    await page.goto(path);
  } catch (err) {
    if (!/ERR_ABORTED/.test(String(err))) throw err;
    await page.goto(path);
  }
}

async function post(api: APIRequestContext, url: string, data: unknown, status = 201) {
  const res = await api.post(url, { data });
  expect(res.status(), `${url}: ${await res.text()}`).toBe(status);
  return res.json();
}

test('script payloads stored by an owner show as text on every screen and never run', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const { ownerEmail } = readServerState();
  const context = await browser.newContext();
  const page = await context.newPage();
  const watch = await watchPage(page);

  const login = new LoginPage(page);
  await login.open();
  await login.signInAndLoad(ownerEmail, OWNER_CHOSEN_PASSWORD);
  await expect(page.getByText(/Welcome back, /)).toBeVisible();

  // --- Stored through the API as the signed-in owner (the page's own cookie).
  const api = page.request;
  await post(api, '/api/content/create-metadata', {
    title: text.contentTitle,
    description: text.contentDescription,
    category: 'read',
    type: 'NEWS',
    url: `https://example.org/news-${suffix}`,
  });
  // A javascript: or data: link is refused outright, so no reader can ever click one.
  for (const url of ['javascript:alert(1)', 'data:text/html,<script>alert(1)</script>']) {
    const refused = await api.post('/api/content/create-metadata', {
      data: { title: `Link ${suffix}`, description: 'x', category: 'read', type: 'LINK', url },
    });
    expect(refused.status()).toBe(400);
    expect(await refused.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      issues: { fieldErrors: { url: ['URL must start with http://, https:// or /'] } },
    });
  }
  const agentId = `xss-${suffix}`;
  await post(api, '/api/owner/agents', {
    agentId,
    name: text.agentName,
    firstMessage: text.agentFirstMessage,
  });
  const room = await post(api, '/api/owner/rooms', {
    name: text.roomName,
    description: text.roomDescription,
    badgeText: text.roomBadge,
    agentId,
    status: 'LIVE',
  });
  await post(api, '/api/users', {
    email: `xss-${suffix}@example.com`,
    username: `xss-${suffix}`,
    firstName: text.firstName,
    lastName: text.lastName,
    password: 'a-long-password-1',
    role: 'USER',
    status: 'ACTIVE',
  });

  // --- Dashboard: the newsroom shows the item.
  await open(page, '/dashboard');
  await expect(page.getByText(text.contentTitle).first()).toBeVisible();
  await expectNothingRan(page, watch, 'dashboard');
  await captureScreen(page, 'stored-text-dashboard');

  // --- Content management: title and description, literally.
  await open(page, '/content-management');
  await expect(page.getByText(text.contentTitle).first()).toBeVisible();
  await expect(page.getByText(text.contentDescription).first()).toBeVisible();
  await expectNothingRan(page, watch, 'content management');
  await captureScreen(page, 'stored-text-content-management');

  // --- Rooms: name, description, agent (the badge text is stored but shown on no screen yet).
  await open(page, '/rooms');
  const card = page.getByRole('article', { name: text.roomName, exact: true });
  await expect(card).toBeVisible();
  await expect(card.getByText(text.roomDescription)).toBeVisible();
  await expect(card.getByText(text.agentName)).toBeVisible();
  await card.hover(); // any onmouseover, were a payload markup
  await expectNothingRan(page, watch, 'rooms');
  await captureScreen(page, 'stored-text-rooms');

  // --- Room chat: the room, its agent, the agent's first message and a typed message.
  await open(page, `/test-room/${room.id}`);
  await expect(page.getByRole('heading', { level: 1, name: text.roomName })).toBeVisible();
  const chat = page.getByRole('region', { name: `Chat with ${text.agentName}` });
  await expect(chat).toBeVisible();
  await chat.getByRole('button', { name: 'Start Conversation' }).click();
  await expect(chat.getByRole('button', { name: 'End Conversation' })).toBeVisible({
    timeout: 30_000,
  });
  const messages = chat.getByRole('region', { name: 'Messages' });
  await expect(messages.getByText(text.agentFirstMessage)).toBeVisible({ timeout: 30_000 });
  await chat.getByRole('textbox', { name: `Message to ${text.agentName}` }).fill(text.chatMessage);
  await chat.getByRole('button', { name: 'Send' }).click();
  await expect(messages.getByText(text.chatMessage)).toBeVisible();
  await expect(chat.getByText(`${text.agentName} is thinking...`)).toHaveCount(0, {
    timeout: 30_000,
  });
  await expectNothingRan(page, watch, 'room chat');
  await captureScreen(page, 'stored-text-room-chat');
  await chat.getByRole('button', { name: 'End Conversation' }).click();

  // --- User management: the user's names.
  await open(page, '/user-management');
  await expect(page.getByText(text.firstName).first()).toBeVisible();
  await expect(page.getByText(text.lastName).first()).toBeVisible();
  await expectNothingRan(page, watch, 'user management');
  await captureScreen(page, 'stored-text-user-management');

  await context.close();
});

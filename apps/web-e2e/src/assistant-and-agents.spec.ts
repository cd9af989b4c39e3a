import { expect, test, type Browser, type Page } from './support/test';
import { signIn } from './support/app.po';
import { captureScreen, watchConsole } from './support/checks';
import { OWNER_CHOSEN_PASSWORD } from './support/demo-accounts';
import { RoomsPage, startMuted } from './support/rooms.po';
import { readServerState } from './support/server-state';

// /simple-chat and /fast-redeploy (docs/assistant-and-agents.md). Unique per run, so the spec
// also passes against a server that has seen it before.
const suffix = Date.now().toString(36);

/** The owner, in a browser context that may use Chromium's fake microphone (room chat). */
async function signInOwner(browser: Browser): Promise<Page> {
  const { ownerEmail } = readServerState();
  return signIn(browser, ownerEmail, OWNER_CHOSEN_PASSWORD);
}

const toast = (page: Page, text: string | RegExp) =>
  page
    .getByRole('region', { name: /Notifications/ })
    .getByText(text)
    .first();

test('the owner asks the assistant about a demo document and opens the cited page', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const page = await signInOwner(browser);
  const problems = watchConsole(page);
  await page.goto('/simple-chat');
  await expect(page.getByRole('heading', { level: 1, name: 'AI Assistant Chat' })).toBeVisible();
  await expect(page.getByText('Ask your library')).toBeVisible();
  await captureScreen(page, 'assistant-chat-empty');

  const input = page.getByRole('textbox', { name: 'Your question' });
  await input.fill('How deep can a trench be before it needs shoring?');
  await input.press('Enter');
  const messages = page.getByRole('list', { name: 'Messages' });
  await expect(
    messages.getByText('How deep can a trench be before it needs shoring?'),
  ).toBeVisible();
  const citation = messages.getByRole('button', { name: 'Open Site safety checklist, page 2' });
  await expect(citation).toBeVisible({ timeout: 20_000 });
  await expect(
    messages.getByText(/Trenches 5 feet \(1\.5 m\) deep or more need a protective system/),
  ).toBeVisible();
  await expect(page.getByText('AI Assistant is thinking...')).toHaveCount(0);

  // A question the demo library cannot answer is said plainly and noted for the owner.
  await input.fill('What is the capital of France?');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(
    messages.getByText(
      'Not covered by the library yet. The question was noted as a knowledge gap.',
    ),
  ).toBeVisible({ timeout: 20_000 });
  await captureScreen(page, 'assistant-chat-answers');

  // The citation opens the library's reader at the cited page in a new tab (the chat stays)
  // and records the click; the reader shows the PDF at that page.
  const contentId = await page.evaluate(async () => {
    const items = (await (await fetch('/api/dashboard/content/manage')).json()) as {
      id: number;
      title: string;
    }[];
    return items.find((i) => i.title === 'Site safety checklist')?.id;
  });
  const clicksBefore = await accessCount(page, contentId);
  const [pdf] = await Promise.all([page.waitForEvent('popup'), citation.click()]);
  await pdf.waitForLoadState('domcontentloaded').catch(() => undefined);
  const opened = new URL(pdf.url());
  expect(opened.pathname).toBe(`/library/${contentId}`);
  expect(opened.search).toBe('?page=2');
  await expect(pdf.locator('iframe[title="Site safety checklist (PDF)"]')).toHaveAttribute(
    'src',
    /^\/api\/files\/[0-9a-f]{32}\.pdf#page=2$/,
    { timeout: 20_000 },
  );
  await pdf.close();
  await expect.poll(() => accessCount(page, contentId)).toBe(clicksBefore + 1);
  expect(problems).toEqual([]);
});

async function accessCount(page: Page, contentId: number | undefined): Promise<number> {
  const records = (await (await page.request.get('/api/content/access')).json()) as {
    contentId: number;
  }[];
  return records.filter((r) => r.contentId === contentId).length;
}

test('the owner edits an agent’s first message, redeploys, and the room’s next conversation uses it', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const page = await signInOwner(browser);
  const problems = watchConsole(page);
  const agentName = `Scaffold Coach ${suffix}`;
  const roomName = `Scaffold Yard ${suffix}`;

  await page.goto('/fast-redeploy');
  await expect(page.getByRole('heading', { level: 1, name: 'Fast Redeploy' })).toBeVisible();
  await expect(page.getByRole('listitem', { name: 'Field Advisor', exact: true })).toBeVisible();

  // A new agent of our own, so the demo rooms other specs use keep their agent as it is.
  await page.getByRole('button', { name: 'Add Agent' }).click();
  const add = page.getByRole('dialog', { name: 'Add Agent' });
  await add.getByRole('button', { name: 'Create Agent' }).click();
  await expect(add.getByText('Agent name is required')).toBeVisible();
  await add.getByRole('textbox', { name: 'Name' }).fill(agentName);
  await add.getByRole('textbox', { name: 'Agent ID' }).fill(`scaffold-coach-${suffix}`);
  await add
    .getByRole('textbox', { name: 'First Message' })
    .fill('Scaffold check time. What are you building?');
  await captureScreen(page, 'fast-redeploy-add-agent');
  await add.getByRole('button', { name: 'Create Agent' }).click();
  await expect(add).toBeHidden();
  await expect(toast(page, 'Agent created')).toBeVisible();
  const card = page.getByRole('listitem', { name: agentName });
  await expect(card).toContainText('No room uses this agent');

  // A live room with that agent (the Add Room dialog offers it now).
  const rooms = new RoomsPage(page);
  await rooms.open();
  const create = await rooms.openCreateRoom();
  await create.getByRole('textbox', { name: /Room Name/ }).fill(roomName);
  await create.getByRole('textbox', { name: /Category/ }).fill('Safety');
  await rooms.choose(create, /Field Advisor/, agentName);
  await create.getByRole('button', { name: 'Create Room' }).click();
  await expect(rooms.toast('Room created successfully')).toBeVisible();

  // A conversation in that room, open while the agent changes.
  await rooms.card(roomName).getByRole('link', { name: 'Enter Room' }).click();
  await expect(page.getByRole('heading', { level: 1, name: roomName })).toBeVisible();
  const chat = page.getByRole('region', { name: `Chat with ${agentName}` });
  // Muted from the start: the fake microphone's beeps never reach the recogniser.
  await startMuted(page);
  await chat.getByRole('button', { name: 'Start Conversation' }).click();
  await expect(chat.getByRole('button', { name: 'End Conversation' })).toBeVisible({
    timeout: 20_000,
  });
  const chatMessages = chat.getByRole('region', { name: 'Messages' });
  await expect(chatMessages.getByText('Scaffold check time. What are you building?')).toBeVisible({
    timeout: 20_000,
  });

  // The owner changes the first message in another tab and redeploys.
  const admin = await page.context().newPage();
  await admin.goto('/fast-redeploy');
  const adminCard = admin.getByRole('listitem', { name: agentName });
  await expect(adminCard).toContainText(roomName);
  await adminCard.getByRole('button', { name: `Edit ${agentName}` }).click();
  const edit = admin.getByRole('dialog', { name: 'Edit Agent' });
  await edit
    .getByRole('textbox', { name: 'First Message' })
    .fill('Tags first: is the scaffold tag green today?');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit).toBeHidden();
  await expect(adminCard).toContainText('“Tags first: is the scaffold tag green today?”');
  // Settings are read when a conversation starts: the open one is untouched so far.
  await expect(chat.getByRole('button', { name: 'End Conversation' })).toBeVisible();

  await adminCard.getByRole('button', { name: `Redeploy ${agentName}` }).click();
  const confirm = admin.getByRole('dialog', { name: `Redeploy ${agentName}?` });
  await expect(confirm).toContainText('Its current settings apply to 1 room.');
  await captureScreen(admin, 'fast-redeploy-confirm');
  await confirm.getByRole('button', { name: 'Redeploy' }).click();
  await expect(
    toast(admin, `${agentName}'s settings now apply to 1 room; 1 open conversation restarted.`),
  ).toBeVisible();
  await expect(adminCard).not.toContainText(/Last redeploy\s*Never/);
  await captureScreen(admin, 'fast-redeploy');
  await admin.close();

  // The open conversation ended with the reason; the next one starts with the new message.
  await expect(chat.getByRole('button', { name: 'Start Conversation' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(
    chat.getByText("This agent's settings were updated. Start a new conversation to use them."),
  ).toBeVisible();
  await chat.getByRole('button', { name: 'Start Conversation' }).click();
  await expect(chat.getByRole('button', { name: 'End Conversation' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(chatMessages.getByText('Tags first: is the scaffold tag green today?')).toBeVisible({
    timeout: 20_000,
  });
  await chat.getByRole('button', { name: 'End Conversation' }).click();
  expect(problems).toEqual([]);
});

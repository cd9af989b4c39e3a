import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Locator, type Page } from './support/test';
import { signIn } from './support/app.po';
import { captureScreen, watchConsole } from './support/checks';
import { ContentManagementPage } from './support/content.po';
import { DEMO_USER, OWNER_CHOSEN_PASSWORD } from './support/demo-accounts';
import { makePdf } from './support/make-pdf';
import { RoomsPage, startMuted } from './support/rooms.po';
import { readServerState } from './support/server-state';

// Unique per run so the spec also passes against a server that has seen it before.
const suffix = Date.now().toString(36);
const ROOM = 'Site Safety Briefing';
const PAUSED_ROOM = 'Concrete & Formwork';

/** The room chat's parts, by what a person sees. */
function roomChat(page: Page) {
  const chat = page.getByRole('region', { name: 'Chat with Field Advisor' });
  return {
    chat,
    status: chat.getByRole('status').first(),
    input: chat.getByRole('textbox', { name: 'Message to Field Advisor' }),
    messages: chat.getByRole('region', { name: 'Messages' }),
    history: page.getByRole('region', { name: 'Past conversations' }),
  };
}

async function pastCount(history: Locator): Promise<number> {
  const counter = history.locator('[data-count]');
  await expect(counter).toBeVisible();
  return Number(await counter.getAttribute('data-count'));
}

test('a user asks the Field Advisor by text in a voice session and gets a cited, spoken answer from an uploaded PDF', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const { ownerEmail } = readServerState();

  // --- The owner uploads a PDF whose words the question can only be answered from.
  const title = `Cofferdam dewatering ${suffix}`;
  const pdfPath = path.join(tmpdir(), `cofferdam-dewatering-${suffix}.pdf`);
  writeFileSync(
    pdfPath,
    makePdf([
      [
        `Cofferdam dewatering log ${suffix}`,
        'The cofferdam dewatering pumps must be checked every two hours by the pump attendant.',
        'Record the water level on the gauge board at each check.',
      ],
      ['Wheel wash', 'Run every lorry through the wheel wash before it leaves the site.'],
    ]),
  );
  const owner = await signIn(browser, ownerEmail, OWNER_CHOSEN_PASSWORD);
  const manage = new ContentManagementPage(owner);
  await manage.open();
  await manage.create({
    title,
    description: 'Pump checks, water levels and the wheel wash.',
    type: 'PDF Document',
    file: pdfPath,
  });
  await expect(manage.row(title).getByText('Not clicked yet')).toBeVisible();

  // --- The demo user enters the live room.
  const page = await signIn(browser, DEMO_USER.email, DEMO_USER.password);
  const problems = watchConsole(page);
  const rooms = new RoomsPage(page);
  await rooms.open();
  await rooms.card(ROOM).getByRole('link', { name: 'Enter Room' }).click();
  await expect(page.getByRole('heading', { level: 1, name: ROOM })).toBeVisible();
  const { chat, status, input, messages, history } = roomChat(page);
  await expect(chat.getByText('Ready to chat')).toBeVisible();
  await expect(status).toHaveText('Disconnected');
  // Typing would start a (text) conversation, so the input invites it before Start.
  await expect(input).toHaveAttribute('placeholder', 'Send a message to Field Advisor...');
  const before = await pastCount(history);
  await captureScreen(page, 'room-chat-ready');

  // Muted from the start (the room remembers the microphone's state on this device): the
  // fake microphone's beeps never reach the recogniser, so the typed question is the only
  // turn (silence keeps streaming).
  const roomId = new URL(page.url()).pathname.split('/').at(-1);
  await startMuted(page);

  await chat.getByRole('button', { name: 'Start Conversation' }).click();
  await expect(chat.getByRole('button', { name: 'End Conversation' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(status).toHaveText('Connected');
  await expect(input).toHaveAttribute('placeholder', 'Send a message to Field Advisor...');
  // A real voice session: the fake microphone opened, so no text-only notice.
  await expect(chat.getByText(/conversation is text only/)).toHaveCount(0);
  const mic = chat.getByRole('button', { name: 'Unmute microphone' });
  await expect(mic).toBeVisible();
  await expect(chat.getByText('Microphone off. Tap the microphone to talk')).toBeVisible();

  await input.fill('How often must the cofferdam dewatering pumps be checked?');
  await input.press('Enter');
  await expect(
    messages.getByText('How often must the cofferdam dewatering pumps be checked?'),
  ).toBeVisible();
  const citation = messages.getByRole('button', { name: `${title}, page 1` });
  await expect(citation).toBeVisible({ timeout: 30_000 });
  await expect(messages.getByText(/every two hours/i).first()).toBeVisible();
  await expect(chat.getByText('Field Advisor is thinking...')).toHaveCount(0);
  await expect(chat.getByRole('button', { name: 'Send', exact: true })).toBeDisabled();

  // The answer was spoken too: agent audio frames reached the page's player.
  await expect
    .poll(async () => Number(await chat.getAttribute('data-audio-chunks')), { timeout: 20_000 })
    .toBeGreaterThan(0);

  // Thumbs up on the cited answer: sent once, the choice stays shown.
  const answer = messages
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: `${title}, page 1` }) })
    .first();
  await answer.getByRole('button', { name: 'Helpful', exact: true }).click();
  await expect(answer.getByRole('button', { name: 'Helpful', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(answer.getByRole('button', { name: 'Not helpful' })).toBeDisabled();

  // Hold to talk: the muted microphone listens only while its button is held (Space here;
  // released after the hold time, so it is a hold, not a tap).
  const state = chat.locator('[data-state]');
  // The spoken answer first plays to its end ('Field Advisor is speaking' wins the state line).
  await expect(chat).toHaveAttribute('data-mode', 'listening', { timeout: 60_000 });
  await mic.focus();
  await page.keyboard.down('Space');
  await expect(state).toHaveAttribute('data-state', 'listening');
  await expect(state).toHaveText('Listening');
  await page.waitForTimeout(600);
  await page.keyboard.up('Space');
  await expect(state).toHaveAttribute('data-state', 'idle');
  await expect(chat.getByRole('button', { name: 'Unmute microphone' })).toBeVisible();
  await captureScreen(page, 'room-chat-connected');

  // The citation opens the library's reader at its page in a new tab (the conversation stays)
  // and records the access.
  const [pdfTab] = await Promise.all([page.waitForEvent('popup'), citation.click()]);
  await pdfTab.waitForLoadState('domcontentloaded').catch(() => undefined);
  expect(new URL(pdfTab.url()).pathname).toMatch(/^\/library\/\d+$/);
  expect(new URL(pdfTab.url()).search).toBe('?page=1');
  await pdfTab.close();
  await owner.reload();
  await expect(manage.row(title).getByText(/^Last clicked/)).toBeVisible();

  // End: the session closes and the room's past conversations grow by one.
  await chat.getByRole('button', { name: 'End Conversation' }).click();
  await expect(chat.getByRole('button', { name: 'Start Conversation' })).toBeVisible();
  await expect(status).toHaveText('Disconnected');
  await expect.poll(() => pastCount(history), { timeout: 15_000 }).toBe(before + 1);

  // Reread it: the question and the cited answer are in the transcript.
  await history
    .getByRole('button', { name: /How often must the cofferdam dewatering pumps/ })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: /^Conversation of / });
  await expect(
    dialog.getByText('How often must the cofferdam dewatering pumps be checked?'),
  ).toBeVisible();
  await expect(dialog.getByRole('button', { name: `${title}, page 1` })).toBeVisible();
  await expect(dialog.getByText('You rated this answer helpful')).toBeVisible();
  await captureScreen(page, 'room-chat-history-dialog');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  // The choices are remembered for this room on this device.
  expect(
    await page.evaluate(
      (id) => JSON.parse(localStorage.getItem(`room_voice_preferences_${id}`) ?? '{}').muted,
      roomId,
    ),
  ).toBe(true);

  expect(problems).toEqual([]);
});

test('a paused room cannot be started', async ({ browser }) => {
  const page = await signIn(browser, DEMO_USER.email, DEMO_USER.password);
  const rooms = (await (await page.request.get('/api/user/rooms')).json()) as Array<{
    id: number;
    name: string;
    status: string;
  }>;
  const paused = rooms.find((r) => r.name === PAUSED_ROOM);
  expect(paused?.status).toBe('PAUSED');
  await page.goto(`/test-room/${paused?.id}`);
  await expect(page.getByRole('heading', { level: 1, name: PAUSED_ROOM })).toBeVisible();
  const { chat } = roomChat(page);
  await expect(chat.getByRole('button', { name: 'Start Conversation' })).toBeDisabled();
  await expect(
    page.getByText(/This room is paused, so no conversation can be started/),
  ).toBeVisible();
  // The server refuses too: no signed URL for a paused room.
  const signed = await page.request.get(`/api/voice/rooms/${paused?.id}/signed-url`);
  expect(signed.ok()).toBe(false);
  await captureScreen(page, 'room-chat-paused');
});

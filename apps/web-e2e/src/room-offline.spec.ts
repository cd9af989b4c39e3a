import { expect, test, type Page } from './support/test';
import { signIn } from './support/app.po';
import { captureScreen, expectAccessible, saveScreen, watchConsole } from './support/checks';
import { DEMO_USER } from './support/demo-accounts';
import { RoomsPage } from './support/rooms.po';
import { waitForServiceWorker } from './support/service-worker';
import { PHONE } from './support/devices';

/**
 * Room chat in the field: questions typed without signal wait on the device and go out
 * in order when the signal returns; the one-tap switch to text really stops the microphone and
 * is remembered for the room.
 */

const ROOM = 'Site Safety Briefing';
const WAITING = 'Waiting for signal — sends when you are back online';
const OFFLINE_TITLE = 'You are offline';

function roomChat(page: Page) {
  const chat = page.getByRole('region', { name: 'Chat with Field Advisor' });
  return {
    chat,
    status: chat.getByRole('status').first(),
    input: chat.getByRole('textbox', { name: 'Message to Field Advisor' }),
    send: chat.getByRole('button', { name: /^(Send|Sending\.\.\.)$/ }),
    messages: chat.getByRole('region', { name: 'Messages' }),
  };
}

/** Every microphone stream the page opens is kept where the test can read its tracks. */
async function watchMicrophone(page: Page) {
  await page.context().addInitScript(() => {
    const w = window as unknown as { __micTracks: MediaStreamTrack[] };
    w.__micTracks = [];
    const media = navigator.mediaDevices;
    if (!media?.getUserMedia) return;
    const open = media.getUserMedia.bind(media);
    media.getUserMedia = async (constraints) => {
      const stream = await open(constraints);
      w.__micTracks.push(...stream.getAudioTracks());
      return stream;
    };
  });
}

const micTracks = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as { __micTracks: MediaStreamTrack[] }).__micTracks.map((t) => t.readyState),
  );

async function enterRoom(page: Page) {
  const rooms = new RoomsPage(page);
  await rooms.open();
  await rooms.card(ROOM).getByRole('link', { name: 'Enter Room' }).click();
  await expect(page.getByRole('heading', { level: 1, name: ROOM })).toBeVisible();
}

/** The texts of the conversation's items, in order (speaker prefix kept: 'You: …'). */
const listTexts = (page: Page) =>
  roomChat(page)
    .messages.locator('> ul > li')
    .evaluateAll((items) =>
      items.map((li) => {
        const bubble = li.firstElementChild;
        return bubble?.textContent ?? '';
      }),
    );

test('questions typed without signal wait on the device, survive a reload, and are sent in order when the signal returns', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const page = await signIn(browser, DEMO_USER.email, DEMO_USER.password, undefined, {
    serviceWorkers: 'allow',
  });
  const context = page.context();
  const problems = watchConsole(page);
  await waitForServiceWorker(page);
  await enterRoom(page);
  // The conversation started for saved questions is text only: the fake microphone is
  // never opened, so its beeps cannot become turns between the typed ones.
  const { chat, input, send, messages } = roomChat(page);
  await watchMicrophone(page);

  const first = 'What must I wear on site?';
  const second = 'Who do I tell about a near miss?';
  await context.setOffline(true);
  await expect(chat.getByText(/^No signal\. You can keep typing/)).toBeVisible();
  await input.fill(first);
  await send.click();
  await input.fill(second);
  await input.press('Enter');
  const waiting = messages.getByRole('listitem').filter({ hasText: WAITING });
  await expect(waiting).toHaveCount(2);
  await expect(waiting.nth(0)).toContainText(first);
  await expect(waiting.nth(1)).toContainText(second);
  await expect(
    chat.getByText(
      'No signal. Your 2 questions are saved on this device and will be sent when you are back online.',
    ),
  ).toBeVisible();
  await captureScreen(page, 'room-offline-queued');

  // A reload without signal opens the offline shell; the questions stay on this device.
  await page.reload();
  await expect(page.getByRole('heading', { name: OFFLINE_TITLE })).toBeVisible();
  const saved = await page.evaluate(() =>
    Object.entries(localStorage)
      .filter(([k]) => k.startsWith('room_chat_queue_'))
      .map(([, v]) => (JSON.parse(v) as Array<{ text: string }>).map((q) => q.text)),
  );
  expect(saved).toEqual([[first, second]]);

  // Signal back: the room loads, starts a conversation and sends both, one answer at a time.
  await context.setOffline(false);
  await expect(page.getByRole('heading', { level: 1, name: ROOM })).toBeVisible({
    timeout: 30_000,
  });
  await expect(roomChat(page).status).toHaveText('Connected', { timeout: 30_000 });
  await expect(roomChat(page).messages.getByText(WAITING)).toHaveCount(0);
  await expect
    .poll(
      async () => {
        const texts = await listTexts(page);
        const q1 = texts.indexOf(`You: ${first}`);
        const q2 = texts.indexOf(`You: ${second}`);
        const answered = (i: number) =>
          i >= 0 && texts.slice(i + 1).some((t) => t.startsWith('Field Advisor: '));
        return {
          order: q1 >= 0 && q2 > q1,
          firstAnswered:
            answered(q1) && q2 > q1 + 1 && texts[q1 + 1]?.startsWith('Field Advisor: '),
          secondAnswered: answered(q2),
          once: texts.filter((t) => t === `You: ${first}` || t === `You: ${second}`).length,
        };
      },
      { timeout: 90_000, intervals: [1000] },
    )
    .toEqual({ order: true, firstAnswered: true, secondAnswered: true, once: 2 });
  await expect(roomChat(page).chat.getByText(/saved question/)).toHaveCount(0);
  expect(
    await page.evaluate(() =>
      Object.keys(localStorage).filter((k) => k.startsWith('room_chat_queue_')),
    ),
  ).toEqual([]);
  // The shell's own offline fetch failures are expected console noise; nothing else.
  expect(
    problems.filter((p) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch|net::/.test(p)),
  ).toEqual([]);
  await context.close();
});

test('on a phone, one tap switches to text: the microphone stops, answers come as text, and the room remembers it', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const page = await signIn(browser, DEMO_USER.email, DEMO_USER.password, undefined, PHONE);
  await watchMicrophone(page);
  await enterRoom(page);
  const { chat, input, messages } = roomChat(page);

  // The one voice control and the input sit at the bottom of the first screen.
  const talk = chat.getByRole('button', { name: 'Talk' });
  for (const target of [talk, input]) {
    const box = await target.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.height).toBeGreaterThanOrEqual(44);
    expect(box!.y + box!.height).toBeLessThanOrEqual(740);
    expect(box!.y).toBeGreaterThan(740 - 200);
  }
  await expectAccessible(page, 'room voice mode @360px');
  await saveScreen(page, 'room-talk-controls-360');

  // 'Talk' is the user asking for the microphone: a voice conversation opens it.
  await talk.tap();
  await expect(chat.getByRole('button', { name: 'End Conversation' })).toBeVisible({
    timeout: 20_000,
  });
  await expect.poll(() => micTracks(page)).toEqual(['live']);
  // A tap mutes (the fake microphone's beeps stay out of the conversation).
  await chat.getByRole('button', { name: 'Mute microphone' }).tap();
  await expect(chat.getByRole('button', { name: 'Unmute microphone' })).toBeVisible();

  // Mid-conversation: one tap, and the microphone's track is ended (its indicator goes off).
  await chat.getByRole('button', { name: 'Switch to text' }).tap();
  await expect(chat.getByRole('button', { name: 'Switch to voice' })).toBeVisible();
  await expect.poll(() => micTracks(page)).toEqual(['ended']);
  await expect(chat.getByText('Text mode: no microphone, answers come as text.')).toBeVisible();
  const chunks = Number(await chat.getAttribute('data-audio-chunks'));

  await input.fill('What must I wear on site?');
  await input.press('Enter');
  await expect(messages.getByText('What must I wear on site?')).toBeVisible();
  await expect(chat.getByText('Field Advisor is thinking...')).toHaveCount(0, { timeout: 60_000 });
  await expect.poll(async () => (await listTexts(page)).at(-1)).toMatch(/^Field Advisor: /);
  // The answer came as text only: no agent audio reached the player.
  expect(Number(await chat.getAttribute('data-audio-chunks'))).toBe(chunks);
  expect(await micTracks(page)).toEqual(['ended']);
  await expectAccessible(page, 'room text mode @360px');
  await saveScreen(page, 'room-text-mode-360');

  // Remembered for the room: after a reload a new conversation never opens the microphone.
  await page.reload();
  await chat.getByRole('button', { name: 'Start Conversation' }).click();
  await expect(chat.getByRole('button', { name: 'End Conversation' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(chat.getByRole('button', { name: 'Switch to voice' })).toBeVisible();
  expect(await micTracks(page)).toEqual([]);
  await expectAccessible(page, 'room text mode after reload @360px');
  // The outdoor (high-contrast) theme too.
  await page.evaluate(() => localStorage.setItem('fieldcraft.outdoor-mode', 'on'));
  await page.reload();
  await expectAccessible(page, 'room text mode, outdoor theme @360px');
  await chat.getByRole('button', { name: 'Start Conversation' }).click();
  await expect(chat.getByRole('button', { name: 'End Conversation' })).toBeVisible({
    timeout: 20_000,
  });

  // And back: voice again in the same tap, the microphone opens (still muted, as left).
  await chat.getByRole('button', { name: 'Switch to voice' }).tap();
  await expect(chat.getByRole('button', { name: 'Switch to text' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(chat.getByRole('button', { name: 'End Conversation' })).toBeVisible({
    timeout: 20_000,
  });
  await expect.poll(() => micTracks(page)).toEqual(['live']);
  await expect(chat.getByRole('button', { name: 'Unmute microphone' })).toBeVisible();
  await expectAccessible(page, 'room voice mode, outdoor theme @360px');
  await page.context().close();
});

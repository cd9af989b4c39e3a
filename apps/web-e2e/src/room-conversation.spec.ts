import { expect, test, type BrowserContextOptions, type Page } from './support/test';
import { signIn } from './support/app.po';
import { expectAccessible, saveScreen, watchConsole } from './support/checks';
import { DEMO_USER } from './support/demo-accounts';
import { RoomsPage } from './support/rooms.po';
import { DESKTOP, PHONE } from './support/devices';

/**
 * The room chat as a conversation, typed (text mode), against the real server, on a touch
 * phone and on a desktop: the conversation fills the screen with the composer at the bottom,
 * typing before Start starts it, the answer arrives in the list, the user's words can be
 * edited and sent again, earlier turns stay put while an answer arrives ('Jump to latest'),
 * and a past conversation is continued, not only read. The microphone is never opened.
 */

const ROOM = 'Site Safety Briefing';
const sizes: Array<{ name: string; options: BrowserContextOptions }> = [
  {
    name: 'phone 360x740',
    options: PHONE,
  },
  { name: 'desktop 1280x800', options: DESKTOP },
];

function roomChat(page: Page) {
  const chat = page.getByRole('region', { name: 'Chat with Field Advisor' });
  return {
    chat,
    status: chat.getByRole('status').first(),
    input: chat.getByRole('textbox', { name: 'Message to Field Advisor' }),
    messages: chat.getByRole('region', { name: 'Messages' }),
    state: chat.locator('[data-state]'),
    history: page.getByRole('region', { name: 'Past conversations' }),
  };
}

/** Every microphone request the page makes is counted. */
async function countMicrophone(page: Page) {
  await page.context().addInitScript(() => {
    const w = window as unknown as { __micRequests: number };
    w.__micRequests = 0;
    const media = navigator.mediaDevices;
    if (!media?.getUserMedia) return;
    const open = media.getUserMedia.bind(media);
    media.getUserMedia = (constraints) => {
      w.__micRequests += 1;
      return open(constraints);
    };
  });
}
const micRequests = (page: Page) =>
  page.evaluate(() => (window as unknown as { __micRequests: number }).__micRequests);

/** The bubbles' texts in order ('You: …' / 'Field Advisor: …'). */
const bubbles = (page: Page) =>
  roomChat(page)
    .messages.locator('> ul > li')
    .evaluateAll((items) => items.map((li) => li.firstElementChild?.textContent ?? ''));

async function ask(page: Page, question: string) {
  const { input, chat } = roomChat(page);
  const before = (await bubbles(page)).length;
  await input.fill(question);
  await input.press('Enter');
  await expect(roomChat(page).messages.getByText(question).last()).toBeVisible();
  await expect(chat.getByText('Field Advisor is thinking...')).toHaveCount(0, { timeout: 60_000 });
  await expect
    .poll(async () => {
      const list = await bubbles(page);
      return list.length > before + 1 && list.at(-1)!.startsWith('Field Advisor: ');
    })
    .toBe(true);
}

for (const size of sizes) {
  test(`${size.name}: typed conversation fills the screen, streams, corrects and continues`, async ({
    browser,
  }) => {
    test.setTimeout(300_000);
    const page = await signIn(browser, DEMO_USER.email, DEMO_USER.password, undefined, {
      ...size.options,
    });
    const problems = watchConsole(page);
    await countMicrophone(page);
    const rooms = new RoomsPage(page);
    await rooms.open();
    await rooms.card(ROOM).getByRole('link', { name: 'Enter Room' }).click();
    await expect(page.getByRole('heading', { level: 1, name: ROOM })).toBeVisible();
    const { chat, status, input, messages, state, history } = roomChat(page);
    const height = size.options.viewport!.height;
    const tag = size.name.split(' ')[0];

    // The conversation fills the screen: the composer sits at the bottom of the first
    // screen and the messages take the rest (no 192 px box).
    const inputBox = (await input.boundingBox())!;
    expect(inputBox.y + inputBox.height).toBeLessThanOrEqual(height);
    expect(inputBox.y).toBeGreaterThan(height - 160);
    const listBox = (await messages.boundingBox())!;
    expect(listBox.height).toBeGreaterThan(height * 0.4);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
    await expectAccessible(page, `room chat ready, ${size.name}`);
    await saveScreen(page, `room-conversation-ready-${tag}`);
    const pastBefore = Number(await history.locator('[data-count]').getAttribute('data-count'));

    // Typing before Start starts the conversation (text mode) and sends the question.
    await expect(status).toHaveText('Disconnected');
    await ask(page, 'What must I wear on site?');
    await expect(status).toHaveText('Connected');
    await expect(chat.getByRole('button', { name: 'End Conversation' })).toBeVisible();
    await expect(chat.getByText('Text mode: no microphone, answers come as text.')).toBeVisible();
    // The agent's greeting stays before the question that started the conversation.
    const opened = await bubbles(page);
    expect(opened.indexOf('You: What must I wear on site?')).toBe(opened.length - 2);
    expect(opened.at(-1)).toMatch(/^Field Advisor: /);

    // The user's own words can be corrected and sent again.
    await chat.getByRole('button', { name: 'Edit and resend: What must I wear on site?' }).click();
    await expect(input).toHaveValue('What must I wear on site?');
    await ask(page, 'What must I wear on site near the crane?');

    // Scrolled up to an earlier turn, an arriving answer does not pull the list down; 'Jump
    // to latest' does.
    await ask(page, 'Who do I tell about a near miss?');
    await messages.evaluate((el) => el.scrollTo(0, 0));
    await input.fill('What is a toolbox talk?');
    await input.press('Enter');
    await expect(chat.getByRole('button', { name: 'Jump to latest' })).toBeVisible();
    expect(await messages.evaluate((el) => el.scrollTop)).toBeLessThan(50);
    await expect(chat.getByText('Field Advisor is thinking...')).toHaveCount(0, {
      timeout: 60_000,
    });
    expect(await messages.evaluate((el) => el.scrollTop)).toBeLessThan(50);
    await chat.getByRole('button', { name: 'Jump to latest' }).click();
    await expect(chat.getByRole('button', { name: 'Jump to latest' })).toHaveCount(0);
    await expect
      .poll(() => messages.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight))
      .toBeLessThan(5);
    await expect(state).toHaveAttribute('data-state', 'idle');
    await expectAccessible(page, `room chat answered, ${size.name}`);
    await saveScreen(page, `room-conversation-answered-${tag}`);

    // End, then continue it from the past conversations: its turns come back and the
    // advisor answers the follow-up in the same room.
    await chat.getByRole('button', { name: 'End Conversation' }).click();
    await expect(status).toHaveText('Disconnected');
    await expect
      .poll(async () => Number(await history.locator('[data-count]').getAttribute('data-count')))
      .toBe(pastBefore + 1);
    await history
      .getByRole('button', { name: /What must I wear on site\?/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: /^Conversation of / });
    await dialog.getByRole('button', { name: 'Continue this conversation' }).click();
    await expect(dialog).toBeHidden();
    await expect(messages.getByText(/^Continued from the conversation of /)).toBeVisible();
    await expect(messages.getByText('Who do I tell about a near miss?').first()).toBeVisible();
    await ask(page, 'And who keeps the record of it?');
    await expect(status).toHaveText('Connected');

    // The outdoor (dark, high-contrast) theme is accessible too.
    await page.evaluate(() => localStorage.setItem('fieldcraft.outdoor-mode', 'on'));
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: ROOM })).toBeVisible();
    await expectAccessible(page, `room chat, outdoor theme, ${size.name}`);
    await saveScreen(page, `room-conversation-outdoor-${tag}`);
    // The room remembers text mode: Start opens a text conversation again.
    await chat.getByRole('button', { name: 'Start Conversation' }).click();
    await expect(status).toHaveText('Connected', { timeout: 20_000 });
    await expect(chat.getByRole('button', { name: 'Switch to voice' })).toBeVisible();
    await page.evaluate(() => localStorage.removeItem('fieldcraft.outdoor-mode'));

    // Never once was the microphone asked for.
    expect(await micRequests(page)).toBe(0);
    expect(problems).toEqual([]);
    await page.context().close();
  });
}

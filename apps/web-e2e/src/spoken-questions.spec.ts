import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test as base, expect, type Browser, type Page } from './support/test';
import { signIn } from './support/app.po';
import { DEMO_USER } from './support/demo-accounts';
import { RoomsPage } from './support/rooms.po';

/**
 * The Field Advisor by voice, as a crew member uses it: Chromium's fake microphone plays a
 * real spoken question (flite, mixed with site noise by sox, made here: nothing downloaded) into
 * the room's voice session, and the room must show what was heard and a cited answer from the
 * demo library — or, when site noise drowns the words, ask back rather than answer something
 * else (apps/api/src/voice/runtime/hearing.ts).
 */

const ROOM = 'Site Safety Briefing';
const SOX = '/usr/bin/sox';
const RATE = '48000';
/**
 * Quiet before the words. The fake microphone starts its file when the page opens the
 * microphone, but the session sends audio only once its socket and capture are up (about
 * 0.5–1 s here, more under load), so the words must start later than that.
 */
const LEAD_S = 2.5;
/** Quiet after the words, longer than the server's 400 ms end-of-speech wait. */
const TAIL_S = 1.5;
/**
 * The words' level over the site noise in the noisy clip: louder noise than the 10 dB at which
 * the hearing benchmark already loses most words (docs/voice-speech.md, "Measured").
 */
const NOISY_SNR_DB = 5;

// Worded as a crew member asks, not as the documents say it, and chosen so pocketsphinx hears
// every word of flite's voice, surely, run after run. Its hearing of synthetic voices is weak:
// "When do I need a harness?" is heard right but not surely (so "is that right?" first), and
// "How long do we keep the daily reports?" came out as "…daily records" or "…daily report", and
// "Can I stand under the crane load?" as "…crane lead" when it was a new server's first
// utterance (the same samples later: "…crane load").
const QUESTIONS = [
  {
    say: 'Who checks the trench every day?',
    source: 'Site safety checklist, page 2',
    answer:
      /^From Site safety checklist, page 2: A competent person inspects every excavation daily/,
  },
  {
    say: 'Can we add water to the concrete truck?',
    source: 'Concrete pour procedure, section 2',
    answer:
      /^From Concrete pour procedure, section 2: Do not add water on site without the engineer/,
  },
  {
    say: 'How often do I fill in the daily report?',
    source: 'Daily report template',
    answer: /^From Daily report template: Fill in one daily report for each site every working day/,
  },
];

// The two ways the advisor asks back (apps/api/src/voice/runtime/hearing.ts).
const SAY_AGAIN = "Sorry, I didn't catch that. Please say it again, or type your question.";
const CONFIRM = /^I heard '([^']*)' — is that right\?$/;

/** How the recognizer writes what it heard: lower case, no punctuation. */
const heard = (said: string) => said.toLowerCase().replace(/[^a-z' ]/g, '');

const sox = (...args: string[]) => execFileSync(SOX, args, { stdio: 'pipe' });
const seconds = (file: string) =>
  Number(execFileSync(SOX, ['--i', '-D', file], { encoding: 'utf8' }));

/** RMS level in dB (full scale) of a file, as sox's `stats` reports it. */
function rmsDb(file: string): number {
  const { stderr } = spawnSync(SOX, [file, '-n', 'stats'], { encoding: 'utf8' });
  const level = /RMS lev dB\s+(-?[\d.]+)/.exec(stderr)?.[1];
  if (!level) throw new Error(`sox stats gave no level for ${file}:\n${stderr}`);
  return Number(level);
}

/** A mono 48 kHz sound made by sox (`-R`: seeded, the same every run). */
const synth = (file: string, length: string, ...effect: string[]) =>
  sox('-R', '-n', '-r', RATE, '-c', '1', '-b', '16', file, 'synth', length, ...effect);

/**
 * A microphone clip: the question in flite's `slt` voice at half scale, at 48 kHz, with quiet
 * before and after, over a faint hiss (about -70 dB) as a real microphone always has: after
 * digital silence the first words were heard differently ("how long" came out as "tell on").
 * With `snrDb`, site noise from just before the words to
 * just after them: brown noise (machinery), hammer blows every half second and a grinder's
 * whine, scaled so the words are `snrDb` over the noise.
 */
function makeClip(dir: string, name: string, text: string, snrDb?: number): string {
  const at = (part: string) => path.join(dir, `${name}-${part}.wav`);
  const clip = path.join(dir, `${name}.wav`);
  execFileSync('flite', ['-voice', 'slt', '-t', text, '-o', at('voice')]);
  const words = seconds(at('voice'));
  const speech = [at('voice'), '-r', RATE, '-b', '16', at('speech'), 'vol', '0.5'];
  sox('-R', ...speech, 'pad', `${LEAD_S}`, `${TAIL_S}`);
  synth(at('hiss'), (LEAD_S + words + TAIL_S).toFixed(3), 'brownnoise', 'vol', '0.0005');
  const inputs = [at('speech'), at('hiss')];

  if (snrDb !== undefined) {
    const span = (words + 0.6).toFixed(3);
    synth(at('brown'), span, 'brownnoise');
    synth(at('hit'), '0.18', 'pinknoise', 'fade', 'l', '0', '0.18', '0.17');
    const blows = `${Math.ceil((words + 0.6) / 0.55)}`;
    sox(at('hit'), at('hits'), 'pad', '0', '0.37', 'repeat', blows);
    synth(at('whine'), span, 'sine', '3100');
    const parts = ['-v', '0.05', at('brown'), '-v', '0.5', at('hits'), '-v', '0.015', at('whine')];
    sox('-R', '-G', '-m', ...parts, at('bed'), 'trim', '0', span);
    // The words' level is the voice's at half scale (-6 dB).
    const gain = 10 ** ((rmsDb(at('voice')) - 6 - snrDb - rmsDb(at('bed'))) / 20);
    const place = ['fade', '0.05', span, '0.05', 'pad', `${LEAD_S - 0.3}`];
    sox('-v', gain.toFixed(4), at('bed'), at('noise'), ...place);
    inputs.push(at('noise'));
  }
  // -v 1: each input as it is (sox -m would otherwise divide them by their number); -G turns
  // the whole mix down where the sum would clip, so the proportions hold.
  sox('-R', '-G', '-m', ...inputs.flatMap((file) => ['-v', '1', file]), clip);
  return clip;
}

/** What the page did with the microphone, by the page's clock (an init script records it). */
interface MicTimes {
  asked?: number;
  firstChunk?: number;
}

/** Records when the page asks for the microphone and when its first audio leaves. */
async function watchMicrophone(page: Page) {
  await page.context().addInitScript(() => {
    const times: MicTimes = {};
    (window as unknown as { __mic: MicTimes }).__mic = times;
    const media = navigator.mediaDevices;
    const open = media.getUserMedia.bind(media);
    media.getUserMedia = (constraints) => {
      times.asked ??= performance.now();
      return open(constraints);
    };
    const send = WebSocket.prototype.send;
    WebSocket.prototype.send = function (data) {
      if (typeof data === 'string' && data.includes('"user_audio_chunk"'))
        times.firstChunk ??= performance.now();
      return send.call(this, data);
    };
  });
}

const micTimes = (page: Page) =>
  page.evaluate(() => (window as unknown as { __mic: MicTimes }).__mic);

function roomChat(page: Page) {
  const chat = page.getByRole('region', { name: 'Chat with Field Advisor' });
  return {
    chat,
    messages: chat.getByRole('region', { name: 'Messages' }),
    sources: chat.getByRole('region', { name: 'Messages' }).getByRole('list', { name: 'Sources' }),
  };
}

/** The bubbles' texts in order, as a screen reader reads them ('You: …' / 'Field Advisor: …'). */
const bubbles = (page: Page) =>
  roomChat(page)
    .messages.locator('> ul > li')
    .evaluateAll((items) => items.map((li) => li.firstElementChild?.textContent ?? ''));

const GREETING = "Hi, I'm your Field Advisor. What are you working on today?";
/** The advisor's replies after its greeting, without the speaker's name. */
const replies = (said: string[]) =>
  said
    .filter((b) => b.startsWith('Field Advisor: '))
    .map((b) => b.slice('Field Advisor: '.length))
    .filter((text) => text !== GREETING);

interface Speaker {
  page: Page;
  /** Resolves once the microphone has played the whole clip. */
  played: () => Promise<void>;
}

/**
 * `talk(text, snrDb?)`: a new browser whose microphone plays that clip once, the demo user
 * signed in, in the room, having tapped Talk. Each clip needs its own browser: Chromium takes
 * the fake microphone's file from its command line.
 */
const test = base.extend<{ talk: (text: string, snrDb?: number) => Promise<Speaker> }>({
  talk: async ({ playwright, launchOptions }, use) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'fieldcraft-spoken-'));
    const browsers: Browser[] = [];
    await use(async (text, snrDb) => {
      const clip = makeClip(dir, `clip${browsers.length}`, text, snrDb);
      // %noloop: the file plays once, then the microphone is silent (it would start over).
      const fakeMic = `--use-file-for-fake-audio-capture=${clip}%noloop`;
      const browser = await playwright.chromium.launch({
        ...launchOptions,
        args: [...(launchOptions.args ?? []), fakeMic],
      });
      browsers.push(browser);
      const page = await signIn(browser, DEMO_USER.email, DEMO_USER.password);
      await watchMicrophone(page);
      const rooms = new RoomsPage(page);
      await rooms.open();
      await rooms.card(ROOM).getByRole('link', { name: 'Enter Room' }).click();
      await expect(page.getByRole('heading', { level: 1, name: ROOM })).toBeVisible();

      const { chat } = roomChat(page);
      await chat.getByRole('button', { name: 'Talk' }).click();
      await expect(chat.getByRole('button', { name: 'End Conversation' })).toBeVisible({
        timeout: 20_000,
      });
      await expect(chat.getByText(/conversation is text only/)).toHaveCount(0);
      // The session was sending before the words began, so the server heard all of them.
      await expect.poll(async () => (await micTimes(page)).firstChunk).toBeDefined();
      const { asked = 0, firstChunk = Infinity } = await micTimes(page);
      expect(firstChunk - asked, 'ms from the microphone to its first audio').toBeLessThan(
        LEAD_S * 1000,
      );
      const clipMs = 1000 * seconds(clip);
      const played = async () => {
        await page.waitForFunction((end) => performance.now() > end, asked + clipMs);
      };
      return { page, played };
    });
    await Promise.all(browsers.map((b) => b.close()));
    rmSync(dir, { recursive: true, force: true });
  },
});

// Recognition shares two busy cores with the rest of the suite.
test.describe.configure({ timeout: 120_000 });
const HEARD_WITHIN = { timeout: 45_000 };

for (const q of QUESTIONS) {
  test(`"${q.say}" is heard and answered from ${q.source}`, async ({ talk }) => {
    const { page } = await talk(q.say);
    const { messages, sources } = roomChat(page);
    await expect(messages.getByRole('button', { name: q.source })).toBeVisible(HEARD_WITHIN);
    const said = await bubbles(page);
    // The words as heard, once, then the one reply: the answer quoting the right place.
    expect(said.filter((b) => b.startsWith('You: '))).toEqual([`You: ${heard(q.say)}`]);
    expect(said.at(-2)).toBe(`You: ${heard(q.say)}`);
    expect(replies(said)).toEqual([expect.stringMatching(q.answer)]);
    // Its first source is the one it quotes. (Others may follow: in the whole suite,
    // content.spec.ts uploads a copy of the demo PDF under another title.)
    await expect(sources.getByRole('button').first()).toHaveText(q.source);
  });
}

test('a question drowned by site noise is asked back, never answered from another document', async ({
  talk,
}) => {
  const { page, played } = await talk(QUESTIONS[0]!.say, NOISY_SNR_DB);
  const { chat, sources } = roomChat(page);
  await expect
    .poll(async () => replies(await bubbles(page)).length, HEARD_WITHIN)
    .toBeGreaterThan(0);
  // Every noisy stretch has been heard and answered before the room is judged.
  await played();
  await expect(chat.getByText('Field Advisor is thinking...')).toHaveCount(0, HEARD_WITHIN);

  const said = await bubbles(page);
  test.info().annotations.push({ type: 'heard in noise', description: said.join(' | ') });
  expect(replies(said).filter((r) => r !== SAY_AGAIN && !CONFIRM.test(r))).toEqual([]);
  await expect(sources).toHaveCount(0);
  // "Is that right?" comes after the words it means, shown as the user's own bubble.
  for (const r of replies(said)) {
    const words = CONFIRM.exec(r)?.[1];
    if (words !== undefined) expect(said).toContain(`You: ${words}`);
  }
});

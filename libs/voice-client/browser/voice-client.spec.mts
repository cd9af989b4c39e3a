import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Page, expect, test } from '@playwright/test';
import { build } from 'esbuild';
import type { VoiceTestServer } from '../test-support/voice-test-server.mjs';

type Log = Array<[string, unknown]>;
interface HarnessState {
  log: Log;
  modes: Array<{ mode: string; at: number }>;
  now: number;
  violations: string[];
  maxOutput: number;
  inputVolume: number;
  tracks: string[];
  contexts: string[];
}
type StartResult =
  { ok: true; id: string } | { ok: false; name: string; code: string; message: string };

let server: VoiceTestServer;
let dir: string;

// The page bundle and the worklet module files, served same-origin under the strict CSP.
test.beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'voice-client-browser-'));
  await build({
    entryPoints: [path.join(import.meta.dirname, 'harness.ts')],
    bundle: true,
    format: 'esm',
    target: 'es2022',
    outfile: path.join(dir, 'harness.js'),
    logLevel: 'warning',
  });
  cpSync(path.join(import.meta.dirname, 'harness.html'), path.join(dir, 'harness.html'));
  for (const f of ['capture-processor.js', 'playback-processor.js']) {
    cpSync(path.join(import.meta.dirname, '../src/worklets', f), path.join(dir, f));
  }
  const { startVoiceTestServer } = await import('../test-support/voice-test-server.mjs');
  server = await startVoiceTestServer({ staticDir: dir });
});

test.afterAll(async () => {
  await server?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function open(page: Page, query = '') {
  const response = await page.goto(`${server.httpOrigin}/harness.html${query}`);
  await page.waitForFunction(() => 'harness' in window);
  return response;
}
const start = (page: Page, options: Record<string, unknown>) =>
  page.evaluate(
    (o) =>
      (window as never as { harness: { start(o: unknown): Promise<StartResult> } }).harness.start(
        o,
      ),
    {
      origin: server.origin,
      ...options,
    },
  );
const state = (page: Page) =>
  page.evaluate(() => (window as never as { harness: { state(): HarnessState } }).harness.state());
const ended = (page: Page) =>
  page.evaluate(() => (window as never as { harness: { end(): Promise<void> } }).harness.end());

async function expectEverythingStopped(page: Page) {
  await expect
    .poll(async () => {
      const s = await state(page);
      return (
        s.tracks.length > 0 &&
        s.tracks.every((t) => t === 'ended') &&
        s.contexts.every((c) => c === 'closed')
      );
    })
    .toBe(true);
}

const pcmPeak = (b64: string) => {
  const buf = Buffer.from(b64, 'base64');
  let peak = 0;
  for (let i = 0; i + 1 < buf.length; i += 2) peak = Math.max(peak, Math.abs(buf.readInt16LE(i)));
  return peak;
};

test('under a strict CSP: worklets load same-origin, mic frames go out, agent audio plays', async ({
  page,
}) => {
  const response = await open(page);
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  const result = await start(page, { agentId: 'chat' });
  expect(result).toMatchObject({ ok: true });
  const conn = server.connections.at(-1)!;

  // 250 ms chunks of 16 kHz PCM: 4000 samples = 8000 bytes, from the fake device's tone.
  await expect
    .poll(() => conn.received.filter((m) => 'user_audio_chunk' in m).length, { timeout: 5000 })
    .toBeGreaterThan(4);
  const chunks = conn.received
    .filter((m) => 'user_audio_chunk' in m)
    .map((m) => String(m['user_audio_chunk']));
  expect(chunks.every((c) => Buffer.from(c, 'base64').length === 8000)).toBe(true);
  expect(Math.max(...chunks.map(pcmPeak))).toBeGreaterThan(500);

  await page.evaluate(() =>
    (window as never as { harness: { send(t: string): boolean } }).harness.send('Hello'),
  );
  // Speaking while the reply plays, listening once it drains (a stall between chunks may add a
  // listening/speaking pair, which is correct behaviour, so only the ends are asserted).
  await expect
    .poll(async () => {
      const s = await state(page);
      const modes = s.log.filter(([n]) => n === 'mode').map(([, m]) => m);
      return [modes[0], modes.at(-1), s.log.filter(([n]) => n === 'audio').length];
    })
    .toEqual(['speaking', 'listening', 6]);
  const s = await state(page);
  expect(s.log.filter(([n]) => n === 'audio')).toHaveLength(6);
  expect(s.log).toContainEqual([
    'message',
    { source: 'ai', message: 'You said: Hello', eventId: 2 },
  ]);
  expect(s.maxOutput).toBeGreaterThan(0.05);
  expect(s.violations).toEqual([]);
  expect(s.contexts).toEqual(['running', 'running']);

  await ended(page);
  await expectEverythingStopped(page);
  expect((await state(page)).log).toContainEqual([
    'disconnect',
    { reason: 'user', message: 'User ended conversation', code: 1000 },
  ]);
  await expect.poll(() => conn.closed).toEqual({ code: 1000, reason: 'User ended conversation' });
});

test('interruption: stale audio is dropped and the agent goes back to listening at once', async ({
  page,
}) => {
  await open(page);
  expect(await start(page, { agentId: 'interrupt' })).toMatchObject({ ok: true });
  // The turn holds 3 s of audio, so played out it cannot end sooner than 3 s after it began; a
  // busy page that stalls between chunks (a listening/speaking pair, correct behaviour) only
  // ends it later. Wait past that end, so the stale chunk sent after the interruption has come.
  await expect
    .poll(async () => {
      const s = await state(page);
      return s.modes.length > 0 && s.now - (s.modes[0]?.at ?? 0) > 3500;
    })
    .toBe(true);
  const s = await state(page);
  const [first, last] = [s.modes[0], s.modes.at(-1)];
  expect(first?.mode).toBe('speaking');
  expect(last?.mode).toBe('listening');
  // Listening for good well before the turn could have played out: the interruption did that.
  expect((last?.at ?? Infinity) - (first?.at ?? 0)).toBeLessThan(3000);
  expect(s.log.filter(([n]) => n === 'audio')).toHaveLength(30);
  await ended(page);
  await expectEverythingStopped(page);
});

test('server close: reported as ended by the agent, microphone and audio released', async ({
  page,
}) => {
  await open(page);
  expect(await start(page, { agentId: 'agent-close' })).toMatchObject({ ok: true });
  await expect
    .poll(async () => (await state(page)).log.find(([n]) => n === 'disconnect')?.[1])
    .toEqual({ reason: 'agent', code: 1000, message: 'The agent ended the conversation.' });
  await expectEverythingStopped(page);
});

test('dropped socket: reported as an error with code 1006, everything released', async ({
  page,
}) => {
  await open(page);
  expect(await start(page, { agentId: 'drop' })).toMatchObject({ ok: true });
  await expect
    .poll(async () => (await state(page)).log.find(([n]) => n === 'disconnect')?.[1])
    .toMatchObject({ reason: 'error', code: 1006 });
  await expectEverythingStopped(page);
});

test('start failure: worklets blocked everywhere → the spec error, nothing left running', async ({
  page,
}) => {
  await open(page);
  const result = await start(page, {
    agentId: 'chat',
    workletUrls: {
      capture: '/missing/capture-processor.js',
      playback: '/missing/playback-processor.js',
    },
  });
  expect(result).toEqual({
    ok: false,
    name: 'VoiceClientError',
    code: 'WORKLET_LOAD_FAILED',
    message:
      'Failed to load the fieldcraft-capture worklet module. Make sure the browser supports AudioWorklets.',
  });
  await expectEverythingStopped(page);
  // The CSP refused the blob and data fallbacks too (the next test shows the blob works
  // without it), so only same-origin files can load under this policy.
  const s = await state(page);
  expect(s.log.filter(([n]) => n === 'status').map(([, v]) => v)).toEqual([
    'connecting',
    'disconnected',
  ]);
  await expect.poll(() => server.connections.at(-1)!.closed).not.toBeNull();
});

test('without a CSP, a missing worklet file falls back to the bundled blob', async ({ page }) => {
  await open(page, '?nocsp');
  const result = await start(page, {
    agentId: 'chat',
    workletUrls: {
      capture: '/missing/capture-processor.js',
      playback: '/missing/playback-processor.js',
    },
  });
  expect(result).toMatchObject({ ok: true });
  await ended(page);
  await expectEverythingStopped(page);
});

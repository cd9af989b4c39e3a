import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type App, buildApp } from '../../app';
import { captureLogs, describeOnPglite, testConfig } from '../../test/test-app';
import { createWorld } from '../../test/world';
import type { LocalSpeechEngines } from './index';

const until = (check: () => boolean, timeout = 25_000) =>
  vi.waitFor(() => expect(check()).toBe(true), { timeout, interval: 100 });

describeOnPglite('speech plugin', (ctx) => {
  // A server whose recognizer runs and has its first model (SPEECH_PRELOAD does this at
  // start outside tests). Loading pocketsphinx and the first build take a few seconds.
  beforeAll(async () => {
    const speech = ctx.app.speech as LocalSpeechEngines;
    await speech.worker?.start();
    await speech.rebuildLanguageModel();
  }, 120_000);

  it('has the real engines on this machine, and rebuilds the library model when content changes', async () => {
    const speech = ctx.app.speech as LocalSpeechEngines;
    expect(speech.missing).toEqual([]);
    expect(speech.synthesizer?.engine).toBe('flite');
    expect(speech.recognizer?.engine).toBe('pocketsphinx');
    expect(speech.languageModel.current).toBe('library');
    const builds = speech.languageModel.builds;
    const w = await createWorld(ctx);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/content/create-metadata',
      headers: { cookie: w.cookies.OWNER as string },
      payload: {
        title: 'Bulldozer walkaround',
        description: 'Walk around the bulldozer and check the hydraulic hoses before every shift.',
        category: 'read',
        type: 'NEWS',
        url: 'https://example.com/news',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    // Debounced, in the background: the request did not wait for it.
    expect(speech.languageModel.builds).toBe(builds);
    await until(() => speech.languageModel.builds > builds);
    expect(speech.languageModel).toMatchObject({ current: 'library', lastError: null });
    const arpa = readFileSync(speech.languageModel.lastPath as string, 'utf8');
    expect(arpa).toMatch(/\tbulldozer hydraulic|\tthe hydraulic hoses/);
    expect(speech.worker?.languageModel).toBe('library');
  });
});

/** Builds an app with some SPEECH_* variables set (only while it starts), capturing its log. */
function appWithEnv(env: Record<string, string>) {
  const state: { app?: App; logs: ReturnType<typeof captureLogs> } = { logs: captureLogs() };
  beforeAll(async () => {
    Object.assign(process.env, env);
    try {
      state.app = await buildApp(testConfig({ logLevel: 'warn' }), {
        logStream: state.logs.stream,
      });
    } finally {
      for (const k of Object.keys(env)) delete process.env[k];
    }
  });
  afterAll(() => state.app?.close());
  return state;
}

describe('SPEECH_ENGINES=off', () => {
  const s = appWithEnv({ SPEECH_ENGINES: 'off' });
  it('no engines, one line saying so; text keeps working', async () => {
    const app = s.app as App;
    expect(app.speech.synthesizer).toBeNull();
    expect(app.speech.recognizer).toBeNull();
    expect(app.speech.missing).toEqual([
      'Speech is turned off on this server (SPEECH_ENGINES=off).',
    ]);
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});

describe('missing speech programs', () => {
  const s = appWithEnv({
    SPEECH_FLITE: '/nonexistent/flite',
    SPEECH_ESPEAK: '/nonexistent/espeak-ng',
    SPEECH_PYTHON: '/nonexistent/python3',
  });
  it('null engines, each gap logged once at start', () => {
    const app = s.app as App;
    expect(app.speech.synthesizer).toBeNull();
    expect(app.speech.recognizer).toBeNull();
    const speechLines = s.logs.messages().filter((m) => m.startsWith('speech:'));
    expect(speechLines).toEqual(app.speech.missing.map((m) => `speech: ${m}`));
    expect(speechLines).toHaveLength(2);
    expect(speechLines.join('\n')).toContain('apt-get install flite espeak-ng');
    expect(speechLines.join('\n')).toContain('/nonexistent/python3 is missing');
  });
});

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { captureLogs, describeEachDatabase, testConfig } from '../../test/test-app';
import { createWorld } from '../../test/world';
import type { LocalSpeechEngines } from './index';

async function until(check: () => boolean, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describeEachDatabase('speech plugin', (ctx) => {
  it('has the real engines on this machine, and rebuilds the library model when content changes', async () => {
    const speech = ctx.app.speech as LocalSpeechEngines;
    expect(speech.missing).toEqual([]);
    expect(speech.synthesizer?.engine).toBe('flite');
    expect(speech.recognizer?.engine).toBe('pocketsphinx');
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
    expect(speech.languageModel.builds).toBe(0);
    await until(() => speech.languageModel.builds > 0);
    expect(speech.languageModel).toMatchObject({ current: 'library', lastError: null });
    const arpa = readFileSync(speech.languageModel.lastPath as string, 'utf8');
    expect(arpa).toMatch(/\tbulldozer hydraulic|\tthe hydraulic hoses/);
    expect(speech.worker?.languageModel).toBe('library');
  });
});

describe('speech plugin configuration', () => {
  it('SPEECH_ENGINES=off: no engines, one line saying so; text keeps working', async () => {
    process.env.SPEECH_ENGINES = 'off';
    try {
      const logs = captureLogs();
      const app = await buildApp(testConfig({ logLevel: 'warn' }), { logStream: logs.stream });
      expect(app.speech.synthesizer).toBeNull();
      expect(app.speech.recognizer).toBeNull();
      expect(app.speech.missing).toEqual([
        'Speech is turned off on this server (SPEECH_ENGINES=off).',
      ]);
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      await app.close();
    } finally {
      delete process.env.SPEECH_ENGINES;
    }
  });

  it('missing programs: null engines, each gap logged once at start', async () => {
    Object.assign(process.env, {
      SPEECH_FLITE: '/nonexistent/flite',
      SPEECH_ESPEAK: '/nonexistent/espeak-ng',
      SPEECH_PYTHON: '/nonexistent/python3',
    });
    try {
      const logs = captureLogs();
      const app = await buildApp(testConfig({ logLevel: 'warn' }), { logStream: logs.stream });
      expect(app.speech.synthesizer).toBeNull();
      expect(app.speech.recognizer).toBeNull();
      const speechLines = logs.messages().filter((m) => m.startsWith('speech:'));
      expect(speechLines).toEqual(app.speech.missing.map((m) => `speech: ${m}`));
      expect(speechLines).toHaveLength(2);
      expect(speechLines.join('\n')).toContain('apt-get install flite espeak-ng');
      expect(speechLines.join('\n')).toContain('/nonexistent/python3 is missing');
      await app.close();
    } finally {
      delete process.env.SPEECH_FLITE;
      delete process.env.SPEECH_ESPEAK;
      delete process.env.SPEECH_PYTHON;
    }
  });
});

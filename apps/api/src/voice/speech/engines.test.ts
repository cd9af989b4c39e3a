import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resample } from './audio-format';
import {
  createSpeechEngines,
  DEFAULT_MODEL_DIR,
  type LocalSpeechEngines,
  MIN_CONFIDENCE,
} from './index';
import { concat, silence, whiteNoise } from './test-signals';
import { testDir } from '../../test/temp-dirs';

// The real programs: flite, espeak-ng, and pocketsphinx in its python3 worker (npm test
// installs them through tools/ensure-speech.mjs).

const log = { info: () => undefined, warn: () => undefined };
const programs = {
  flite: 'flite',
  espeak: 'espeak-ng',
  python: '/usr/bin/python3',
  modelDir: DEFAULT_MODEL_DIR,
};

let library: string[] = [];
let engines: LocalSpeechEngines;

beforeAll(async () => {
  engines = await createSpeechEngines({
    ...programs,
    dataDir: testDir('fc-speech-'),
    log,
    loadLibraryText: async () => library,
    preload: false,
    includeCorpus: false,
  });
});
afterAll(() => engines.close());

async function speak(text: string, language = 'en') {
  const audio = await engines.synthesizer!.synthesize({ text, language, voice: null });
  return resample(audio.samples, audio.sampleRate, 16000);
}

const words = (text: string) => new Set(text.split(/\s+/));

describe('synthesis', () => {
  it('finds both programs', () => {
    expect(engines.missing).toEqual([]);
    expect(engines.synthesizer?.engine).toBe('flite');
  });

  it('flite speaks an English sentence as 16 kHz int16', async () => {
    const audio = await engines.synthesizer!.synthesize({
      text: 'Wear your hard hat on site.',
      language: 'en',
      voice: null,
    });
    expect(audio.sampleRate).toBe(16000);
    expect(audio.samples.length / audio.sampleRate).toBeGreaterThan(1);
    expect(Math.max(...audio.samples.slice(0, 20000))).toBeGreaterThan(1000);
  });

  it('espeak-ng speaks a language flite lacks', async () => {
    const audio = await engines.synthesizer!.synthesize({
      text: 'Tragen Sie Ihren Schutzhelm.',
      language: 'de',
      voice: null,
    });
    expect(audio.sampleRate).toBe(22050);
    expect(audio.samples.length / audio.sampleRate).toBeGreaterThan(1);
  });

  it('an abort kills the program and rejects', async () => {
    const controller = new AbortController();
    const work = engines.synthesizer!.synthesize(
      { text: 'A long sentence. '.repeat(200), language: 'en', voice: null },
      controller.signal,
    );
    setTimeout(() => controller.abort(new Error('barge-in')), 20);
    await expect(work).rejects.toThrow('barge-in');
  });
});

describe('recognition', () => {
  it('recognises a flite sentence back (most key words)', async () => {
    const { text, confidence } = await engines.recognizer!.recognize(
      concat(
        silence(300),
        await speak('Where is the fire extinguisher on this floor?'),
        silence(300),
      ),
    );
    const heard = words(text);
    const key = ['where', 'fire', 'extinguisher', 'floor'];
    expect(key.filter((w) => heard.has(w)).length).toBeGreaterThanOrEqual(3);
    expect(confidence).toBeGreaterThanOrEqual(MIN_CONFIDENCE);
  });

  it('blank audio gives no text; site noise gives no text or a low confidence', async () => {
    expect(await engines.recognizer!.recognize(silence(2000))).toMatchObject({
      text: '',
      confidence: 0,
    });
    const noise = await engines.recognizer!.recognize(whiteNoise(2000, 2000, 11));
    expect(noise.text === '' || noise.confidence < MIN_CONFIDENCE).toBe(true);
  });

  it('a worker killed mid-utterance is restarted and the utterance still answered', async () => {
    const worker = engines.worker!;
    await worker.start();
    const before = worker.pid;
    const audio = await speak('Where is the fire extinguisher on this floor?');
    const pending = engines.recognizer!.recognize(audio);
    setTimeout(() => process.kill(before as number, 'SIGKILL'), 5);
    const result = await pending;
    const key = ['where', 'fire', 'extinguisher', 'floor'];
    expect(key.filter((w) => words(result.text).has(w)).length).toBeGreaterThanOrEqual(3);
    expect(worker.pid).not.toBe(before);
    expect(worker.pid).not.toBeNull();
  });

  it('a model built from the library text is loaded and used', async () => {
    const phrase = 'Clip the lanyard to the anchorage above the scaffold.';
    const audio = await speak(phrase);
    const stock = await engines.recognizer!.recognize(audio);
    library = [
      'Clip the lanyard to the anchorage above the scaffold.',
      'The scaffold needs a guardrail and a toe board. Inspect the lanyard and the anchorage.',
    ];
    await engines.rebuildLanguageModel();
    expect(engines.languageModel).toMatchObject({ current: 'library', lastError: null });
    expect(readFileSync(engines.languageModel.lastPath as string, 'utf8')).toContain('lanyard');
    const withLibrary = await engines.recognizer!.recognize(audio);
    const key = ['clip', 'lanyard', 'anchorage', 'scaffold'];
    const hits = (t: string) => key.filter((w) => words(t).has(w)).length;
    expect(hits(withLibrary.text)).toBe(4);
    expect(hits(withLibrary.text)).toBeGreaterThan(hits(stock.text));
  });
});

describe('missing programs', () => {
  it('a missing program path gives null engines and a readable line for each', async () => {
    const none = await createSpeechEngines({
      flite: '/nonexistent/flite',
      espeak: '/nonexistent/espeak-ng',
      python: '/nonexistent/python3',
      modelDir: DEFAULT_MODEL_DIR,
      dataDir: tmpdir(),
      log,
      loadLibraryText: async () => [],
      preload: false,
    });
    expect(none.synthesizer).toBeNull();
    expect(none.recognizer).toBeNull();
    expect(none.missing).toEqual([
      expect.stringMatching(
        /Speech synthesis is off: neither flite .* nor espeak-ng .*apt-get install flite espeak-ng/,
      ),
      expect.stringMatching(/Speech recognition is off: \/nonexistent\/python3 is missing/),
    ]);
    none.scheduleLanguageModelRebuild(); // a no-op, never a crash
    await none.close();
  });

  it('without flite, English goes to espeak-ng; a missing model is named', async () => {
    const partial = await createSpeechEngines({
      ...programs,
      flite: '/nonexistent/flite',
      modelDir: '/nonexistent/model',
      dataDir: tmpdir(),
      log,
      loadLibraryText: async () => [],
      preload: false,
    });
    expect(partial.synthesizer?.engine).toBe('espeak-ng');
    expect(partial.recognizer).toBeNull();
    expect(partial.missing).toEqual([
      expect.stringContaining('flite is missing (/nonexistent/flite)'),
      expect.stringContaining('pocketsphinx en-us model is missing'),
    ]);
    const audio = await partial.synthesizer!.synthesize({
      text: 'Hello crew.',
      language: 'en',
      voice: null,
    });
    expect(audio.sampleRate).toBe(22050);
    await partial.close();
  });
});

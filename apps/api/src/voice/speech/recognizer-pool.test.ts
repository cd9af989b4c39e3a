import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resample } from './audio-format';
import { findProgram } from './detect';
import { DEFAULT_MODEL_DIR } from './index';
import { speechAssetPath } from './assets';
import { defaultRecognizerCount, RecognizerPool } from './recognizer-pool';
import { ProgramSynthesizer } from './synthesizer';
import { concat, silence, whiteNoise } from './test-signals';

// The real pocketsphinx workers: the same audio gives the same words whatever was heard
// before, and a pool decodes several people at once.

const log = { info: () => undefined, warn: () => undefined };
const python = findProgram('/usr/bin/python3');
const options = {
  python: python ?? '/usr/bin/python3',
  script: speechAssetPath('asr-worker.py'),
  modelDir: DEFAULT_MODEL_DIR,
  log,
};
const tts = new ProgramSynthesizer({
  flite: findProgram('flite'),
  espeak: findProgram('espeak-ng'),
});

async function say(text: string, voice: string | null = null, language = 'en') {
  const a = await tts.synthesize({ text, language, voice });
  return concat(silence(200), resample(a.samples, a.sampleRate, 16000), silence(200));
}

describe.skipIf(!python || !findProgram('flite'))('recognizer pool', () => {
  let pool: RecognizerPool;
  beforeAll(async () => {
    pool = new RecognizerPool(options, 3);
    await pool.start();
  }, 120_000);
  afterAll(() => pool.close());

  it('sizes itself to the machine: one worker per core plus one, 2 to 6', () => {
    expect(defaultRecognizerCount(1)).toBe(2);
    expect(defaultRecognizerCount(2)).toBe(3);
    expect(defaultRecognizerCount(16)).toBe(6);
    expect(pool.size).toBe(3);
  });

  it('gives the same clip the same words whatever was said before it', async () => {
    const clip = await say('How far back should the spoil pile be from the trench?', 'rms');
    const others = [
      await say('Who checks the scaffold every morning?', 'kal'),
      concat(whiteNoise(1500, 3000, 5), silence(300)),
      await say('Do I need a permit for hot work?', null, 'en-us'),
    ];
    const worker = pool.workers[0]!;
    const first = (await worker.recognize(clip)).text;
    const after: string[] = [];
    for (const other of others) {
      await worker.recognize(other);
      after.push((await worker.recognize(clip)).text);
    }
    expect(first).not.toBe('');
    expect(after).toEqual([first, first, first]);
  }, 180_000);

  it('decodes three utterances side by side, one per worker', async () => {
    const clip = await say('Where is the first aid kit on this floor?');
    const started = pool.workers.map((w) => w.inFlight);
    const work = [0, 1, 2].map(() => pool.recognize(clip));
    expect(pool.workers.map((w) => w.inFlight)).toEqual(started.map((n) => n + 1));
    const results = await Promise.all(work);
    expect(new Set(results.map((r) => r.text)).size).toBe(1);
  }, 180_000);

  it('drops an utterance given up while it waits for its worker, without decoding it', async () => {
    const clip = await say('Who checks the lifting chains before we use them?');
    const worker = pool.workers[1]!;
    const order: string[] = [];
    const first = worker.recognize(clip).then(() => order.push('first'));
    const drop = new AbortController();
    const dropped = worker.recognize(clip, drop.signal).catch((err: Error) => {
      order.push(`dropped: ${err.message}`);
    });
    expect(worker.inFlight).toBe(2);
    drop.abort(new Error('speech went on'));
    await Promise.all([first, dropped]);
    expect(order).toEqual(['dropped: speech went on', 'first']);
    expect(worker.inFlight).toBe(0);
  }, 180_000);
});

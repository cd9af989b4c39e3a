import { afterEach, describe, expect, it } from 'vitest';
import { prepareForRecognition } from './denoise';
import { PreparationThreads } from './preparation-threads';
import { concat, tone, whiteNoise } from './test-signals';

// Utterances prepared in worker threads (loaded from the sources through tsx here, from the
// bundle's speech-preparation-worker.mjs in the server): the same result as on the event loop,
// and work given up before its turn is never done.

const noisy = (seed: number, ms = 1000) =>
  concat(whiteNoise(300, 1500, seed), tone(440, ms), whiteNoise(300, 1500, seed + 1));

let threads: PreparationThreads | null = null;
afterEach(async () => {
  await threads?.close();
  threads = null;
});

describe('PreparationThreads', () => {
  it('prepares an utterance exactly as the event loop would', async () => {
    threads = new PreparationThreads(2);
    const clip = noisy(11);
    const [inThread, here] = await Promise.all([
      threads.prepare(clip),
      prepareForRecognition(clip),
    ]);
    expect(inThread.snrDb).toBe(here.snrDb);
    expect(inThread.samples).toEqual(here.samples);
    expect(threads.alive).toBe(1);
  }, 60_000);

  it('spreads utterances over its threads', async () => {
    threads = new PreparationThreads(2);
    const results = await Promise.all([threads.prepare(noisy(21)), threads.prepare(noisy(23))]);
    expect(threads.alive).toBe(2);
    expect(results.map((r) => r.samples.length)).toEqual([noisy(21).length, noisy(23).length]);
  }, 60_000);

  it('drops an utterance given up while it waits, without waiting for the one before', async () => {
    threads = new PreparationThreads(1);
    const order: string[] = [];
    const long = threads.prepare(noisy(31, 6000)).then(() => order.push('long'));
    const drop = new AbortController();
    const dropped = threads.prepare(noisy(33), drop.signal).catch((err: Error) => {
      order.push(`dropped: ${err.message}`);
    });
    drop.abort(new Error('speech went on'));
    await Promise.all([long, dropped]);
    expect(order).toEqual(['dropped: speech went on', 'long']);
  }, 60_000);

  it('refuses work once closed', async () => {
    const closed = new PreparationThreads(1);
    await closed.close();
    await expect(closed.prepare(noisy(41))).rejects.toThrow('closed');
  });
});

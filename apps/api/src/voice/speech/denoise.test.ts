import { describe, expect, it } from 'vitest';
import {
  DENOISE_BELOW_SNR_DB,
  estimateSnrDb,
  MAX_RANGE_DB,
  prepareForRecognition,
} from './denoise';
import { concat, rms, silence, tone, whiteNoise } from './test-signals';

// What the recognizer is given for an utterance: noisy speech denoised, speech over digital
// silence given a microphone-like floor, ordinary speech untouched.

/** A "word" between quiet stretches: 300 ms quiet, 1 s tone, 300 ms quiet. */
const utterance = (background: Int16Array[]) =>
  concat(background[0]!, tone(440, 1000, 8000), background[1]!);

describe('estimateSnrDb', () => {
  it('reads the speech level over the background', () => {
    const over = (noiseRms: number) => {
      const noise = whiteNoise(1600, noiseRms, 3);
      return utterance([silence(300), silence(300)]).map((x, i) => x + (noise[i] ?? 0));
    };
    // A 440 Hz tone of amplitude 8000 has RMS ~5657: 40 dB over RMS ~57, 10 dB over ~1789.
    expect(estimateSnrDb(over(57))).toBeGreaterThan(35);
    expect(estimateSnrDb(over(1789))).toBeLessThan(DENOISE_BELOW_SNR_DB);
  });
});

describe('prepareForRecognition', () => {
  it('denoises a noisy utterance: the background between the words gets quieter', async () => {
    const noisy = utterance([whiteNoise(300, 1500, 4), whiteNoise(300, 1500, 5)]);
    const { samples, snrDb } = await prepareForRecognition(noisy);
    expect(snrDb).toBeLessThan(DENOISE_BELOW_SNR_DB);
    expect(rms(samples.subarray(0, 4000))).toBeLessThan(rms(noisy.subarray(0, 4000)) / 2);
  });

  it('leaves an utterance with an ordinary background as it is', async () => {
    const plain = utterance([whiteNoise(300, 30, 6), whiteNoise(300, 30, 7)]);
    const { samples } = await prepareForRecognition(plain);
    expect(samples).toBe(plain);
  });

  it('leaves a short utterance from a quiet room as it is, its soft sounds included', async () => {
    // What the endpointer cuts: 250 ms before the words and 200 ms after them are the room; the
    // words have soft stretches (RMS ~320, 25 dB under the loud ones) in 40 % of their frames.
    const words = Array.from({ length: 12 }, () => concat(tone(300, 150), tone(300, 100, 450)));
    const quietRoom = concat(whiteNoise(250, 20, 8), ...words, whiteNoise(200, 20, 9));
    const { samples, snrDb } = await prepareForRecognition(quietRoom);
    expect(snrDb).toBeGreaterThan(40);
    expect(samples).toBe(quietRoom);
  });

  it('puts a steady floor under speech over digital silence, the same every time', async () => {
    const synthetic = utterance([silence(300), silence(300)]);
    const first = await prepareForRecognition(synthetic);
    expect(first.snrDb).toBeGreaterThan(MAX_RANGE_DB);
    const floor = rms(first.samples.subarray(0, 4000));
    // MAX_RANGE_DB under the speech (tone RMS ~5657): about 18 at 50 dB.
    expect(floor).toBeGreaterThan(5657 * 10 ** (-(MAX_RANGE_DB + 3) / 20));
    expect(floor).toBeLessThan(5657 * 10 ** (-(MAX_RANGE_DB - 3) / 20));
    expect((await prepareForRecognition(synthetic)).samples).toEqual(first.samples);
  });
});

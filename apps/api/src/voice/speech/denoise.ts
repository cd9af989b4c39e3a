// Noise suppression before recognition: RNNoise (xiph.org, BSD-3), compiled to WebAssembly by
// @echogarden/rnnoise-wasm with its weights built in, run in this process. It works on 48 kHz
// frames of 480 samples; the 16 kHz utterance is taken up to 48 kHz and back down by 3 with a
// short windowed-sinc filter (the sinc resampler of resample.ts is built for playback quality
// and costs ~30 times more; the recognizer reads nothing above 6.8 kHz). A fresh RNNoise state
// for every utterance, so the result depends on that utterance only.

interface RnnoiseModule {
  _rnnoise_create(model: number): number;
  _rnnoise_destroy(state: number): void;
  _rnnoise_process_frame(state: number, out: number, input: number): number;
  _malloc(bytes: number): number;
  _free(ptr: number): void;
  HEAPF32: Float32Array;
}

const FRAME = 480;
const FACTOR = 3;
/** Zero crossings of the sinc on each side. */
const ZC = 6;
const TAPS = 2 * ZC * FACTOR + 1;
/** Low-pass at 0.9 × 8 kHz, for the 48 kHz rate: Blackman-windowed sinc, unity DC gain. */
const KERNEL = (() => {
  const k = new Float64Array(TAPS);
  const cut = 0.9 / FACTOR; // of the 48 kHz Nyquist
  const mid = (TAPS - 1) / 2;
  let sum = 0;
  for (let i = 0; i < TAPS; i++) {
    const x = i - mid;
    const sinc = x === 0 ? 1 : Math.sin(Math.PI * cut * x) / (Math.PI * cut * x);
    const w =
      0.42 -
      0.5 * Math.cos((2 * Math.PI * i) / (TAPS - 1)) +
      0.08 * Math.cos((4 * Math.PI * i) / (TAPS - 1));
    k[i] = sinc * w;
    sum += k[i] as number;
  }
  for (let i = 0; i < TAPS; i++) k[i] = (k[i] as number) / sum;
  return k;
})();
const MID = (TAPS - 1) / 2;

/** 16 kHz → 48 kHz: zeros stuffed between samples, then the low-pass (gain 3). */
function up3(x: Int16Array): Float32Array {
  const out = new Float32Array(x.length * FACTOR);
  for (let n = 0; n < out.length; n++) {
    let acc = 0;
    // Only every third tap meets a real sample.
    const first =
      (n - MID) % FACTOR === 0 ? 0 : FACTOR - ((((n - MID) % FACTOR) + FACTOR) % FACTOR);
    for (let i = first; i < TAPS; i += FACTOR) {
      const j = n - MID + i;
      if (j >= 0 && j < out.length) acc += (KERNEL[i] as number) * (x[j / FACTOR] as number);
    }
    out[n] = acc * FACTOR;
  }
  return out;
}

/** 48 kHz → 16 kHz: the low-pass, then every third sample. */
function down3(x: Float32Array, length: number): Int16Array {
  const out = new Int16Array(length);
  for (let m = 0; m < length; m++) {
    const n = m * FACTOR;
    let acc = 0;
    for (let i = 0; i < TAPS; i++) {
      const j = n - MID + i;
      if (j >= 0 && j < x.length) acc += (KERNEL[i] as number) * (x[j] as number);
    }
    const v = Math.round(acc);
    out[m] = v > 32767 ? 32767 : v < -32768 ? -32768 : v;
  }
  return out;
}
let loading: Promise<RnnoiseModule> | null = null;

function load(): Promise<RnnoiseModule> {
  loading ??= import('@echogarden/rnnoise-wasm').then((m) =>
    (m.default as unknown as () => Promise<RnnoiseModule>)(),
  );
  return loading;
}

/** Loads the WebAssembly module ahead of the first utterance. */
export async function preloadDenoiser(): Promise<void> {
  await load();
}

/** The utterance (16 kHz mono) with RNNoise's noise suppression applied. */
export async function denoise(samples: Int16Array): Promise<Int16Array> {
  if (samples.length === 0) return samples;
  const rn = await load();
  const up = up3(samples);
  const frames = Math.ceil(up.length / FRAME);
  const out = new Float32Array(frames * FRAME);
  const state = rn._rnnoise_create(0);
  const buf = rn._malloc(FRAME * 4);
  try {
    for (let f = 0; f < frames; f++) {
      const heap = rn.HEAPF32; // re-read: memory growth replaces the view
      const at = buf >> 2;
      const input = up.subarray(f * FRAME, (f + 1) * FRAME);
      heap.set(input, at);
      heap.fill(0, at + input.length, at + FRAME);
      rn._rnnoise_process_frame(state, buf, buf);
      out.set(rn.HEAPF32.subarray(at, at + FRAME), f * FRAME);
    }
  } finally {
    rn._free(buf);
    rn._rnnoise_destroy(state);
  }
  return down3(out, samples.length);
}

interface Levels {
  /** The background: the 10th percentile. */
  quiet: number;
  /** The 20th percentile: what the noise floor's range was chosen on. */
  low: number;
  /** The speech: the 90th percentile. */
  loud: number;
}

/**
 * Energies (mean square) of the quiet, low and loud 20 ms frames. For the background the 20th
 * percentile fell inside the words of a short utterance from a quiet room (its pre-roll and tail
 * are under a fifth of it), which then read as 20–25 dB SNR and was denoised for nothing.
 */
function frameLevels(samples: Int16Array): Levels | null {
  const size = 320;
  const energies: number[] = [];
  for (let at = 0; at + size <= samples.length; at += size) {
    let sum = 0;
    for (let i = at; i < at + size; i++) sum += (samples[i] as number) ** 2;
    energies.push(sum / size);
  }
  if (energies.length < 5) return null;
  energies.sort((a, b) => a - b);
  return {
    quiet: energies[Math.floor(energies.length * 0.1)] as number,
    low: energies[Math.floor(energies.length * 0.2)] as number,
    loud: energies[Math.floor(energies.length * 0.9)] as number,
  };
}

/**
 * The utterance's signal-to-noise ratio, roughly: the loud frames over the quiet ones. An
 * utterance has quiet before and after its words (the endpointer's pre-roll and tail), so the
 * quiet frames are the background.
 */
export function estimateSnrDb(samples: Int16Array): number {
  const levels = frameLevels(samples);
  if (!levels) return Infinity;
  return 10 * Math.log10(levels.loud / Math.max(levels.quiet, 1));
}

/**
 * Below this estimated SNR an utterance is denoised before recognition. RNNoise took 4 points
 * off the word error rate at 20 dB but added 1 to 2 on clean speech (hearing benchmark, tune
 * half), so it runs only where there is noise to remove. On the tune half's clips the estimate
 * was 22.3–26.2 dB at 20 dB SNR, and 36.9 dB or more for clean speech over a quiet room's
 * background (white noise of RMS 20 or 60).
 */
export const DENOISE_BELOW_SNR_DB = 30;

/**
 * The widest range kept between the speech and its low (20th percentile) frames, on which it
 * was chosen. Digital silence between words (synthetic speech, a gap muted to zeros) is far
 * quieter than any microphone's background, and those frames pull the recognizer's
 * per-utterance cepstral mean away from the speech. Above this range a steady, seeded noise
 * floor is added at that many dB under the speech: on the tune half it took espeak-ng's clean
 * WER from 46.2 % to 41.2 % and left flite's unchanged (13.1 %), whose background is already
 * within it.
 */
export const MAX_RANGE_DB = 50;

/** The samples with a steady, seeded noise floor of RMS `rms` added (the same every time). */
export function withFloor(samples: Int16Array, rms: number): Int16Array {
  let a = 0x2545f491;
  const amp = rms * Math.sqrt(3); // uniform noise of this RMS
  const out = new Int16Array(samples.length);
  for (let i = 0; i < samples.length; i++) {
    a ^= a << 13;
    a ^= a >>> 17;
    a ^= a << 5;
    const v = (samples[i] as number) + Math.round(((a >>> 0) / 4294967296 - 0.5) * 2 * amp);
    out[i] = v > 32767 ? 32767 : v < -32768 ? -32768 : v;
  }
  return out;
}

/**
 * What the recognizer is given: the utterance denoised when it is noisy, or with a floor when
 * its background is unnaturally silent; and its estimated SNR.
 */
export async function prepareForRecognition(
  samples: Int16Array,
): Promise<{ samples: Int16Array; snrDb: number }> {
  const levels = frameLevels(samples);
  if (!levels) return { samples, snrDb: Infinity };
  const snrDb = 10 * Math.log10(levels.loud / Math.max(levels.quiet, 1));
  if (snrDb < DENOISE_BELOW_SNR_DB) return { samples: await denoise(samples), snrDb };
  return { samples: floorWithin(samples, MAX_RANGE_DB, levels), snrDb };
}

/** The samples, with a floor `rangeDb` under their loud frames when their background is lower. */
export function floorWithin(
  samples: Int16Array,
  rangeDb: number,
  levels = frameLevels(samples),
): Int16Array {
  if (!levels || levels.loud <= Math.max(levels.low, 1) * 10 ** (rangeDb / 10)) return samples;
  return withFloor(samples, Math.sqrt(levels.loud) * 10 ** (-rangeDb / 20));
}

/**
 * The same small dither for every utterance (seeded afresh each time): digital silence stays
 * finite for the cepstral mean, and the same audio always reaches the decoder as the same bytes.
 */
export function dither(samples: Int16Array): Int16Array {
  let a = 0x2545f491;
  const out = new Int16Array(samples.length);
  for (let i = 0; i < samples.length; i++) {
    a ^= a << 13;
    a ^= a >>> 17;
    a ^= a << 5;
    const v = (samples[i] as number) + ((a >>> 0) % 3) - 1;
    out[i] = v > 32767 ? 32767 : v < -32768 ? -32768 : v;
  }
  return out;
}

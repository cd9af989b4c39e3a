// Band-limited sample-rate conversion: a Blackman-windowed sinc, evaluated as a polyphase table
// for the exact rational ratio (e.g. 16000→22050 = 441/320), so every output sample is one dot
// product. The cut-off sits below the lower of the two Nyquist frequencies, so downsampling does
// not alias (48k→16k removes everything above ~7.4 kHz) and upsampling leaves no images.

const ZERO_CROSSINGS = 16;
/** Pass band as a fraction of the lower Nyquist frequency. */
const CUTOFF = 0.92;

function gcd(a: number, b: number): number {
  while (b) [a, b] = [b, a % b];
  return a;
}

interface Kernel {
  /** Output steps per `down` input steps. */
  up: number;
  down: number;
  /** Taps per phase (even); output n reads inputs i-half+1 … i+half around i = floor(n*down/up). */
  taps: number;
  half: number;
  /** up × taps coefficients, phase-major. */
  table: Float32Array;
}

const kernels = new Map<string, Kernel>();

function kernel(fromRate: number, toRate: number): Kernel {
  const key = `${fromRate}:${toRate}`;
  const cached = kernels.get(key);
  if (cached) return cached;
  const g = gcd(fromRate, toRate);
  const up = toRate / g;
  const down = fromRate / g;
  // Cut-off relative to the input's Nyquist frequency.
  const fc = CUTOFF * Math.min(1, toRate / fromRate);
  const half = Math.ceil(ZERO_CROSSINGS / fc);
  const taps = 2 * half;
  const table = new Float32Array(up * taps);
  for (let p = 0; p < up; p++) {
    const frac = p / up;
    let sum = 0;
    for (let j = 0; j < taps; j++) {
      // Input index i - half + 1 + j lies at distance t from the output position i + frac.
      const t = frac + half - 1 - j;
      const x = Math.PI * fc * t;
      const sinc = t === 0 ? 1 : Math.sin(x) / x;
      const w = (t + half) / (2 * half); // 0..1 across the window
      const blackman =
        w <= 0 || w >= 1
          ? 0
          : 0.42 - 0.5 * Math.cos(2 * Math.PI * w) + 0.08 * Math.cos(4 * Math.PI * w);
      const h = fc * sinc * blackman;
      table[p * taps + j] = h;
      sum += h;
    }
    // Unity gain at DC for every phase.
    for (let j = 0; j < taps; j++) table[p * taps + j] = (table[p * taps + j] as number) / sum;
  }
  const k = { up, down, taps, half, table };
  kernels.set(key, k);
  return k;
}

/**
 * Streaming resampler: push int16 chunks of any size, get the output samples that are complete;
 * flush() at the end pads with silence. The signal before the first sample counts as silence.
 */
export class Resampler {
  private readonly k: Kernel;
  /** Input not yet fully consumed; index 0 is absolute input sample `offset`. */
  private buffer = new Float32Array(0);
  private offset = 0;
  /** Absolute input samples received. */
  private received = 0;
  /** Next output sample's index. */
  private n = 0;

  constructor(
    readonly fromRate: number,
    readonly toRate: number,
  ) {
    if (!(fromRate > 0 && toRate > 0 && Number.isInteger(fromRate) && Number.isInteger(toRate))) {
      throw new RangeError(`Bad sample rates ${fromRate} → ${toRate}`);
    }
    this.k = kernel(fromRate, toRate);
    // Silence before the start, so the first outputs have their full history.
    this.buffer = new Float32Array(this.k.half);
    this.offset = -this.k.half;
  }

  push(samples: Int16Array): Int16Array {
    const merged = new Float32Array(this.buffer.length + samples.length);
    merged.set(this.buffer);
    for (let i = 0; i < samples.length; i++) {
      merged[this.buffer.length + i] = samples[i] as number;
    }
    this.buffer = merged;
    this.received += samples.length;
    return this.drain(this.received);
  }

  /** The remaining output for the input received so far (silence after it). */
  flush(): Int16Array {
    const total = Math.ceil((this.received * this.k.up) / this.k.down);
    const pad = new Float32Array(this.buffer.length + this.k.half + 1);
    pad.set(this.buffer);
    this.buffer = pad;
    const out = this.drain(this.received + this.k.half + 1, total);
    this.buffer = new Float32Array(0);
    this.offset = this.received;
    return out;
  }

  /** Emits every output whose taps lie below absolute input index `available`. */
  private drain(available: number, limit = Infinity): Int16Array {
    const { up, down, taps, half, table } = this.k;
    const out: number[] = [];
    const buf = this.buffer;
    for (;;) {
      if (this.n >= limit) break;
      const pos = this.n * down;
      const i = Math.floor(pos / up);
      if (i + half >= available) break;
      const phase = pos - i * up;
      const start = i - half + 1 - this.offset;
      const base = phase * taps;
      let acc = 0;
      for (let j = 0; j < taps; j++)
        acc += (buf[start + j] as number) * (table[base + j] as number);
      out.push(acc > 32767 ? 32767 : acc < -32768 ? -32768 : Math.round(acc));
      this.n++;
    }
    // Drop input no future output needs.
    const nextI = Math.floor((this.n * down) / up);
    const keepFrom = nextI - half + 1 - this.offset;
    if (keepFrom > 0) {
      this.buffer = this.buffer.slice(keepFrom);
      this.offset += keepFrom;
    }
    return Int16Array.from(out);
  }
}

// Synthetic signals for the speech tests and the benchmark: reproducible (seeded), 16-bit.

/** A small seeded generator (mulberry32), so noise is the same on every run. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function silence(ms: number, rate = 16000): Int16Array {
  return new Int16Array(Math.round((rate * ms) / 1000));
}

export function tone(freq: number, ms: number, amplitude = 8000, rate = 16000): Int16Array {
  const n = Math.round((rate * ms) / 1000);
  return Int16Array.from({ length: n }, (_, i) =>
    Math.round(amplitude * Math.sin((2 * Math.PI * freq * i) / rate)),
  );
}

/** White noise of a given RMS. */
export function whiteNoise(ms: number, rms: number, seed = 1, rate = 16000): Int16Array {
  const random = seededRandom(seed);
  const n = Math.round((rate * ms) / 1000);
  const scale = rms * Math.sqrt(3);
  return Int16Array.from({ length: n }, () => Math.round((random() * 2 - 1) * scale));
}

export function concat(...parts: Int16Array[]): Int16Array {
  const out = new Int16Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

export function rms(samples: Int16Array): number {
  let sum = 0;
  for (const s of samples) sum += s * s;
  return Math.sqrt(sum / Math.max(1, samples.length));
}

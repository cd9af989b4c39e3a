// The hearing benchmark's audio: every question spoken by a flite voice and an espeak-ng voice
// (rotated), clean and mixed with procedurally generated site noise at 20 dB and 10 dB SNR.
// Synthesised once and cached under node_modules/.cache (keyed by voice and text).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ESPEAK_VOICES, FLITE_VOICES, HELD_OUT, TUNE } from '../hearing-corpus.mjs';

const root = path.join(import.meta.dirname, '../..');
const cacheDir = path.join(root, 'node_modules/.cache/fieldcraft-bench/hearing-clips');

/** 16 kHz mono int16 speech of `text` by `family`'s `voice` (sox converts the rate). */
export function speak(family, voice, text) {
  mkdirSync(cacheDir, { recursive: true });
  const key = createHash('sha256').update(`${family}|${voice}|${text}`).digest('hex').slice(0, 20);
  const file = path.join(cacheDir, `${key}.raw`);
  if (!existsSync(file)) {
    const wav = path.join(cacheDir, `${key}.wav`);
    const made =
      family === 'flite'
        ? spawnSync('flite', ['-voice', voice, '-t', text, '-o', wav])
        : spawnSync('espeak-ng', ['-v', voice, '-w', wav, '--', text]);
    if (made.status !== 0) throw new Error(`${family} ${voice} failed: ${made.stderr}`);
    const sox = spawnSync('sox', [wav, '-r', '16000', '-c', '1', '-b', '16', '-e', 'signed', file]);
    if (sox.status !== 0) throw new Error(`sox failed: ${sox.stderr}`);
  }
  const b = readFileSync(file);
  return new Int16Array(b.buffer, b.byteOffset, b.length / 2).slice();
}

/** A small seeded generator (mulberry32). */
export function seeded(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Site noise, generated: brown noise (distant traffic, wind), pink-ish hiss, a 90 Hz engine hum
 * with harmonics, hammer impacts (decaying rings every 0.4–1.2 s) and grinder-like bursts
 * (band noise with a whine, 0.3–0.8 s long).
 */
export function siteNoise(n, seed) {
  const random = seeded(seed);
  const out = new Float64Array(n);
  let brown = 0;
  let p0 = 0;
  let p1 = 0;
  for (let i = 0; i < n; i++) {
    const w = random() * 2 - 1;
    brown = 0.995 * brown + w * 0.1;
    p0 = 0.99 * p0 + 0.0555 * w;
    p1 = 0.96 * p1 + 0.2965 * w;
    const t = i / 16000;
    const hum =
      0.5 * Math.sin(2 * Math.PI * 90 * t) +
      0.25 * Math.sin(2 * Math.PI * 180 * t + 1) +
      0.12 * Math.sin(2 * Math.PI * 270 * t + 2);
    out[i] = brown * 2 + (p0 + p1) * 0.6 + hum * (0.8 + 0.2 * Math.sin(2 * Math.PI * 0.7 * t));
  }
  for (let at = Math.floor(random() * 8000); at < n; at += 6400 + Math.floor(random() * 12800)) {
    const freq = 800 + random() * 2500;
    for (let k = 0; k < 2400 && at + k < n; k++) {
      const env = Math.exp(-k / 300) * 6;
      out[at + k] += env * (Math.sin((2 * Math.PI * freq * k) / 16000) + (random() - 0.5));
    }
  }
  for (let at = Math.floor(random() * 16000); at < n; at += 16000 + Math.floor(random() * 24000)) {
    const len = 4800 + Math.floor(random() * 8000);
    const whine = 2500 + random() * 2000;
    let band = 0;
    for (let k = 0; k < len && at + k < n; k++) {
      const env = Math.min(1, k / 800, (len - k) / 800) * 1.5;
      band = 0.6 * band + (random() * 2 - 1);
      out[at + k] += env * (band * 0.7 + Math.sin((2 * Math.PI * whine * k) / 16000));
    }
  }
  return out;
}

/** `speech` plus site noise at `snrDb` (speech power measured over its active samples). */
export function mix(speech, snrDb, seed) {
  const noise = siteNoise(speech.length, seed);
  let ps = 0;
  let active = 0;
  for (const s of speech) {
    if (Math.abs(s) > 300) {
      ps += s * s;
      active++;
    }
  }
  ps /= Math.max(1, active);
  let pn = 0;
  for (const v of noise) pn += v * v;
  pn /= noise.length;
  const gain = Math.sqrt(ps / (pn * 10 ** (snrDb / 10)));
  return Int16Array.from(speech, (s, i) =>
    Math.max(-32768, Math.min(32767, Math.round(s + noise[i] * gain))),
  );
}

export const NOISES = ['clean', '20 dB', '10 dB'];
export const FAMILIES = ['flite', 'espeak-ng'];

/** Every clip: {split, family, voice, noise, q, audio, speechMs}, 200 ms of quiet either side. */
export function buildClips({ splits = ['tune', 'held-out'], noises = NOISES } = {}) {
  const pad = new Int16Array(3200);
  const clips = [];
  const sets = { tune: TUNE, 'held-out': HELD_OUT };
  for (const split of splits) {
    for (const [qi, q] of sets[split].entries()) {
      for (const family of FAMILIES) {
        const voices = family === 'flite' ? FLITE_VOICES : ESPEAK_VOICES;
        const voice = voices[qi % voices.length];
        const speech = speak(family, voice, q);
        const clean = new Int16Array(speech.length + 6400);
        clean.set(pad);
        clean.set(speech, 3200);
        const seed = (split === 'tune' ? 1000 : 5000) + qi * 7 + (family === 'flite' ? 0 : 3);
        for (const noise of noises) {
          const audio =
            noise === 'clean'
              ? clean
              : mix(clean, noise === '20 dB' ? 20 : 10, seed + (noise === '20 dB' ? 1 : 2));
          clips.push({ split, family, voice, noise, q, audio, speechMs: speech.length / 16 });
        }
      }
    }
  }
  return clips;
}

// In-process hearing latency (no API server): the endpointer and the recognizer pool as the
// socket uses them, fed 250 ms chunks at real time. End of speech → transcript for one speaker,
// and the extra wait of the third of three speakers, with a pool of 1 (today) and of 3.
// Stock model (no library model build), so decodes are slower than the server's.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { HELD_OUT } from '../hearing-corpus.mjs';
import { speak } from './clips.mjs';

const root = path.join(import.meta.dirname, '../..');
const speechDir = path.join(root, 'apps/api/src/voice/speech');
const outfile = path.join(root, 'node_modules/.cache/fieldcraft-bench/latency-lib.mjs');
await build({
  stdin: {
    contents: `export * from './endpointer'; export * from './recognizer-pool'; export * from './detect';`,
    resolveDir: speechDir,
    loader: 'ts',
  },
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  packages: 'external',
  logLevel: 'silent',
});
const lib = await import(pathToFileURL(outfile).href);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const pct = (xs, p) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];

async function speaker(pool, speech, release) {
  const endpointer = new lib.Endpointer({ pauses: true, endOnMute: true });
  const tone = () =>
    Int16Array.from({ length: 4000 }, () => Math.round((Math.random() * 2 - 1) * 35));
  const audio = new Int16Array(3200 + speech.length);
  audio.set(speech, 3200);
  const t0 = performance.now();
  const end = t0 + (audio.length / 16000) * 1000;
  let early = null;
  for (let k = 0; k < 40; k++) {
    const filler = () => (release ? new Int16Array(4000) : tone());
    const full = filler();
    if (k * 4000 < audio.length) full.set(audio.subarray(k * 4000, k * 4000 + 4000));
    const wait = t0 + (k + 1) * 250 - performance.now();
    if (wait > 0) await sleep(wait);
    for (const e of endpointer.push(full)) {
      if (e.type === 'pause') early = { n: e.samples.length, p: pool.recognize(e.samples) };
      if (e.type === 'utterance') {
        const p = early && early.n === e.samples.length ? early.p : pool.recognize(e.samples);
        const r = await p;
        return { ms: performance.now() - end, text: r.text };
      }
    }
  }
  return { ms: NaN, text: '' };
}

const python = lib.findProgram('/usr/bin/python3');
const clips = HELD_OUT.slice(0, 6).map((q) => speak('flite', 'slt', q));
const log = { info: () => undefined, warn: () => undefined };
for (const size of [1, 3]) {
  const pool = new lib.RecognizerPool(
    {
      python,
      script: path.join(speechDir, 'asr-worker.py'),
      modelDir: '/usr/share/pocketsphinx/model/en-us',
      log,
      requestTimeoutMs: 900_000,
    },
    size,
  );
  await pool.start();
  const one = [];
  for (const c of clips.slice(0, 4)) one.push((await speaker(pool, c, false)).ms);
  const rel = [];
  for (const c of clips.slice(4, 6)) rel.push((await speaker(pool, c, true)).ms);
  const extra = [];
  for (const c of clips.slice(0, 2)) {
    const r = (await Promise.all([0, 1, 2].map(() => speaker(pool, c, false))))
      .map((x) => x.ms)
      .sort((a, b) => a - b);
    extra.push(r[2] - r[0]);
  }
  console.log(
    `pool of ${size}: one speaker, end of speech → transcript ${one.map((x) => x.toFixed(0)).join(', ')} ms (p95 ${pct(one, 95).toFixed(0)}); hold-to-talk released: ${rel.map((x) => x.toFixed(0)).join(', ')} ms; three at once, third after first: ${extra.map((x) => x.toFixed(0)).join(', ')} ms`,
  );
  await pool.close();
}

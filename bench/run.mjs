// Encoder benchmark and size report for libs/voice-client.
//
// Both encoders run side by side in this one process, in alternating rounds:
// - ours: the library's encodeAudio (Float32 → PCM16 or µ-law → base64), bundled from source;
// - ElevenLabs: @elevenlabs/client 1.25.0 as installed in node_modules — its capture worklet
//   (rawAudioProcessor.js, where it encodes) run in a vm scope shaped like an AudioWorklet, and
//   its arrayBufferToBase64 imported from its dist. Nothing of it is copied into this repo.
// Then the library's minified + gzip size, worklets included.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import vm from 'node:vm';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const root = path.join(import.meta.dirname, '..');
const lib = path.join(root, 'libs/voice-client/src');
const RATE = 16000;
const CHUNK = RATE / 4; // a 250 ms chunk, the product's size
const ROUNDS = 7;
const ROUND_MS = 300;

// ---- ours --------------------------------------------------------------------------------------
async function bundle(minify) {
  const out = await build({
    entryPoints: [path.join(lib, 'index.ts')],
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    minify,
    write: false,
    logLevel: 'silent',
  });
  return out.outputFiles[0].text;
}
const ours = await import(
  `data:text/javascript;base64,${Buffer.from(await bundle(false)).toString('base64')}`
);

// ---- ElevenLabs --------------------------------------------------------------------------------
// Its package exports hide dist/utils, so the files are read by path, not resolved by name.
const elevenDir = path.join(root, 'node_modules/@elevenlabs/client');
if (!existsSync(path.join(elevenDir, 'package.json'))) {
  console.error('@elevenlabs/client is not installed: run npm ci first.');
  process.exit(1);
}
const elevenVersion = JSON.parse(
  readFileSync(path.join(elevenDir, 'package.json'), 'utf8'),
).version;
const { arrayBufferToBase64 } = await import(
  pathToFileURL(path.join(elevenDir, 'dist/utils/audio.js')).href
);

function elevenProcessor(format) {
  let Processor;
  let posted;
  class AudioWorkletProcessor {
    port = { postMessage: (m) => (posted = m), onmessage: null };
  }
  const source = readFileSync(path.join(elevenDir, 'worklets/rawAudioProcessor.js'), 'utf8');
  vm.runInThisContext(
    `(function (AudioWorkletProcessor, registerProcessor, sampleRate) {${source}\n})`,
  )(AudioWorkletProcessor, (_name, ctor) => (Processor = ctor), RATE);
  const p = new Processor();
  p.port.onmessage({ data: { type: 'setFormat', format, sampleRate: RATE, chunkDurationMs: 250 } });
  // Returns the encoded chunk if this call completed one.
  return (samples) => {
    posted = undefined;
    p.process([[samples]]);
    return posted?.[0];
  };
}

// ---- measurement -------------------------------------------------------------------------------
const signal = Float32Array.from(
  { length: CHUNK },
  (_, i) => Math.sin(i / 9) * 0.6 + Math.sin(i / 2.3) * 0.2,
);
// 32 render blocks of 128 frames (4096 samples), as an AudioWorklet delivers them.
const blockSource = Float32Array.from({ length: 4096 }, (_, i) => Math.sin(i / 9) * 0.6);
const blocks = Array.from({ length: 32 }, (_, b) => blockSource.subarray(b * 128, (b + 1) * 128));

function opsPerSecond(fn) {
  let sink = 0;
  let ops = 0;
  const end = performance.now() + ROUND_MS;
  while (performance.now() < end) {
    for (let i = 0; i < 20; i++) sink += fn().length;
    ops += 20;
  }
  if (sink === 42) console.log(''); // keeps the work observable
  return (ops * 1000) / ROUND_MS;
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function compare(label, mine, theirs, sameOutput = true, samplesPerOp = CHUNK) {
  if (sameOutput && mine() !== theirs()) throw new Error(`${label}: outputs differ`);
  const a = [];
  const b = [];
  for (let r = 0; r < ROUNDS; r++) {
    a.push(opsPerSecond(mine));
    b.push(opsPerSecond(theirs));
  }
  const [ma, mb] = [median(a), median(b)];
  const secondsOfAudio = (ops) => ((ops * samplesPerOp) / RATE).toFixed(0);
  console.log(
    `${label.padEnd(26)} ours ${secondsOfAudio(ma).padStart(5)} s of audio/s  ` +
      `elevenlabs ${secondsOfAudio(mb).padStart(5)} s of audio/s  ratio ${(ma / mb).toFixed(2)}x`,
  );
  return ma / mb;
}

console.log(
  `voice-client encoder bench: 250 ms chunks (${CHUNK} samples @ ${RATE} Hz), median of ${ROUNDS} rounds`,
);
console.log(`reference: @elevenlabs/client ${elevenVersion}, node ${process.version}\n`);

const ratios = [];
for (const codec of ['pcm', 'ulaw']) {
  const theirs = elevenProcessor(codec);
  ratios.push(
    compare(
      `${codec === 'pcm' ? 'PCM16' : 'µ-law'} Float32→base64`,
      () => ours.encodeAudio(signal, codec),
      () => arrayBufferToBase64(theirs(signal).buffer),
    ),
  );
}
// The whole capture path as it runs in a browser: 128-frame worklet blocks are buffered into
// 250 ms chunks, each finished chunk is base64-encoded. Chunk edges differ (ours cut exactly at
// 4000 samples, theirs at the first block past it), so only the work per 4096 samples compares.
for (const codec of ['pcm', 'ulaw']) {
  const theirs = elevenProcessor(codec);
  let Processor;
  let chunk;
  class AudioWorkletProcessor {
    port = { postMessage: (m) => (chunk = m.samples), onmessage: null };
  }
  const source = readFileSync(path.join(lib, 'worklets/capture-processor.js'), 'utf8');
  vm.runInThisContext(
    `(function (AudioWorkletProcessor, registerProcessor, sampleRate) {${source}\n})`,
  )(AudioWorkletProcessor, (_name, ctor) => (Processor = ctor), RATE);
  const mineWorklet = new Processor();
  mineWorklet.port.onmessage({ data: { type: 'config', sampleRate: RATE, chunkSamples: CHUNK } });
  ratios.push(
    compare(
      `${codec === 'pcm' ? 'PCM16' : 'µ-law'} capture path`,
      () => {
        let out = '';
        for (const block of blocks) {
          chunk = undefined;
          mineWorklet.process([[block]]);
          if (chunk) out += ours.encodeAudio(chunk, codec);
        }
        return out;
      },
      () => {
        let out = '';
        for (const block of blocks) {
          const encoded = theirs(block);
          if (encoded) out += arrayBufferToBase64(encoded.buffer);
        }
        return out;
      },
      false,
      4096,
    ),
  );
}

const min = Math.min(...ratios);
console.log(`\nslowest ratio ${min.toFixed(2)}x (target >= 2x): ${min >= 2 ? 'met' : 'NOT met'}`);

// ---- size --------------------------------------------------------------------------------------
const minified = await bundle(true);
const gz = gzipSync(minified, { level: 9 }).length;
const workletFiles = ['capture-processor.js', 'playback-processor.js']
  .map((f) => readFileSync(path.join(lib, 'worklets', f)))
  .map((b) => gzipSync(b, { level: 9 }).length)
  .reduce((a, b) => a + b, 0);
console.log(
  `\nsize: library minified ${(minified.length / 1024).toFixed(1)} KB, ` +
    `min+gzip ${(gz / 1024).toFixed(1)} KB with the worklets inlined ` +
    `(the same-origin worklet files add ${(workletFiles / 1024).toFixed(1)} KB gzip as separate assets); ` +
    `target < 17.6 KB: ${gz / 1024 < 17.6 ? 'met' : 'NOT met'}`,
);

// ---- content uploads and file serving ------------------------------------------------
await import('./upload.mjs');

// ---- reads while a hostile document is read -------------------------------------------
await import('./hostile-read.mjs');

// ---- speech recognition accuracy ----------------------------------------------------
await import('./asr.mjs');

// ---- voice runtime: latency and concurrent sessions ---------------------------------
await import('./voice.mjs');

// ---- load: mixed traffic, hot read vs bare Fastify + pg, login storm ----------------
await import('./load.mjs');

// ---- field budgets: initial JavaScript and dashboard usable on Slow 3G + 4x CPU -------
await import('./field-budgets.mjs');

// ---- Field Advisor answers: own library, tune and held-out halves ----------------------------
await import('./advisor-answers.mjs');

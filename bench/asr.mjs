// Over 300 lines: a script that runs alone with `node`: the bundle, the configurations, the
// decoding and the report.
// Hearing benchmark (speech recognition): crew questions (bench/hearing-corpus.mjs, a tune half
// and a held-out half) spoken by flite and espeak-ng voices, clean and in generated site noise
// at 20 dB and 10 dB SNR, recognised by the real pocketsphinx worker with the library language
// model built the way the server builds it (demo documents + the shipped corpus). Prints the
// word error rate per voice family, noise and half, what the runtime would do with each
// utterance at 10 dB, and whether the same audio gives the same words in another order.
//
// BENCH_ASR_SPLIT=tune|held-out (default both), BENCH_ASR_NOISE=clean,20 dB (default all three),
// BENCH_ASR_WORKERS (parallel workers, default 3).
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { HELD_OUT, TUNE } from './hearing-corpus.mjs';
import { buildClips, FAMILIES, NOISES } from './hearing/clips.mjs';

const root = path.join(import.meta.dirname, '..');
const speechDir = path.join(root, 'apps/api/src/voice/speech');
const started = performance.now();
const SPLITS = process.env.BENCH_ASR_SPLIT ? [process.env.BENCH_ASR_SPLIT] : ['tune', 'held-out'];
const NOISE_SET = process.env.BENCH_ASR_NOISE ? process.env.BENCH_ASR_NOISE.split(',') : NOISES;
const WORKERS = Number(process.env.BENCH_ASR_WORKERS ?? 3);

// ---- the speech modules, bundled from source -------------------------------------------------
const cache = path.join(root, 'node_modules/.cache/fieldcraft-bench');
mkdirSync(cache, { recursive: true });
const outfile = path.join(cache, 'asr-lib.mjs');
await build({
  stdin: {
    contents: `
      export * from './audio-format';
      export * from './language-model';
      export * from './recognizer';
      export * from './detect';
      export { MIN_CONFIDENCE, DEFAULT_MODEL_DIR } from './index';
      export { extractFile } from '../../lib/text-extraction';
      export { denoise, floorWithin, prepareForRecognition, withFloor } from './denoise';
      export { judgeHearing, SURE_CONFIDENCE, CONFIRM_BELOW_SNR_DB } from '../runtime/hearing';
    `,
    resolveDir: speechDir,
    loader: 'ts',
  },
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  tsconfig: path.join(root, 'apps/api/tsconfig.json'),
  logLevel: 'silent',
});
const lib = await import(pathToFileURL(outfile).href);

console.log('\n== hearing: speech recognition (bench/asr.mjs) ==');
const python = lib.findProgram(process.env.SPEECH_PYTHON || '/usr/bin/python3');
const modelDir = lib.DEFAULT_MODEL_DIR;
if (
  !lib.findProgram('flite') ||
  !lib.findProgram('espeak-ng') ||
  !lib.findProgram('sox') ||
  !python ||
  !existsSync(path.join(modelDir, 'en-us.lm.bin'))
) {
  console.log('skipped: flite, espeak-ng, sox and pocketsphinx are needed');
} else {
  await runBench();
}

function editDistance(a, b) {
  const d = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      d[i][j] = Math.min(
        d[i - 1][j] + 1,
        d[i][j - 1] + 1,
        d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
  }
  return d[a.length][b.length];
}

async function demoAndCorpusText() {
  const demoDir = path.join(root, 'apps/api/src/bootstrap/demo-files');
  const texts = [];
  for (const file of readdirSync(demoDir)) {
    const ext = file.split('.').pop();
    if (!['pdf', 'docx', 'txt'].includes(ext)) continue;
    const passages = await lib.extractFile(path.join(demoDir, file), ext);
    texts.push(...passages.map((p) => p.text));
  }
  const corpusDir = path.join(speechDir, 'corpus');
  const corpus = readdirSync(corpusDir)
    .filter((f) => f.endsWith('.txt'))
    .map((f) => ({ file: f, text: readFileSync(path.join(corpusDir, f), 'utf8') }));
  return { demo: texts, corpus };
}

/**
 * The configurations compared on the same clips: today's engine (pocketsphinx's carried-over
 * noise estimate and dither, a narrowed search, the model from the library and the
 * construction-safety corpus only, mixed half and half with the stock model) and the current
 * one (state reset per utterance, the default search, the crew-talk corpora, the library's
 * model at 0.85, RNNoise on utterances estimated under 30 dB SNR). 'rnnoise' is the current
 * one with RNNoise on every utterance. BENCH_ASR_CONFIGS picks them (default today,current).
 */
function configurations({ demo, corpus }) {
  const oldCorpus = corpus.filter((c) => c.file < '07').map((c) => c.text);
  const all = [
    {
      name: 'today',
      texts: [...demo, ...oldCorpus],
      worker: { profile: 'legacy' },
      lm: { domainWeight: 0.5 },
    },
    {
      name: 'current',
      texts: [...demo, ...corpus.map((c) => c.text)],
      worker: {},
      prepare: (audio) => lib.prepareForRecognition(audio),
    },
    {
      name: 'rnnoise',
      texts: [...demo, ...corpus.map((c) => c.text)],
      worker: {},
      prepare: (audio) => lib.denoise(audio),
    },
  ];
  // An experiment on the tune half: BENCH_ASR_VARIANT='{"lm":{"domainWeight":0.7},
  // "decoder":{"-lw":8.0},"rnnoise":true}' runs as the configuration 'variant'.
  if (process.env.BENCH_ASR_VARIANT) {
    const v = JSON.parse(process.env.BENCH_ASR_VARIANT);
    all.push({
      name: 'variant',
      texts: [...demo, ...corpus.map((c) => c.text)],
      worker: {},
      lm: v.lm,
      decoder: v.decoder,
      prepare: async (audio) => {
        const input = v.rnnoise ? await lib.denoise(audio) : audio;
        if (v.range) return lib.floorWithin(input, v.range);
        return v.floor ? lib.withFloor(input, v.floor) : input;
      },
    });
  }
  const pick = process.env.BENCH_ASR_CONFIGS?.split(',') ?? ['today', 'current'];
  return all.filter((c) => pick.includes(c.name));
}

async function runBench() {
  const dictionary = await lib.loadDictionaryWords(path.join(modelDir, 'cmudict-en-us.dict'));
  const normalise = (t) => lib.tokenize(t, dictionary).flat();
  const texts = await demoAndCorpusText();
  const configs = configurations(texts);

  // No question may be in any model's text, not even a 5-word stretch of one.
  for (const config of configs) {
    const lmWords = config.texts.flatMap((t) =>
      lib.tokenize(t, dictionary).map((run) => run.join(' ')),
    );
    const lmText = ` ${lmWords.join(' | ')} `;
    for (const q of [...TUNE, ...HELD_OUT]) {
      const w = normalise(q);
      for (let i = 0; i + 5 <= w.length; i++) {
        const gram = ` ${w.slice(i, i + 5).join(' ')} `;
        if (lmText.includes(gram))
          throw new Error(`question overlaps the ${config.name} LM text: "${gram.trim()}" (${q})`);
      }
    }
  }
  const clips = buildClips({ splits: SPLITS, noises: NOISE_SET });
  const audioSec = clips.reduce((n, c) => n + c.audio.length / 16000, 0);
  console.log(
    `${TUNE.length} tune + ${HELD_OUT.length} held-out questions (none shares a 5-word stretch ` +
      `with any model's text); ${clips.length} clips, ${audioSec.toFixed(0)} s of audio per configuration; ` +
      `${WORKERS} workers; load average ${(await import('node:os')).loadavg()[0].toFixed(1)} at start`,
  );

  const log = { info: () => undefined, warn: (o, m) => console.warn(m, o) };
  const script = path.join(speechDir, 'asr-worker.py');
  const results = {};
  for (const config of configs) {
    process.env.FC_ASR_DECODER = JSON.stringify(config.decoder ?? {});
    const workers = Array.from(
      { length: WORKERS },
      () =>
        new lib.RecognizerWorker({
          python,
          script,
          modelDir,
          log,
          requestTimeoutMs: 900_000,
          ...config.worker,
        }),
    );
    await Promise.all(workers.map((w) => w.start()));
    const model = await lib.buildLanguageModel(
      config.texts,
      dictionary,
      (n) => workers[0].stockLogProbs(n),
      config.lm,
    );
    const lmFile = path.join(await mkdtemp(path.join(tmpdir(), 'fc-asr-bench-')), 'library.lm');
    await writeFile(lmFile, model.arpa);
    await Promise.all(workers.map((w) => w.useLanguageModel(lmFile)));
    const rows = new Array(clips.length);
    let next = 0;
    let cpu = 0;
    const t0 = performance.now();
    await Promise.all(
      workers.map(async (w) => {
        while (next < clips.length) {
          const i = next++;
          const clip = clips[i];
          const prepared = config.prepare ? await config.prepare(clip.audio) : clip.audio;
          const input = prepared instanceof Int16Array ? prepared : prepared.samples;
          const r = await w.recognize(input);
          cpu += r.cpuMs;
          rows[i] = { ...clip, text: r.text, confidence: r.confidence, snrDb: prepared.snrDb };
        }
      }),
    );
    // The same audio in another order (and after other utterances) must give the same words:
    // the clean clips of the first half on one worker, in order and then in reverse. Apart
    // from that, how many of them another worker process heard differently (the pass above
    // spread them over all workers).
    const again = clips.filter((c) => c.noise === 'clean' && c.split === SPLITS[0]);
    const onWorker0 = async (list) => {
      const heard = new Map();
      for (const c of list) {
        const prepared = config.prepare ? await config.prepare(c.audio) : c.audio;
        const r = await workers[0].recognize(
          prepared instanceof Int16Array ? prepared : prepared.samples,
        );
        heard.set(c, r.text);
      }
      return heard;
    };
    const forward = await onWorker0(again);
    const reversed = await onWorker0([...again].reverse());
    const changed = again.filter((c) => forward.get(c) !== reversed.get(c)).length;
    const otherWorker = again.filter((c) => rows[clips.indexOf(c)].text !== forward.get(c)).length;
    await Promise.all(workers.map((w) => w.close()));
    results[config.name] = {
      rows,
      cpuRtf: cpu / 1000 / audioSec,
      wallSec: (performance.now() - t0) / 1000,
      changed,
      otherWorker,
      reorderedCount: again.length,
      model,
    };
  }

  // BENCH_ASR_DUMP=file.json keeps every transcript, to see what went wrong where.
  if (process.env.BENCH_ASR_DUMP) {
    const dump = Object.fromEntries(
      Object.entries(results).map(([name, r]) => [
        name,
        r.rows.map(({ audio: _audio, ...row }) => row),
      ]),
    );
    await writeFile(process.env.BENCH_ASR_DUMP, JSON.stringify(dump, null, 1));
  }

  function score(rows) {
    let errors = 0;
    let refWords = 0;
    for (const r of rows) {
      const ref = normalise(r.q);
      errors += editDistance(ref, r.text.split(/\s+/).filter(Boolean));
      refWords += ref.length;
    }
    return refWords ? errors / refWords : NaN;
  }
  const pct = (x) => (Number.isNaN(x) ? '    -  ' : `${(x * 100).toFixed(1)}%`.padStart(7));
  const names = configs.map((c) => c.name);
  console.log(
    `\nword error rate; columns: ${names.map((n) => `${n} tune / held-out`).join(' | ')}`,
  );
  for (const family of [...FAMILIES, 'all']) {
    for (const noise of NOISE_SET) {
      const cells = names.map((name) => {
        const pick = (split) =>
          results[name].rows.filter(
            (r) =>
              (family === 'all' || r.family === family) && r.noise === noise && r.split === split,
          );
        return `${pct(score(pick('tune')))} / ${pct(score(pick('held-out')))}`;
      });
      console.log(`${family.padEnd(10)} ${noise.padEnd(6)} | ${cells.join(' | ')}`);
    }
  }
  for (const name of names) {
    const r = results[name];
    console.log(
      `${name}: model ${r.model.vocabulary} words / ${r.model.bigrams} bigrams / ${r.model.trigrams} trigrams ` +
        `(library text ${r.model.domainWords} words); recognition CPU ${r.cpuRtf.toFixed(2)} × real time, ` +
        `wall ${r.wallSec.toFixed(0)} s; same audio in reverse order on one worker: ${r.changed} of ${r.reorderedCount} transcripts changed; on another worker process: ${r.otherWorker} differ`,
    );
  }

  // What the runtime does with each utterance (runtime/hearing.ts judgeHearing): "say it
  // again", "is that right?", or an answer when the library has one (the retrieval half is not
  // run here). Garbled: more than half of the words wrong.
  console.log(
    `\nwhat each utterance would get (judgeHearing: MIN_CONFIDENCE ${lib.MIN_CONFIDENCE}, ` +
      `SURE ${lib.SURE_CONFIDENCE}, confirm under ${lib.CONFIRM_BELOW_SNR_DB} dB SNR): ` +
      'say again / is that right? / answered if the library has it (of which garbled)',
  );
  for (const name of names) {
    for (const noise of NOISE_SET) {
      const rows = results[name].rows.filter((r) => r.noise === noise);
      const judged = rows.map((r) => lib.judgeHearing(r));
      const again = judged.filter((j) => j === 'again').length;
      const sure = rows.filter((_, i) => judged[i] === 'answer');
      const garbled = sure.filter((r) => score([r]) > 0.5).length;
      console.log(
        `${name.padEnd(7)} ${noise.padEnd(6)} | ${again} / ${rows.length - again - sure.length} / ` +
          `${sure.length} (${garbled} garbled) of ${rows.length}`,
      );
    }
  }
  console.log(`asr bench took ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

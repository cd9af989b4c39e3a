// Over 300 lines: the benchmark's corpus, noise generator, runner and report in one script that
// runs alone with `node`.
// Speech-recognition accuracy and speed: 30 construction questions written for this
// benchmark, spoken by flite (slt) and espeak-ng (en-us), clean and mixed with generated site
// noise (brown noise + hammer impacts + engine hum, seeded) at 20 dB and 10 dB SNR, recognised
// by the real pocketsphinx worker with the stock en-us model and with the library-built model
// (demo documents + the shipped construction-safety corpus). Prints word error rate and the
// recall of construction terms, the recognizer's real-time factor, flite's latency and the
// confidence threshold's calibration. The questions are checked to be absent from the text the
// library model is built from.
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = path.join(import.meta.dirname, '..');
const speechDir = path.join(root, 'apps/api/src/voice/speech');
const started = performance.now();

const QUESTIONS = [
  'How far back should the spoil pile sit from the edge of the trench?',
  'When do we need a trench box instead of sloping the walls?',
  'Who signs off on the scaffold inspection each morning?',
  'What does a red tag on the scaffold mean?',
  'How tight should the leg straps on my harness be?',
  'Can I tie my lanyard off to the handrail on the stairs?',
  'What do I do if my harness caught a fall yesterday?',
  'How many feet above the roof should the ladder rails stick out?',
  'Is a permit needed before welding near the fuel tanks?',
  'How long does the fire watch stay after cutting is done?',
  'What gas do we test for first before going into a manhole?',
  'Who stays outside while the crew works inside the tank?',
  'Which gloves protect my hands from wet concrete?',
  'When can the crew strip the forms on the second floor slab?',
  'Where should the pump truck outriggers be placed?',
  'What should I check on a wire rope sling before a lift?',
  'How close can the crane boom get to the power line?',
  'Who is allowed to give hand signals to the crane operator?',
  'What happens to sling capacity when the angle gets flatter?',
  'Should the operator stop lifting when the wind picks up?',
  'How do I test the ground fault interrupter on my extension cord?',
  'Who removes my lock at the end of the lockout?',
  'Do I need hearing protection next to the jackhammer?',
  'When must a hard hat be thrown away?',
  'How much water should I drink on a hot afternoon?',
  'What are the warning signs of heat stroke?',
  'Where is the emergency assembly point on the site plan?',
  'Who do I report a near miss to before the shift ends?',
  'What should I do if I find old pipe insulation that might be asbestos?',
  'How do we keep silica dust down when cutting concrete block?',
];

// Words whose recognition matters most on site (recall is counted over these).
const TERMS = new Set(
  `spoil pile edge trench box sloping walls scaffold inspection red tag leg straps harness lanyard
  handrail stairs fall ladder rails roof permit welding fuel tanks fire watch cutting gas manhole
  crew tank gloves wet concrete strip forms slab pump truck outriggers wire rope sling lift crane
  boom power line hand signals operator capacity angle wind ground fault interrupter extension
  cord lock lockout hearing protection jackhammer hard hat water heat stroke emergency assembly
  point site plan near miss shift pipe insulation asbestos silica dust block`.split(/\s+/),
);

// ---- the speech modules, bundled from source -------------------------------------------------
const cache = path.join(root, 'node_modules/.cache/fieldcraft-bench');
mkdirSync(cache, { recursive: true });
const outfile = path.join(cache, 'asr-lib.mjs');
await build({
  stdin: {
    contents: `
      export * from './audio-format';
      export * from './language-model';
      export * from './synthesizer';
      export * from './recognizer';
      export * from './detect';
      export { MIN_CONFIDENCE, DEFAULT_MODEL_DIR } from './index';
      export * from './test-signals';
      export { extractFile } from '../../lib/text-extraction';
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

console.log('\n== speech recognition (bench/asr.mjs) ==');
const flite = lib.findProgram('flite');
const espeak = lib.findProgram('espeak-ng');
const python = lib.findProgram(process.env.SPEECH_PYTHON || '/usr/bin/python3');
const modelDir = lib.DEFAULT_MODEL_DIR;
if (!flite || !espeak || !python || !existsSync(path.join(modelDir, 'en-us.lm.bin'))) {
  console.log(
    'skipped: flite, espeak-ng and pocketsphinx are needed (node tools/ensure-speech.mjs)',
  );
} else {
  await runBench();
}

async function runBench() {
  // ---- the library model's text: demo documents + the construction corpus -----------------
  const demoDir = path.join(root, 'apps/api/src/bootstrap/demo-files');
  const texts = [];
  for (const file of readdirSync(demoDir)) {
    const ext = file.split('.').pop();
    if (!['pdf', 'docx', 'txt'].includes(ext)) continue;
    const passages = await lib.extractFile(path.join(demoDir, file), ext);
    texts.push(...passages.map((p) => p.text));
  }
  const corpusDir = path.join(speechDir, 'corpus');
  for (const file of readdirSync(corpusDir).filter((f) => f.endsWith('.txt'))) {
    texts.push(readFileSync(path.join(corpusDir, file), 'utf8'));
  }
  const dictionary = await lib.loadDictionaryWords(path.join(modelDir, 'cmudict-en-us.dict'));
  const normalise = (t) => lib.tokenize(t, dictionary).flat();
  const lmWords = texts.flatMap((t) => lib.tokenize(t, dictionary).map((run) => run.join(' ')));
  const lmText = ` ${lmWords.join(' | ')} `;
  // The questions must not be in the model's text, not even a 5-word stretch of one.
  for (const q of QUESTIONS) {
    const w = normalise(q);
    for (let i = 0; i + 5 <= w.length; i++) {
      const gram = ` ${w.slice(i, i + 5).join(' ')} `;
      if (lmText.includes(gram))
        throw new Error(`question overlaps the LM text: "${gram.trim()}" (${q})`);
    }
  }
  const corpusWords = lmWords.join(' ').split(' ').length;
  console.log(
    `${QUESTIONS.length} questions (none in the model's text: no shared 5-word stretch), ` +
      `library model text ${corpusWords} words (demo documents + corpus)`,
  );

  // ---- workers: one on the stock model, one on the library model ---------------------------
  const log = { info: () => undefined, warn: (o, m) => console.warn(m, o) };
  const script = path.join(speechDir, 'asr-worker.py');
  const stock = new lib.RecognizerWorker({ python, script, modelDir, log });
  const library = new lib.RecognizerWorker({ python, script, modelDir, log });
  await Promise.all([stock.start(), library.start()]);
  const lmStart = performance.now();
  const model = await lib.buildLanguageModel(texts, dictionary, (n) => library.stockLogProbs(n));
  const lmFile = path.join(await mkdtemp(path.join(tmpdir(), 'fc-asr-bench-')), 'library.lm');
  const { writeFile } = await import('node:fs/promises');
  await writeFile(lmFile, model.arpa);
  await library.useLanguageModel(lmFile);
  console.log(
    `library model: ${model.vocabulary} words, ${model.bigrams} bigrams, ${model.trigrams} trigrams, ` +
      `built + loaded in ${((performance.now() - lmStart) / 1000).toFixed(1)} s`,
  );

  // ---- speech ---------------------------------------------------------------------------------
  const tts = new lib.ProgramSynthesizer({ flite, espeak });
  const latencies = [];
  const voices = {
    flite: async (text) => {
      const t = performance.now();
      const a = await tts.synthesize({ text, language: 'en', voice: 'slt' });
      latencies.push(performance.now() - t);
      return lib.resample(a.samples, a.sampleRate, 16000);
    },
    'espeak-ng': async (text) => {
      const a = await new lib.ProgramSynthesizer({ flite: null, espeak }).synthesize({
        text,
        language: 'en-us',
        voice: null,
      });
      return lib.resample(a.samples, a.sampleRate, 16000);
    },
  };

  // Site noise: brown noise + hammer impacts + a 90 Hz engine hum with harmonics (seeded).
  function siteNoise(n, seed) {
    const random = lib.seededRandom(seed);
    const out = new Float64Array(n);
    let brown = 0;
    for (let i = 0; i < n; i++) {
      brown = 0.995 * brown + (random() * 2 - 1) * 0.1;
      const t = i / 16000;
      const hum =
        0.5 * Math.sin(2 * Math.PI * 90 * t) +
        0.25 * Math.sin(2 * Math.PI * 180 * t + 1) +
        0.12 * Math.sin(2 * Math.PI * 270 * t + 2);
      out[i] = brown * 2 + hum * (0.8 + 0.2 * Math.sin(2 * Math.PI * 0.7 * t));
    }
    // Impacts: a decaying noisy ring every 0.4–1.2 s.
    for (let at = Math.floor(random() * 8000); at < n; at += 6400 + Math.floor(random() * 12800)) {
      const freq = 800 + random() * 2500;
      for (let k = 0; k < 2400 && at + k < n; k++) {
        const env = Math.exp(-k / 300) * 6;
        out[at + k] += env * (Math.sin((2 * Math.PI * freq * k) / 16000) + (random() - 0.5));
      }
    }
    return out;
  }
  function mix(speech, snrDb, seed) {
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

  const pad = lib.silence(200);
  const clips = [];
  for (const [voice, speak] of Object.entries(voices)) {
    for (const [qi, q] of QUESTIONS.entries()) {
      const clean = lib.concat(pad, await speak(q), pad);
      clips.push({ voice, noise: 'clean', q, audio: clean });
      clips.push({ voice, noise: '20 dB', q, audio: mix(clean, 20, qi * 7 + 1) });
      clips.push({ voice, noise: '10 dB', q, audio: mix(clean, 10, qi * 7 + 2) });
    }
  }
  // Noise alone (no question) for the confidence threshold.
  const blanks = Array.from({ length: 10 }, (_, i) =>
    i < 2 ? lib.silence(2500) : mix(lib.whiteNoise(40000, 1000, i), 0, 100 + i),
  );

  // ---- recognition ----------------------------------------------------------------------------
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
  async function runAll(worker) {
    const rows = [];
    let audioSec = 0;
    let busy = 0;
    let cpu = 0;
    for (const clip of clips) {
      const t = performance.now();
      const r = await worker.recognize(clip.audio);
      busy += performance.now() - t;
      cpu += r.cpuMs;
      audioSec += clip.audio.length / 16000;
      rows.push({ ...clip, text: r.text, confidence: r.confidence });
    }
    const blankRows = [];
    for (const b of blanks) blankRows.push(await worker.recognize(b));
    return {
      rows,
      blankRows,
      rtf: busy / 1000 / audioSec,
      cpuRtf: cpu / 1000 / audioSec,
      audioSec,
    };
  }
  const [stockRun, libraryRun] = await Promise.all([runAll(stock), runAll(library)]);
  await Promise.all([stock.close(), library.close()]);

  function score(rows) {
    let errors = 0;
    let refWords = 0;
    let terms = 0;
    let termHits = 0;
    for (const r of rows) {
      const ref = normalise(r.q);
      const hyp = r.text.split(/\s+/).filter(Boolean);
      errors += editDistance(ref, hyp);
      refWords += ref.length;
      const heard = new Set(hyp);
      for (const w of ref) {
        if (!TERMS.has(w)) continue;
        terms++;
        if (heard.has(w)) termHits++;
      }
    }
    return { wer: errors / refWords, recall: termHits / terms };
  }
  const pct = (x) => `${(x * 100).toFixed(1)}%`.padStart(7);
  console.log('\nword error rate (WER) and construction-term recall, 30 questions per cell:');
  console.log('voice      noise  | stock WER  recall | library WER  recall');
  for (const voice of Object.keys(voices)) {
    for (const noise of ['clean', '20 dB', '10 dB']) {
      const pick = (run) => run.rows.filter((r) => r.voice === voice && r.noise === noise);
      const s = score(pick(stockRun));
      const l = score(pick(libraryRun));
      console.log(
        `${voice.padEnd(10)} ${noise.padEnd(6)} | ${pct(s.wer)}  ${pct(s.recall)} | ${pct(l.wer)}  ${pct(l.recall)}`,
      );
    }
  }
  const all = (run) => score(run.rows);
  console.log(
    `${'all'.padEnd(17)} | ${pct(all(stockRun).wer)}  ${pct(all(stockRun).recall)} | ${pct(all(libraryRun).wer)}  ${pct(all(libraryRun).recall)}`,
  );

  // ---- confidence threshold ---------------------------------------------------------------
  const threshold = lib.MIN_CONFIDENCE;
  console.log('\nconfidence threshold sweep (library model): accepted share / WER of the accepted');
  console.log(
    'threshold | clean          | 20 dB          | 10 dB          | noise-only clips accepted',
  );
  for (const t of [0.2, 0.3, 0.4, 0.45, 0.5, 0.6]) {
    const cell = (noise) => {
      const rows = libraryRun.rows.filter((r) => r.noise === noise);
      const acc = rows.filter((r) => r.text !== '' && r.confidence >= t);
      return `${pct(acc.length / rows.length)} / ${acc.length ? pct(score(acc).wer) : '    -  '}`;
    };
    const blanksIn = libraryRun.blankRows.filter((r) => r.text !== '' && r.confidence >= t).length;
    console.log(
      `${t.toFixed(2).padEnd(9)} | ${cell('clean')} | ${cell('20 dB')} | ${cell('10 dB')} | ${blanksIn}/${libraryRun.blankRows.length}${t === threshold ? '   <- MIN_CONFIDENCE' : ''}`,
    );
  }
  for (const [name, run] of [
    ['stock', stockRun],
    ['library', libraryRun],
  ]) {
    const cleanRows = run.rows.filter((r) => r.noise === 'clean');
    const accepted = (rows) => rows.filter((r) => r.text !== '' && r.confidence >= threshold);
    const blankAccepted = run.blankRows.filter((r) => r.text !== '' && r.confidence >= threshold);
    const acc = accepted(run.rows);
    console.log(
      `${name} model, MIN_CONFIDENCE ${threshold}: clean questions accepted ${accepted(cleanRows).length}/${cleanRows.length}, ` +
        `10 dB accepted ${accepted(run.rows.filter((r) => r.noise === '10 dB')).length}/${cleanRows.length}, ` +
        `noise/blank clips accepted ${blankAccepted.length}/${run.blankRows.length} ` +
        `(confidences ${run.blankRows.map((r) => r.confidence.toFixed(2)).join(' ')}); ` +
        `WER of what was accepted ${pct(score(acc).wer).trim()}`,
    );
  }

  // ---- speed --------------------------------------------------------------------------------
  const sorted = [...latencies].sort((a, b) => a - b);
  const p = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))].toFixed(0);
  console.log(
    `\nflite synthesis of one question (whole sentence, process per call): p50 ${p(0.5)} ms, p95 ${p(0.95)} ms`,
  );
  console.log(
    `recognition real-time factor, worker CPU time / audio time (${stockRun.audioSec.toFixed(0)} s of audio each): ` +
      `stock ${stockRun.cpuRtf.toFixed(2)}, library ${libraryRun.cpuRtf.toFixed(2)}; ` +
      `wall-clock (two workers side by side, includes machine load): stock ${stockRun.rtf.toFixed(2)}, library ${libraryRun.rtf.toFixed(2)}`,
  );
  console.log(`asr bench took ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { speechAssetPath } from './assets';
import { detectSpeechPrograms, type SpeechProgramsConfig } from './detect';
import { buildLanguageModel, loadDictionaryWords } from './language-model';
import { PreparationThreads } from './preparation-threads';
import { type RecognizerWorker, type SpeechLog } from './recognizer';
import { defaultRecognizerCount, PocketsphinxRecognizer, RecognizerPool } from './recognizer-pool';
import type { SpeechEngines } from './speech.types';
import { ProgramSynthesizer } from './synthesizer';

export type { SpeechEngines } from './speech.types';

/**
 * Recognition results under this confidence are "say it again": the runtime never passes them
 * to the advisor. The confidence is the mean word posterior of pocketsphinx's best path.
 * Calibrated on bench/asr.mjs (library model): blank audio and site noise alone give '' (0);
 * at 0.4, 77% of clean questions pass (their WER 43% against 53% for all) and most badly
 * garbled results are held back (at 10 dB SNR only 43% pass). See docs/voice-speech.md.
 */
export const MIN_CONFIDENCE = 0.4;

export const DEFAULT_MODEL_DIR = '/usr/share/pocketsphinx/model/en-us';

export interface SpeechOptions extends SpeechProgramsConfig {
  /** Where built language models are kept. */
  dataDir: string;
  log: SpeechLog;
  /** Active library text for the language model. */
  loadLibraryText: () => Promise<string[]>;
  /** Load the recognizer and build the library model right away (else at first use). */
  preload: boolean;
  /** Debounce of scheduleLanguageModelRebuild. Default 2 s. */
  rebuildDelayMs?: number;
  /** Add the shipped construction-safety corpus to the library's text. Default true. */
  includeCorpus?: boolean;
  /** Recognition workers (people heard at the same time). Default: defaultRecognizerCount(). */
  recognizers?: number;
}

/** The construction-safety text shipped with the server (corpus/*.txt). */
export async function readConstructionCorpus(): Promise<string[]> {
  const dir = speechAssetPath('corpus');
  const files = (await readdir(dir)).filter((f) => f.endsWith('.txt')).sort();
  return Promise.all(files.map((f) => readFile(path.join(dir, f), 'utf8')));
}

/** Speech engines with nothing available (SPEECH_ENGINES=off, or nothing installed). */
export function nullSpeechEngines(missing: string[]): SpeechEngines {
  return {
    synthesizer: null,
    recognizer: null,
    missing,
    scheduleLanguageModelRebuild: () => undefined,
    close: async () => undefined,
  };
}

export interface LanguageModelStatus {
  /** 'stock' until a library model is in use. */
  current: 'stock' | 'library';
  builds: number;
  lastError: string | null;
  lastPath: string | null;
}

/** The engines plus what tests and the log look at. */
export interface LocalSpeechEngines extends SpeechEngines {
  /** The first worker of the pool (tests look at its process). */
  worker: RecognizerWorker | null;
  pool: RecognizerPool | null;
  languageModel: LanguageModelStatus;
  /** Builds the library model now (what the debounced rebuild runs); resolves when in use. */
  rebuildLanguageModel(): Promise<void>;
}

export async function createSpeechEngines(options: SpeechOptions): Promise<LocalSpeechEngines> {
  const detected = await detectSpeechPrograms(options);
  const { log } = options;
  const synthesizer =
    detected.flite || detected.espeak
      ? new ProgramSynthesizer({ flite: detected.flite, espeak: detected.espeak })
      : null;
  const worker = detected.python
    ? new RecognizerPool(
        {
          python: detected.python,
          script: speechAssetPath('asr-worker.py'),
          modelDir: options.modelDir,
          log,
        },
        // Tests create many engines: one worker each unless a test asks for more.
        options.recognizers ?? (process.env.NODE_ENV === 'test' ? 1 : defaultRecognizerCount()),
      )
    : null;
  // One preparation thread per recognition worker: the people decoded side by side are
  // prepared side by side too.
  const threads = worker ? new PreparationThreads(worker.size) : null;
  const recognizer =
    worker && threads
      ? new PocketsphinxRecognizer(worker, (samples, signal) =>
          threads.prepare(samples, signal).catch((err: unknown) => {
            if (!signal?.aborted) {
              log.warn({ err: (err as Error).message }, 'speech: preparing on the event loop');
            }
            throw err;
          }),
        )
      : null;

  const status: LanguageModelStatus = {
    current: 'stock',
    builds: 0,
    lastError: null,
    lastPath: null,
  };
  const lmDir = path.join(options.dataDir, 'speech');
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  let closed = false;

  async function build(): Promise<void> {
    if (!worker) return;
    const started = Date.now();
    try {
      const texts = await options.loadLibraryText();
      if (options.includeCorpus !== false) texts.push(...(await readConstructionCorpus()));
      const digest = createHash('sha256').update(texts.join('\u0000')).digest('hex').slice(0, 16);
      const file = path.join(lmDir, `library-${digest}.lm`);
      if (status.lastPath !== file) {
        if (!existsSync(file)) {
          const dictionary = await loadDictionaryWords(
            path.join(options.modelDir, 'cmudict-en-us.dict'),
          );
          const model = await buildLanguageModel(texts, dictionary, (ngrams) =>
            worker.stockLogProbs(ngrams),
          );
          await mkdir(lmDir, { recursive: true });
          const tmp = `${file}.${process.pid}.tmp`;
          await writeFile(tmp, model.arpa);
          await rename(tmp, file);
          log.info(
            {
              path: file,
              vocabulary: model.vocabulary,
              bigrams: model.bigrams,
              trigrams: model.trigrams,
              libraryWords: model.domainWords,
              ms: Date.now() - started,
            },
            'speech: library language model built',
          );
        }
        await worker.useLanguageModel(file);
        const previous = status.lastPath;
        status.lastPath = file;
        if (previous && previous !== file) await rm(previous, { force: true });
      }
      status.current = 'library';
      status.builds++;
      status.lastError = null;
    } catch (err) {
      status.lastError = err instanceof Error ? err.message : String(err);
      log.warn(
        { err: status.lastError },
        `speech: building the library language model failed; recognition keeps the ${status.current} model`,
      );
    }
  }

  function rebuildLanguageModel(): Promise<void> {
    if (!worker || closed) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = build().finally(() => {
      running = null;
      if (again && !closed) {
        again = false;
        void rebuildLanguageModel();
      }
    });
    return running;
  }

  const engines: LocalSpeechEngines = {
    synthesizer,
    recognizer,
    missing: detected.missing,
    worker: worker?.workers[0] ?? null,
    pool: worker,
    languageModel: status,
    rebuildLanguageModel,
    scheduleLanguageModelRebuild() {
      if (!worker || closed) return;
      // A recognizer nobody has used yet builds its model at first use (with the text as it
      // is then); no need to start the worker for every content change of a text-only server.
      if (worker.startCount === 0) return;
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => {
        timer = null;
        void rebuildLanguageModel();
      }, options.rebuildDelayMs ?? 2000);
      timer.unref();
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await running?.catch(() => undefined);
      await Promise.all([worker?.close(), threads?.close()]);
    },
  };

  if (recognizer && worker) {
    const firstUse = recognizer.recognize.bind(recognizer);
    let built = false;
    // Without preloading, the first utterance starts the worker and the library model build.
    recognizer.recognize = (samples, signal) => {
      if (!built) {
        built = true;
        void rebuildLanguageModel();
      }
      return firstUse(samples, signal);
    };
    if (options.preload) {
      built = true;
      threads?.warm();
      void worker
        .start()
        .then(() => rebuildLanguageModel())
        .catch((err: unknown) =>
          log.warn({ err: (err as Error).message }, 'speech: the recognizer did not start'),
        );
    }
  }
  return engines;
}

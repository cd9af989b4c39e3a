import { availableParallelism } from 'node:os';
import { prepareForRecognition } from './denoise';
import type { Prepared } from './preparation-threads';
import { RecognizerWorker, type WorkerOptions } from './recognizer';
import type { RecognitionResult, SpeechRecognizer } from './speech.types';

// Several recognition workers, so people speaking at the same moment are decoded side by side
// instead of queueing behind one decoder. Each worker is a python process with its own models
// (about 60 MB); an utterance goes to the worker with the fewest utterances in hand.

/**
 * Workers by default: one per core plus one, between 2 and 6. On a 2-core machine three people
 * speaking at once are then decoded together (each a little slower) rather than the third
 * waiting for a whole decode; measured in bench/voice.mjs (docs/voice-speech.md).
 */
export function defaultRecognizerCount(cores = availableParallelism()): number {
  return Math.max(2, Math.min(6, cores + 1));
}

export class RecognizerPool {
  readonly workers: RecognizerWorker[];

  constructor(options: WorkerOptions, size: number) {
    const n = Math.max(1, Math.floor(size));
    this.workers = Array.from({ length: n }, () => new RecognizerWorker(options));
  }

  get size(): number {
    return this.workers.length;
  }

  /** How many worker processes were started so far, restarts included. */
  get startCount(): number {
    return this.workers.reduce((n, w) => n + w.startCount, 0);
  }

  /** Starts every worker; resolves when all have their models loaded. */
  async start(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.start()));
  }

  recognize(samples: Int16Array, signal?: AbortSignal): ReturnType<RecognizerWorker['recognize']> {
    let best = this.workers[0] as RecognizerWorker;
    for (const w of this.workers) if (w.inFlight < best.inFlight) best = w;
    return best.recognize(samples, signal);
  }

  /** log10 probabilities of the stock model (one worker answers). */
  stockLogProbs(ngrams: string[][]): Promise<number[]> {
    return (this.workers[0] as RecognizerWorker).stockLogProbs(ngrams);
  }

  /** Every worker switches to the model (and keeps it across restarts). */
  async useLanguageModel(path: string | null): Promise<void> {
    await Promise.all(this.workers.map((w) => w.useLanguageModel(path)));
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.close()));
  }
}

/** Prepares an utterance for the recognizer; rejects with the signal's reason once aborted. */
export type Preparation = (samples: Int16Array, signal?: AbortSignal) => Promise<Prepared>;

/**
 * SpeechRecognizer over the pool: each utterance is prepared (`prepare`: by default on this
 * thread; the server uses PreparationThreads), then decoded by the least busy worker.
 */
export class PocketsphinxRecognizer implements SpeechRecognizer {
  readonly engine = 'pocketsphinx';
  constructor(
    readonly pool: RecognizerPool,
    private readonly prepare: Preparation = (samples) => prepareForRecognition(samples),
  ) {}

  async recognize(samples: Int16Array, signal?: AbortSignal): Promise<RecognitionResult> {
    signal?.throwIfAborted();
    if (samples.length === 0) return { text: '', confidence: 0 };
    const work = this.prepareOrHere(samples, signal).then(async (input) => {
      const { text, confidence } = await this.pool.recognize(input.samples, signal);
      return { text, confidence, snrDb: input.snrDb };
    });
    if (!signal) return work;
    // Work not yet started is dropped (above); a decode under way finishes (it is short) and
    // the caller stops waiting for it.
    return new Promise<RecognitionResult>((resolve, reject) => {
      const onAbort = () => reject(signal.reason as Error);
      signal.addEventListener('abort', onAbort, { once: true });
      work.then(
        (result) => {
          signal.removeEventListener('abort', onAbort);
          resolve(result);
        },
        (err: unknown) => {
          signal.removeEventListener('abort', onAbort);
          reject(err as Error);
        },
      );
    });
  }

  /** A preparation that fails for another reason than the signal is done on this thread. */
  private async prepareOrHere(samples: Int16Array, signal?: AbortSignal): Promise<Prepared> {
    try {
      return await this.prepare(samples, signal);
    } catch (err) {
      if (signal?.aborted) throw err;
      return prepareForRecognition(samples);
    }
  }
}

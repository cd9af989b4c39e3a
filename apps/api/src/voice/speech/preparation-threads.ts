import { Worker } from 'node:worker_threads';
import { threadEntry } from '../../lib/thread-entry';
import type { PreparationJob, PreparationReply } from './preparation.worker';
import { TurnLine } from './turn-line';

// Noise suppression and the noise floor (denoise.ts) in long-lived worker threads. RNNoise
// takes about 100 ms of CPU for a 3 s utterance: on the event loop, three people finishing a
// question at once were prepared one after the other, and every socket's audio waited behind
// them (docs/voice-speech.md, "Three speakers").

export interface Prepared {
  samples: Int16Array;
  snrDb: number;
}

/** One thread; utterances wait their turn in a TurnLine, so one given up never runs. */
class PreparationThread {
  readonly worker: Worker;
  private readonly line = new TurnLine();
  private current: {
    id: number;
    resolve: (prepared: Prepared) => void;
    reject: (err: Error) => void;
  } | null = null;
  private failure: Error | null = null;
  private nextId = 1;

  constructor(private readonly onGone: () => void) {
    const { entry, evaluate } = threadEntry(
      import.meta.url,
      'speech-preparation-worker.mjs',
      'preparation.worker.ts',
    );
    this.worker = new Worker(entry, { eval: evaluate });
    this.worker.unref();
    this.worker.on('message', (reply: PreparationReply | { ready: boolean }) => {
      if ('ready' in reply) return;
      const job = this.current;
      if (!job || job.id !== reply.id) return;
      this.current = null;
      this.worker.unref();
      if (reply.ok) job.resolve({ samples: reply.samples, snrDb: reply.snrDb });
      else job.reject(new Error(`Preparing the utterance failed: ${reply.message}`));
    });
    this.worker.on('error', (err) => this.fail(err));
    this.worker.on('exit', (code) => this.fail(new Error(`preparation thread exited (${code})`)));
  }

  get gone(): boolean {
    return this.failure !== null;
  }

  /** Utterances waiting or being prepared. */
  get load(): number {
    return this.line.pending;
  }

  prepare(samples: Int16Array, signal?: AbortSignal): Promise<Prepared> {
    return this.line.run(() => this.post(samples), signal);
  }

  private post(samples: Int16Array): Promise<Prepared> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise<Prepared>((resolve, reject) => {
      const id = this.nextId++;
      this.current = { id, resolve, reject };
      this.worker.ref(); // an utterance in flight keeps the process alive until answered
      const message: PreparationJob = { id, samples };
      this.worker.postMessage(message);
    });
  }

  private fail(err: Error): void {
    if (this.failure) return;
    this.failure = err;
    this.current?.reject(err);
    this.current = null;
    this.onGone();
  }
}

/**
 * `size` threads, started at first use (or by warm()), each preparing one utterance at a
 * time; an utterance goes to the thread with the fewest in hand. A thread that fails is
 * replaced at the next utterance.
 */
export class PreparationThreads {
  private readonly threads: (PreparationThread | null)[];
  private closed = false;

  constructor(size: number) {
    this.threads = Array.from({ length: Math.max(1, Math.floor(size)) }, () => null);
  }

  /** Threads alive now. */
  get alive(): number {
    return this.threads.filter((t) => t && !t.gone).length;
  }

  /** Starts every thread (they load RNNoise while nobody is speaking). */
  warm(): void {
    for (let i = 0; i < this.threads.length; i++) this.thread(i);
  }

  /**
   * The utterance as the recognizer should get it (denoise.ts, prepareForRecognition). Rejects
   * with the signal's reason when it is aborted before its turn.
   */
  prepare(samples: Int16Array, signal?: AbortSignal): Promise<Prepared> {
    if (this.closed) return Promise.reject(new Error('The preparation threads are closed'));
    if (signal?.aborted) return Promise.reject(signal.reason as Error);
    let best = 0;
    for (let i = 1; i < this.threads.length; i++) {
      if ((this.threads[i]?.load ?? 0) < (this.threads[best]?.load ?? 0)) best = i;
    }
    return this.thread(best).prepare(samples, signal);
  }

  async close(): Promise<void> {
    this.closed = true;
    const threads = this.threads.splice(0).filter((t): t is PreparationThread => t !== null);
    await Promise.all(threads.map((t) => t.worker.terminate()));
  }

  private thread(i: number): PreparationThread {
    const known = this.threads[i];
    if (known && !known.gone) return known;
    const thread: PreparationThread = new PreparationThread(() => {
      if (this.threads[i] === thread) this.threads[i] = null;
    });
    this.threads[i] = thread;
    return thread;
  }
}

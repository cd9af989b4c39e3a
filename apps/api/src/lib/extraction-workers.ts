import type { TextStatusReason } from '@fieldcraft/contracts';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Passage } from './text-extraction';
import { threadEntry } from './thread-entry';
import type { ExtractionJob, ExtractionReply, ExtractionStarted } from './text-extraction.worker';

/**
 * Text extraction (unpdf, mammoth) off the event loop: a 30 KB Word file of tiny
 * runs kept mammoth busy for 43 s on the main thread, every request waiting behind it, and a
 * 148 KB one took the process from 0.55 to 4.19 GB. Each file is now read by a worker thread
 * of its own, which is ended when it runs past a wall-clock limit or its own heap limit; the
 * API answers meanwhile, and the item records why its text is not (or only partly) searchable.
 * docs/operating.md ("Reading documents") has the numbers, docs/decisions.md the why.
 */

export interface TextExtractionLimits {
  /** Worker threads reading files at once. */
  concurrency: number;
  /** Files that may wait for a thread; past that a file is not read ('busy'). */
  queue: number;
  /**
   * Wall-clock time one file may take, from when its thread has loaded its code and starts
   * reading; then it is terminated. Loading the code is ours, not the file's, and on a busy
   * machine it alone could use up a short limit (it has its own, BOOT_LIMIT_MS).
   */
  timeoutMs: number;
  /** V8 old-generation heap of one thread (MB); past it the thread is ended. */
  maxHeapMb: number;
  /** Characters of one file's text that are kept (and searched); the rest is cut. */
  maxChars: number;
}

/** At most 2 threads (fewer on 1–2 CPUs), 30 s, 256 MB heap, 2,000,000 characters. */
export function defaultTextExtractionLimits(): TextExtractionLimits {
  const concurrency = Math.min(2, Math.max(1, availableParallelism() - 1));
  return {
    concurrency,
    queue: 32,
    timeoutMs: 30_000,
    maxHeapMb: 256,
    maxChars: 2_000_000,
  };
}

/** A thread that has not loaded its code by then is ended ('timeout'): something is wrong. */
const BOOT_LIMIT_MS = 60_000;

/** Niceness of reading threads (Linux): when a read and a request want the CPU, the request wins. */
export const EXTRACTION_THREAD_NICENESS = 10;

export type ExtractionFailure = Extract<
  TextStatusReason,
  'timeout' | 'memory' | 'unreadable' | 'busy' | 'interrupted'
>;

export type ExtractionOutcome =
  | { status: 'ok'; passages: Passage[] }
  | { status: 'partial'; passages: Passage[]; reason: 'too_long' }
  | { status: 'failed'; reason: ExtractionFailure; detail?: string };

const failed = (reason: ExtractionFailure, detail?: string): ExtractionOutcome => ({
  status: 'failed',
  reason,
  ...(detail !== undefined && { detail }),
});

/**
 * Reads files' text in worker threads: at most `concurrency` at once, a bounded queue behind
 * them, one new thread per file (a hostile file leaves nothing behind in a reused one), each
 * with a heap limit and a wall-clock limit. `extract` never throws: it resolves with the
 * passages or with why there are none.
 */
export class TextExtractor {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly workers = new Set<Worker>();
  private closed = false;

  constructor(readonly limits: TextExtractionLimits) {}

  /** Threads alive now. */
  get threads(): number {
    return this.workers.size;
  }

  /** Files waiting for a thread. */
  get queued(): number {
    return this.waiting.length;
  }

  async extract(filePath: string, ext: string): Promise<ExtractionOutcome> {
    if (this.closed) return failed('interrupted');
    if (!(await this.acquire())) return failed('busy');
    try {
      if (this.closed) return failed('interrupted');
      return await this.read(filePath, ext);
    } finally {
      this.release();
    }
  }

  /**
   * A Word file rendered to HTML (unsanitised) in a thread with the same limits as reading its
   * text: `passages[0].text` is the HTML.
   */
  async renderHtml(filePath: string): Promise<ExtractionOutcome> {
    if (this.closed) return failed('interrupted');
    if (!(await this.acquire())) return failed('busy');
    try {
      if (this.closed) return failed('interrupted');
      return await this.read(filePath, 'docx', 'html');
    } finally {
      this.release();
    }
  }

  /** Ends every thread now (their files resolve 'interrupted') and every waiting file. */
  async close(): Promise<void> {
    this.closed = true;
    for (const wake of this.waiting.splice(0)) wake();
    await Promise.all([...this.workers].map((w) => w.terminate()));
  }

  private async acquire(): Promise<boolean> {
    if (this.running < this.limits.concurrency) {
      this.running++;
      return true;
    }
    if (this.waiting.length >= this.limits.queue) return false;
    // release() hands its slot straight to the first waiting file.
    await new Promise<void>((resolve) => this.waiting.push(resolve));
    return true;
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.running--;
  }

  private read(
    filePath: string,
    ext: string,
    mode: 'text' | 'html' = 'text',
  ): Promise<ExtractionOutcome> {
    const { entry: code, evaluate } = threadEntry(
      import.meta.url,
      'text-extraction-worker.mjs',
      'text-extraction.worker.ts',
    );
    const job: ExtractionJob = {
      filePath,
      ext,
      mode,
      maxChars: this.limits.maxChars,
      niceness: EXTRACTION_THREAD_NICENESS,
    };
    return new Promise((resolve) => {
      const worker = new Worker(code, {
        eval: evaluate,
        workerData: job,
        resourceLimits: {
          maxOldGenerationSizeMb: this.limits.maxHeapMb,
          maxYoungGenerationSizeMb: Math.min(32, Math.max(4, this.limits.maxHeapMb / 8)),
        },
      });
      this.workers.add(worker);
      let settled = false;
      const finish = (outcome: ExtractionOutcome) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        // The slot is free once the thread is really gone (its heap with it).
        void worker.terminate().finally(() => {
          this.workers.delete(worker);
          resolve(outcome);
        });
      };
      let timer = setTimeout(() => finish(failed('timeout')), BOOT_LIMIT_MS);
      worker.on('message', (reply: ExtractionReply | ExtractionStarted) => {
        if ('started' in reply) {
          clearTimeout(timer);
          timer = setTimeout(() => finish(failed('timeout')), this.limits.timeoutMs);
        } else if (!reply.ok) finish(failed('unreadable', reply.message));
        else if (reply.truncated)
          finish({ status: 'partial', passages: reply.passages, reason: 'too_long' });
        else finish({ status: 'ok', passages: reply.passages });
      });
      worker.on('error', (err: Error & { code?: string }) => {
        if (err.code === 'ERR_WORKER_OUT_OF_MEMORY') finish(failed('memory', err.message));
        else finish(failed('unreadable', err.message));
      });
      worker.on('exit', (code) => {
        finish(failed(this.closed ? 'interrupted' : 'unreadable', `worker exited (${code})`));
      });
    });
  }
}

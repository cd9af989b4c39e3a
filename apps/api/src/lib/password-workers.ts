import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * argon2 in worker threads of their own that run at a lower OS priority than the event loop
 * (docs/benchmarks-load.md, "login storm"): when a hash and a read want the same CPU, the read
 * wins, and a hash only slows reads down by the CPU it takes while nothing else wants it.
 *
 * The worker's code is a string (eval), not a file: the API is bundled into one file
 * (tools/build-api.mjs), and a string needs nothing emitted beside it. It loads
 * @node-rs/argon2 by the path resolved here, so it finds the same package from the bundle,
 * from the sources and from any working directory.
 */

/** Niceness of hashing threads (Linux: 0 normal … 19 lowest). The event loop stays at 0. */
export const HASHING_THREAD_NICENESS = 10;

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { readlinkSync } = require('node:fs');
const { setPriority } = require('node:os');
const { hashSync, verifySync } = require(workerData.argon2Path);
// Linux: setpriority(2) takes a thread id, and /proc/thread-self names this thread.
// Elsewhere there is no portable per-thread call: the thread keeps the process's priority.
let niceness = null;
if (process.platform === 'linux') {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(tid) && tid > 0) {
      setPriority(tid, workerData.niceness);
      niceness = workerData.niceness;
    }
  } catch {
    // no /proc (or no permission): normal priority
  }
}
parentPort.postMessage({ ready: true, niceness });
parentPort.on('message', ({ id, op, args }) => {
  try {
    const value = op === 'hash' ? hashSync(args[0], args[1]) : verifySync(args[0], args[1]);
    parentPort.postMessage({ id, ok: true, value });
  } catch (err) {
    parentPort.postMessage({
      id,
      ok: false,
      error: { name: err && err.name, message: String((err && err.message) || err) },
    });
  }
});
`;

interface Job {
  id: number;
  resolve: (value: unknown) => void;
  reject: (err: Error) => void;
}

interface Reply {
  id: number;
  ok: boolean;
  value?: unknown;
  error?: { name?: string; message: string };
}

class HashingWorker {
  readonly worker: Worker;
  job: Job | null = null;
  /** Finish the current job, then exit (set by shutdown while busy). */
  retiring = false;
  exited = false;
  /** The niceness the thread gave itself, or null (not Linux, or refused). */
  readonly ready: Promise<number | null>;

  constructor(
    argon2Path: string,
    niceness: number,
    private readonly onGone: (w: HashingWorker) => void,
  ) {
    this.worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { argon2Path, niceness },
      // A hash and its own V8 heap: keep the thread's footprint small.
      resourceLimits: { maxOldGenerationSizeMb: 32, maxYoungGenerationSizeMb: 4 },
    });
    this.worker.unref(); // idle workers never keep the process alive
    this.ready = new Promise((resolve, reject) => {
      const onReady = (message: { ready?: boolean; niceness?: number | null }) => {
        if (message.ready) {
          this.worker.off('message', onReady);
          resolve(message.niceness ?? null);
        }
      };
      this.worker.on('message', onReady);
      this.worker.once('exit', () => reject(new Error('password hashing worker exited at start')));
    });
    this.ready.catch(() => undefined);
    this.worker.on('message', (message: Reply & { ready?: boolean }) => {
      if (message.ready) return;
      const job = this.job;
      if (!job || job.id !== message.id) return;
      this.job = null;
      this.worker.unref();
      if (message.ok) job.resolve(message.value);
      else {
        const err = new Error(message.error?.message ?? 'password hashing failed');
        if (message.error?.name) err.name = message.error.name;
        job.reject(err);
      }
      if (this.retiring) void this.worker.terminate();
      else this.onGone(this); // back to the idle list
    });
    this.worker.on('error', (err) => this.fail(err));
    this.worker.on('exit', (code) => {
      this.exited = true;
      this.fail(new Error(`password hashing worker exited (code ${code})`));
    });
  }

  run(job: Job, op: 'hash' | 'verify', args: unknown[]): void {
    this.job = job;
    this.worker.ref(); // a hash in flight keeps the process alive until it is answered
    this.worker.postMessage({ id: job.id, op, args });
  }

  private fail(err: Error): void {
    const job = this.job;
    this.job = null;
    job?.reject(err);
    this.exited = true;
    this.onGone(this);
  }
}

/**
 * At most `size()` threads, started when a job finds none idle, kept while idle (unref'd), all
 * ended by shutdown(). Callers bound the jobs in flight themselves (the semaphore in
 * passwords.ts); past the size a job waits for a thread here too.
 */
export class PasswordWorkerPool {
  private readonly idle: HashingWorker[] = [];
  private readonly all = new Set<HashingWorker>();
  private readonly waiting: (() => void)[] = [];
  private nextId = 1;
  private argon2Path: string | null = null;

  constructor(
    private readonly size: () => number,
    private readonly niceness = HASHING_THREAD_NICENESS,
  ) {}

  /** Threads alive now (busy or idle). */
  get threads(): number {
    return this.all.size;
  }

  hash(password: string, options: object): Promise<string> {
    return this.run('hash', [password, options]) as Promise<string>;
  }

  verify(passwordHash: string, password: string): Promise<boolean> {
    return this.run('verify', [passwordHash, password]) as Promise<boolean>;
  }

  /** Starts one thread ahead of time (if none is alive); resolves with its niceness. */
  async warm(): Promise<number | null> {
    const worker = this.idle[0] ?? (this.all.size === 0 ? this.spawn() : null);
    if (!worker) return null;
    if (!this.idle.includes(worker)) this.idle.push(worker);
    return worker.ready;
  }

  /**
   * Ends every idle thread now and every busy one as soon as its job is answered; resolves when
   * all are gone. The pool stays usable: the next job starts a new thread.
   */
  async shutdown(): Promise<void> {
    const exits: Promise<unknown>[] = [];
    for (const w of this.all) {
      if (w.exited) continue;
      exits.push(new Promise((resolve) => w.worker.once('exit', resolve)));
      if (w.job) w.retiring = true;
      else void w.worker.terminate();
    }
    this.idle.length = 0;
    await Promise.all(exits);
  }

  private async run(op: 'hash' | 'verify', args: unknown[]): Promise<unknown> {
    const worker = await this.take();
    return new Promise((resolve, reject) => {
      worker.run({ id: this.nextId++, resolve, reject }, op, args);
    });
  }

  private async take(): Promise<HashingWorker> {
    for (;;) {
      const idle = this.idle.pop();
      if (idle) return idle;
      if (this.all.size < this.size()) return this.spawn();
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
  }

  private spawn(): HashingWorker {
    this.argon2Path ??= createRequire(import.meta.url).resolve('@node-rs/argon2');
    const worker = new HashingWorker(this.argon2Path, this.niceness, (w) => this.back(w));
    this.all.add(worker);
    return worker;
  }

  /** A thread answered its job (idle again) or is gone. */
  private back(w: HashingWorker): void {
    if (w.exited) {
      this.all.delete(w);
      const i = this.idle.indexOf(w);
      if (i >= 0) this.idle.splice(i, 1);
    } else if (this.all.size > this.size()) {
      // The limit was lowered: one thread fewer.
      this.all.delete(w);
      void w.worker.terminate();
    } else {
      this.idle.push(w);
    }
    this.waiting.shift()?.();
  }
}

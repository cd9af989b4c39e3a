import { type ChildProcessByStdio, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { encodePcm16 } from '@fieldcraft/audio';
import { dither } from './denoise';
import type { RecognitionResult } from './speech.types';
import { TurnLine } from './turn-line';

// The Node side of asr-worker.py: one long-running python3 process with pocketsphinx and its
// models loaded once. Requests go to it one at a time (answers are matched by id); a worker
// that dies is started again, and the library model is re-applied.

export interface SpeechLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface WorkerOptions {
  python: string;
  script: string;
  modelDir: string;
  log: SpeechLog;
  /** A request unanswered after this long kills the worker (it is restarted). Default 60 s. */
  requestTimeoutMs?: number;
  /**
   * 'legacy': the decoder settings from before per-utterance state (pocketsphinx's own noise
   * estimate and dither, both carried from one utterance to the next). Benchmark comparison only.
   */
  profile?: 'default' | 'legacy';
}

interface Pending {
  resolve: (answer: WorkerAnswer) => void;
  reject: (err: Error) => void;
  timer: NodeJS.Timeout;
}

export interface WorkerAnswer {
  id?: number;
  error?: string;
  text?: string;
  confidence?: number;
  lm?: string;
  ok?: boolean;
  log10?: number[];
  /** CPU time the worker spent decoding. */
  cpu_ms?: number;
}

export class WorkerExitedError extends Error {
  override name = 'WorkerExitedError';
}

type WorkerProcess = ChildProcessByStdio<Writable, Readable, Readable>;

export class RecognizerWorker {
  private proc: WorkerProcess | null = null;
  private starting: Promise<WorkerProcess> | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private closed = false;
  /** The library model the worker should use (re-applied after a restart). */
  private lmPath: string | null = null;
  /** Start times of recent (re)starts, to stop a crash loop. */
  private starts: number[] = [];
  /** How many workers were started (tests and the log read it). */
  startCount = 0;

  constructor(private readonly options: WorkerOptions) {}

  /** The running worker's process id, or null. */
  get pid(): number | null {
    return this.proc?.pid ?? null;
  }

  /** The model in use: 'library' once one was loaded, else 'stock'. */
  get languageModel(): 'library' | 'stock' {
    return this.lmPath ? 'library' : 'stock';
  }

  /** Starts the worker (once) and waits until its models are loaded. */
  start(): Promise<WorkerProcess> {
    if (this.closed) return Promise.reject(new Error('The recognizer is closed'));
    if (this.proc) return Promise.resolve(this.proc);
    this.starting ??= this.spawnWorker().finally(() => (this.starting = null));
    return this.starting;
  }

  private spawnWorker(): Promise<WorkerProcess> {
    const now = Date.now();
    this.starts = this.starts.filter((t) => now - t < 60_000);
    if (this.starts.length >= 5) {
      return Promise.reject(new Error('The recognition worker keeps failing; not restarting it'));
    }
    this.starts.push(now);
    const { python, script, modelDir, log } = this.options;
    return new Promise<WorkerProcess>((resolve, reject) => {
      const proc = spawn(python, ['-u', script], {
        stdio: ['pipe', 'pipe', 'pipe'],
        env: {
          ...process.env,
          FC_SPHINX_MODEL_DIR: modelDir,
          FC_ASR_PROFILE: this.options.profile ?? 'default',
          PYTHONDONTWRITEBYTECODE: '1',
        },
      });
      this.startCount++;
      let ready = false;
      let stderr = '';
      proc.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-2000)));
      proc.stdin.on('error', () => undefined); // a dead worker's EPIPE; 'exit' handles it
      const lines = createInterface({ input: proc.stdout });
      lines.on('line', (line) => {
        let answer: WorkerAnswer & { ready?: boolean; fatal?: string };
        try {
          answer = JSON.parse(line) as typeof answer;
        } catch {
          return;
        }
        if (!ready) {
          if (answer.ready) {
            ready = true;
            this.proc = proc;
            log.info({ workerPid: proc.pid }, 'speech recognizer ready (pocketsphinx loaded)');
            resolve(proc);
            if (this.lmPath) void this.applyLanguageModel(this.lmPath).catch(() => undefined);
          } else if (answer.fatal) {
            reject(new Error(answer.fatal));
          }
          return;
        }
        const pending = answer.id === undefined ? undefined : this.pending.get(answer.id);
        if (!pending) return;
        this.pending.delete(answer.id as number);
        clearTimeout(pending.timer);
        pending.resolve(answer);
      });
      proc.on('error', (err) => {
        if (!ready) reject(err);
      });
      proc.on('exit', (code, signal) => {
        if (this.proc === proc) this.proc = null;
        if (!ready) {
          reject(
            new Error(
              `The recognition worker exited during start (${code ?? signal}) ${stderr.trim()}`,
            ),
          );
          return;
        }
        const failed = [...this.pending.values()];
        this.pending.clear();
        for (const p of failed) {
          clearTimeout(p.timer);
          p.reject(new WorkerExitedError(`The recognition worker stopped (${code ?? signal})`));
        }
        if (!this.closed) {
          log.warn(
            { code, signal, stderr: stderr.trim() || undefined },
            'speech recognizer worker exited; restarting',
          );
          // Warm again right away, so the next utterance does not wait for the model.
          setTimeout(() => void this.start().catch(() => undefined), 50).unref();
        }
      });
    });
  }

  /**
   * Sends one request when the worker is free and waits for its answer. Requests wait their turn
   * here rather than in the worker's stdin, so one whose `signal` is aborted meanwhile (a
   * recognition started on a pause, then speech went on) is never decoded.
   */
  async request(
    header: Record<string, unknown>,
    payload?: Uint8Array,
    signal?: AbortSignal,
  ): Promise<WorkerAnswer> {
    return this.line.run(async () => this.send(await this.start(), header, payload), signal);
  }

  /** Requests waiting for the worker, and the one it is answering. */
  private readonly line = new TurnLine();

  private send(
    proc: WorkerProcess,
    header: Record<string, unknown>,
    payload?: Uint8Array,
  ): Promise<WorkerAnswer> {
    const id = this.nextId++;
    return new Promise<WorkerAnswer>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error('The recognition worker did not answer in time'));
        proc.kill('SIGKILL'); // it restarts
      }, this.options.requestTimeoutMs ?? 60_000);
      this.pending.set(id, { resolve, reject, timer });
      const line = `${JSON.stringify({ ...header, id, ...(payload && { bytes: payload.length }) })}\n`;
      proc.stdin.write(line);
      if (payload) proc.stdin.write(payload);
    });
  }

  /** Utterances waiting or being decoded (the pool sends new ones to the least busy). */
  get inFlight(): number {
    return this.busy;
  }
  private busy = 0;

  async recognize(
    samples: Int16Array,
    signal?: AbortSignal,
  ): Promise<RecognitionResult & { lm: string; cpuMs: number }> {
    this.busy++;
    try {
      return await this.recognizeNow(samples, signal);
    } finally {
      this.busy--;
    }
  }

  private async recognizeNow(
    samples: Int16Array,
    signal: AbortSignal | undefined,
  ): Promise<RecognitionResult & { lm: string; cpuMs: number }> {
    const pcm = encodePcm16(this.options.profile === 'legacy' ? samples : dither(samples));
    let answer: WorkerAnswer;
    try {
      answer = await this.request({ op: 'recognize' }, pcm, signal);
    } catch (err) {
      // The worker died under this utterance: one more try on the restarted worker.
      if (!(err instanceof WorkerExitedError)) throw err;
      answer = await this.request({ op: 'recognize' }, pcm, signal);
    }
    if (answer.error) throw new Error(`Recognition failed: ${answer.error}`);
    return {
      text: (answer.text ?? '').trim(),
      confidence: Math.max(0, Math.min(1, answer.confidence ?? 0)),
      lm: answer.lm ?? 'stock',
      cpuMs: answer.cpu_ms ?? 0,
    };
  }

  /** log10 probabilities of the stock model (for building the library model). */
  async stockLogProbs(ngrams: string[][]): Promise<number[]> {
    const out: number[] = [];
    // Batches keep each JSON line reasonable.
    for (let i = 0; i < ngrams.length; i += 20000) {
      const answer = await this.request({ op: 'lm_probs', ngrams: ngrams.slice(i, i + 20000) });
      if (answer.error || !answer.log10)
        throw new Error(`Stock model query failed: ${answer.error}`);
      out.push(...answer.log10);
    }
    return out;
  }

  /** Switches the worker to an ARPA model on disk (and keeps it across restarts). */
  async useLanguageModel(path: string | null): Promise<void> {
    if (path === null) {
      this.lmPath = null;
      const answer = await this.request({ op: 'use_stock' });
      if (answer.error) throw new Error(answer.error);
      return;
    }
    await this.applyLanguageModel(path);
    this.lmPath = path;
  }

  private async applyLanguageModel(path: string): Promise<void> {
    const answer = await this.request({ op: 'load_lm', path });
    if (answer.error) throw new Error(`The worker could not load ${path}: ${answer.error}`);
  }

  async close(): Promise<void> {
    this.closed = true;
    const proc = this.proc ?? (await this.starting?.catch(() => null)) ?? null;
    this.proc = null;
    if (!proc || proc.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => proc.kill('SIGKILL'), 2000);
      proc.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      proc.stdin.end(); // EOF: the worker returns
    });
  }
}

import { ErrorCode } from '@fieldcraft/contracts';
import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { AppError } from './app-error';
import { PasswordWorkerPool } from './password-workers';

// argon2id (the library's default algorithm) with OWASP's minimum: 19 MiB, 2 passes, 1 lane.
export const PASSWORD_HASH_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export interface PasswordHashingLimits {
  /** Hashes / verifications running at once (each takes one hashing thread and 19 MiB). */
  concurrency: number;
  /** Further ones waiting their turn; past that the caller gets 503 at once. */
  queue: number;
}

/**
 * One CPU stays free for the event loop that serves every other request: unbounded, a burst of
 * sign-ins takes every CPU from the reads (docs/benchmarks-load.md, "login storm").
 */
export function defaultPasswordHashingLimits(cpus = availableParallelism()): PasswordHashingLimits {
  const concurrency = Math.max(1, cpus - 1);
  return { concurrency, queue: concurrency * 32 };
}

/**
 * A process-wide semaphore: the hashing threads and the CPUs they compete for are per process,
 * so two Fastify instances in one process (tests) share it too.
 */
class Semaphore {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(public limits: PasswordHashingLimits) {}

  get queued(): number {
    return this.waiting.length;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.limits.concurrency) {
      if (this.waiting.length >= this.limits.queue) throw passwordHashingBusy();
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running += 1;
    }
    try {
      return await task();
    } finally {
      // Hand the slot straight to the next waiter (running stays the same), or free it.
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}

const limiter = new Semaphore(defaultPasswordHashingLimits());

/**
 * The threads argon2 runs on (lib/password-workers.ts): one per slot at most, at a lower OS
 * priority than the event loop, so reads win the CPU when both want it.
 */
const workers = new PasswordWorkerPool(() => limiter.limits.concurrency);

/**
 * Ends the hashing threads (idle ones now, busy ones once answered); the app calls it on
 * close. Hashing after it starts new threads, so other apps in the process are unaffected.
 */
export function closePasswordHashing(): Promise<void> {
  return workers.shutdown();
}

/** Hashing threads alive now (tests). */
export function passwordHashingThreads(): number {
  return workers.threads;
}

/**
 * Runs `task` in one of the hashing slots (waiting its turn, or 503 when the queue is full),
 * exactly as a hash does. For work that must not compete with hashing, and for tests that
 * hold every slot to see what callers get then.
 */
export function withPasswordHashingSlot<T>(task: () => Promise<T>): Promise<T> {
  return limiter.run(task);
}

/** Callers waiting for a hashing slot now (what a test sees instead of waiting a while). */
export function passwordHashingQueued(): number {
  return limiter.queued;
}

/** Sets the limits (from PASSWORD_HASH_CONCURRENCY / PASSWORD_HASH_QUEUE); at start. */
export function setPasswordHashingLimits(limits: PasswordHashingLimits): void {
  limiter.limits = limits;
}

/** 503 with Retry-After: every hashing slot and queue place is taken. */
export function passwordHashingBusy(): AppError {
  return new AppError(
    503,
    ErrorCode.SERVICE_UNAVAILABLE,
    'Too many sign-ins at this moment. Please try again in a few seconds.',
    { headers: { 'retry-after': '2' } },
  );
}

/** Throws 503 SERVICE_UNAVAILABLE (an AppError) when the hashing queue is full. */
export function hashPassword(password: string): Promise<string> {
  return limiter.run(() => workers.hash(password, PASSWORD_HASH_OPTIONS));
}

/**
 * False for a wrong password and for a malformed hash; never throws for bad input. Throws
 * 503 SERVICE_UNAVAILABLE (an AppError) when the hashing queue is full.
 */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return limiter.run(async () => {
    try {
      return await workers.verify(passwordHash, password);
    } catch {
      return false;
    }
  });
}

let dummyHash: Promise<string> | null = null;

/** Computes the throwaway hash ahead of time, so the first unknown email is not slower. */
export async function primeDummyHash(): Promise<void> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  try {
    await dummyHash;
  } catch (err) {
    dummyHash = null; // a full queue at start: try again next time
    throw err;
  }
}

/**
 * Verifies against a throwaway hash so an unknown email costs as much time as a known one
 * (no account enumeration by timing). Always false.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  await primeDummyHash();
  await verifyPassword(await (dummyHash as Promise<string>), password);
  return false;
}

/** A random password for generated accounts: 24 URL-safe characters (144 bits). */
export function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}

import { hash as hashOnThisThread, verify as verifyOnThisThread } from '@node-rs/argon2';
import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createScratchDatabase, describeEachDatabaseKind, testConfig } from '../test/test-app';
import { HASHING_THREAD_NICENESS, PasswordWorkerPool } from './password-workers';
import {
  closePasswordHashing,
  hashPassword,
  PASSWORD_HASH_OPTIONS,
  passwordHashingThreads,
  setPasswordHashingLimits,
  verifyPassword,
} from './passwords';

/** Niceness of every thread of this process, from /proc (Linux). */
function threadNiceness(): number[] {
  return readdirSync('/proc/self/task').map((tid) => {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]); // field 19: nice
  });
}

describe('password worker pool', () => {
  const pools: PasswordWorkerPool[] = [];
  const newPool = (size = 1) => {
    const pool = new PasswordWorkerPool(() => size);
    pools.push(pool);
    return pool;
  };
  afterEach(async () => {
    await Promise.all(pools.splice(0).map((p) => p.shutdown()));
  });

  it('hashes in the stored format, and both ways verify against the library on this thread', async () => {
    const pool = newPool();
    const stored = await pool.hash('correct horse', PASSWORD_HASH_OPTIONS);
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[^$]{22}\$[^$]{43}$/);
    expect(await verifyOnThisThread(stored, 'correct horse')).toBe(true);
    // A hash made before the workers (on libuv's pool, as stored in existing databases):
    const existing = await hashOnThisThread('battery staple', PASSWORD_HASH_OPTIONS);
    expect(await pool.verify(existing, 'battery staple')).toBe(true);
    expect(await pool.verify(existing, 'battery stapler')).toBe(false);
  });

  it("passes argon2's errors back as rejections, and the thread serves the next job", async () => {
    const pool = newPool();
    await expect(pool.verify('not-a-hash', 'x')).rejects.toThrow(Error);
    await expect(pool.hash('x', { ...PASSWORD_HASH_OPTIONS, memoryCost: 1 })).rejects.toThrow(
      /memory/i,
    );
    expect(pool.threads).toBe(1);
    expect(await pool.verify(await pool.hash('again', PASSWORD_HASH_OPTIONS), 'again')).toBe(true);
  });

  it.runIf(process.platform === 'linux')(
    'its threads run at a lower OS priority; the event loop keeps its own',
    async () => {
      const before = threadNiceness();
      const pool = newPool();
      expect(await pool.warm()).toBe(HASHING_THREAD_NICENESS);
      const after = threadNiceness();
      expect(after.filter((n) => n === HASHING_THREAD_NICENESS).length).toBe(
        before.filter((n) => n === HASHING_THREAD_NICENESS).length + 1,
      );
      expect(Number(readFileSync('/proc/self/stat', 'utf8').split(') ')[1]?.split(' ')[16])).toBe(
        0,
      );
    },
  );

  it('never runs more threads than its size; extra jobs wait for one', async () => {
    const pool = newPool(2);
    const jobs = [1, 2, 3, 4, 5].map((n) => pool.hash(`pw-${n}`, PASSWORD_HASH_OPTIONS));
    expect(pool.threads).toBeLessThanOrEqual(2);
    const hashes = await Promise.all(jobs);
    expect(new Set(hashes).size).toBe(5);
    expect(pool.threads).toBe(2);
  });

  it('shutdown ends idle threads at once and a busy one once its job is answered', async () => {
    const pool = newPool(2);
    await pool.hash('warm', PASSWORD_HASH_OPTIONS); // one idle thread
    const busy = pool.hash('in flight', PASSWORD_HASH_OPTIONS);
    await new Promise((resolve) => setTimeout(resolve, 0));
    const shut = pool.shutdown();
    expect(await verifyOnThisThread(await busy, 'in flight')).toBe(true);
    await shut;
    expect(pool.threads).toBe(0);
    // Still usable: the next job starts a new thread.
    expect(await pool.verify(await busy, 'in flight')).toBe(true);
  });
});

describe('passwords.ts on the worker pool', () => {
  afterAll(() => setPasswordHashingLimits({ concurrency: 1, queue: 32 }));

  it('hash and verify round trip; a malformed hash verifies as false', async () => {
    setPasswordHashingLimits({ concurrency: 1, queue: 4 });
    const stored = await hashPassword('a-long-password-1');
    expect(await verifyPassword(stored, 'a-long-password-1')).toBe(true);
    expect(await verifyPassword(stored, 'a-long-password-2')).toBe(false);
    expect(await verifyPassword('$argon2id$garbage', 'a-long-password-1')).toBe(false);
    expect(passwordHashingThreads()).toBe(1);
  });

  it('past slots + queue the extra hash is refused with 503 without a thread of its own', async () => {
    await closePasswordHashing();
    setPasswordHashingLimits({ concurrency: 1, queue: 0 });
    const results = await Promise.allSettled([hashPassword('one'), hashPassword('two')]);
    expect(results[0]?.status).toBe('fulfilled');
    expect(results[1]).toMatchObject({
      status: 'rejected',
      reason: { statusCode: 503, code: 'SERVICE_UNAVAILABLE' },
    });
    expect(passwordHashingThreads()).toBe(1);
  });
});

describeEachDatabaseKind('hashing threads end with the app', (kind) => {
  it('a sign-in starts them; app.close() ends them', async () => {
    const db = await createScratchDatabase(kind);
    try {
      setPasswordHashingLimits({ concurrency: 1, queue: 32 });
      const app = await buildApp(testConfig(db.config));
      try {
        const res = await app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: 'owner@fieldcraft.local', password: 'bootstrap-owner-1' },
        });
        expect(res.statusCode).toBe(200);
        expect(passwordHashingThreads()).toBe(1);
      } finally {
        await app.close();
      }
      expect(passwordHashingThreads()).toBe(0);
    } finally {
      await db.drop();
    }
  }, 120_000); // builds and migrates a whole app inside the test
});

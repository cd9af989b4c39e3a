import { expect, it, vi } from 'vitest';
import { hashPassword, passwordHashingQueued, withPasswordHashingSlot } from '../lib/passwords';
import { DEFAULT_PASSWORD, describeOnPglite } from '../test/test-app';

const busy = {
  error: 'Too many sign-ins at this moment. Please try again in a few seconds.',
  code: 'SERVICE_UNAVAILABLE',
};

/** Takes `count` hashing slots (running or queued) until the returned release() is called. */
function holdSlots(count: number) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const held = Array.from({ length: count }, () => withPasswordHashingSlot(() => gate));
  return async () => {
    release();
    await Promise.all(held);
  };
}

describeOnPglite(
  'password hashing: parameters and the concurrency limit',
  (ctx) => {
    const login = (password = DEFAULT_PASSWORD) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'dana@example.com', password },
      });

    it('stores argon2id with 19 MiB, 2 passes, 1 lane, a 16-byte salt and a 32-byte hash', async () => {
      await ctx.createUser({ email: 'olive@example.com', role: 'OWNER' });
      const owner = await ctx.login('olive@example.com', DEFAULT_PASSWORD);
      const created = await ctx.app.inject({
        method: 'POST',
        url: '/api/users',
        headers: { cookie: owner.cookie as string },
        payload: {
          email: 'new@example.com',
          username: 'new',
          firstName: 'New',
          lastName: 'Person',
          role: 'USER',
          password: 'a-long-password-1',
        },
      });
      expect(created.statusCode).toBe(201);
      const row = await ctx.db
        .selectFrom('users')
        .select('password_hash')
        .where('email', '=', 'new@example.com')
        .executeTakeFirstOrThrow();
      const [, algorithm, version, params, salt, hash] = row.password_hash.split('$');
      expect([algorithm, version, params]).toEqual(['argon2id', 'v=19', 'm=19456,t=2,p=1']);
      expect(Buffer.from(salt as string, 'base64').length).toBe(16);
      expect(Buffer.from(hash as string, 'base64').length).toBe(32);
    });

    it('past the hashing queue a sign-in answers 503 + Retry-After at once; reads go on', async () => {
      await ctx.createUser({ email: 'dana@example.com' });
      // Limits here: 1 running + 1 waiting. Both taken:
      const release = holdSlots(2);
      try {
        const refused = await login();
        expect(refused.statusCode).toBe(503);
        expect(refused.headers['retry-after']).toBe('2');
        expect(refused.json()).toEqual(busy);
        expect(refused.headers['set-cookie']).toBeUndefined();
        // Not a failed attempt: nothing counted against the account, no session.
        expect(await ctx.db.selectFrom('login_throttle').selectAll().execute()).toEqual([]);
        expect(await ctx.db.selectFrom('sessions').selectAll().execute()).toEqual([]);
        // Requests that hash nothing are served meanwhile.
        const status = await ctx.app.inject({ method: 'GET', url: '/api/auth/status' });
        expect(status.statusCode).toBe(200);
      } finally {
        await release();
      }
      const after = await login();
      expect(after.statusCode).toBe(200);
    });

    it('a sign-in within the queue waits its turn and succeeds', async () => {
      await ctx.createUser({ email: 'dana@example.com' });
      const release = holdSlots(1); // the running slot; the queue place is free
      const pending = login();
      let settled = false;
      void pending.then(() => (settled = true));
      await vi.waitFor(() => expect(passwordHashingQueued()).toBe(1), { timeout: 5000 });
      expect(settled).toBe(false); // waiting in the queue for the slot
      await release();
      expect((await pending).statusCode).toBe(200);
    });

    it('more hashes at once than slots + queue: the extra ones fail fast with 503', async () => {
      // Issued together: one runs, one waits, the other two are refused without waiting.
      const results = await Promise.allSettled([1, 2, 3, 4].map((n) => hashPassword(`pw-${n}`)));
      expect(results.map((r) => r.status)).toEqual([
        'fulfilled',
        'fulfilled',
        'rejected',
        'rejected',
      ]);
      for (const r of results) {
        if (r.status === 'rejected') {
          expect(r.reason).toMatchObject({ statusCode: 503, code: 'SERVICE_UNAVAILABLE' });
        }
      }
    });
  },
  { config: { passwordHashing: { concurrency: 1, queue: 1 } } },
);

import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { loadConfig } from '../plugins/config';
import { DEFAULT_PASSWORD, describeEachDatabase, type TestContext } from '../test/test-app';

// The sign-in limits of docs/operating.md, "Sign-in limits".

const ATTACKER = '203.0.113.9';
const SITE = '198.51.100.20';

/** The `fc_device_…=…` pair a sign-in set, ready for a cookie header. */
function deviceCookieOf(setCookie: string | undefined): string {
  const pair = (setCookie ?? '')
    .split('\n')
    .map((h) => h.split(';')[0] as string)
    .find((p) => p.startsWith('fc_device_'));
  if (!pair) throw new Error(`no device cookie in ${setCookie}`);
  return pair;
}

/** Moves every counter's last failure back, as if that much time had passed. */
async function age(ctx: TestContext, seconds: number, keyLike = '%') {
  await sql`update login_throttle set last_failure_at = last_failure_at - ${seconds}::int * interval '1 second'
    where key like ${keyLike}`.execute(ctx.db);
}

async function failures(ctx: TestContext, key: string): Promise<number> {
  const row = await ctx.db
    .selectFrom('login_throttle')
    .select('failures')
    .where('key', '=', key)
    .executeTakeFirst();
  return row?.failures ?? 0;
}

describeEachDatabase('sign-in limits', (ctx) => {
  it('sets a signed, httpOnly device cookie, sent only to the sign-in route', async () => {
    await ctx.createUser({ email: 'dana@example.com' });
    const res = await ctx.login('dana@example.com', DEFAULT_PASSWORD);
    expect(res.status).toBe(200);
    const header = (res.setCookie ?? '').split('\n').find((h) => h.startsWith('fc_device_'));
    const attributes = (header ?? '').split(';').map((a) => a.trim().toLowerCase());
    expect(attributes[0]).toMatch(/^fc_device_[a-z0-9_-]{16}=[a-z0-9_-]{22}\.[a-z0-9_-]{43}$/);
    expect(attributes).toEqual(
      expect.arrayContaining(['httponly', 'samesite=strict', 'path=/api/auth/login']),
    );
    expect(attributes).toContain(`max-age=${180 * 86_400}`);
    // The email is not readable from the cookie.
    expect(header).not.toMatch(/dana/i);
  });

  it('lets a device that signed in before in with the right password while the account is attacked', async () => {
    await ctx.createUser({ email: 'dana@example.com' });
    const device = deviceCookieOf(
      (await ctx.login('dana@example.com', DEFAULT_PASSWORD)).setCookie,
    );

    // An attacker with no account keeps guessing from elsewhere.
    for (let i = 0; i < 8; i++) {
      await ctx.login('dana@example.com', `wrong-pass-${i}`, { remoteAddress: ATTACKER });
    }
    const attacked = await ctx.login('dana@example.com', DEFAULT_PASSWORD, {
      remoteAddress: ATTACKER,
    });
    expect(attacked.status).toBe(429);

    // A device without the cookie, or with a forged one, is held back like the attacker…
    expect((await ctx.login('dana@example.com', DEFAULT_PASSWORD)).status).toBe(429);
    const [name, value] = device.split('=') as [string, string];
    const forged = `${name}=${value.slice(0, -2)}${value.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await ctx.login('dana@example.com', DEFAULT_PASSWORD, { cookie: forged })).status).toBe(
      429,
    );
    // …and Dana's cookie means nothing for another account.
    await ctx.createUser({ email: 'other@example.com' });
    for (let i = 0; i < 5; i++) await ctx.login('other@example.com', `wrong-pass-${i}`);
    expect(
      (await ctx.login('other@example.com', DEFAULT_PASSWORD, { cookie: device })).status,
    ).toBe(429);

    // The owner's device gets in, and a typo from it does not count against the account.
    const typo = await ctx.login('dana@example.com', 'dana-typo-1', { cookie: device });
    expect(typo.status).toBe(401);
    const owner = await ctx.login('dana@example.com', DEFAULT_PASSWORD, { cookie: device });
    expect(owner.status).toBe(200);
    expect(owner.cookie).toMatch(/^fc_session=/);
    // A fresh device cookie each time (a new device counter).
    expect(deviceCookieOf(owner.setCookie)).not.toBe(device);
  });

  it('stops trusting a device cookie after 5 failures with it', async () => {
    await ctx.createUser({ email: 'dana@example.com' });
    const device = deviceCookieOf(
      (await ctx.login('dana@example.com', DEFAULT_PASSWORD)).setCookie,
    );
    for (let i = 0; i < 5; i++) {
      await ctx.login('dana@example.com', `wrong-pass-${i}`, { remoteAddress: ATTACKER });
    }
    // Whoever holds the cookie gets 5 guesses of its own…
    for (let i = 0; i < 5; i++) {
      const res = await ctx.login('dana@example.com', `stolen-guess-${i}`, { cookie: device });
      expect(res.status).toBe(401);
    }
    // …then the cookie is judged like any other device: the account's wait applies.
    const after = await ctx.login('dana@example.com', DEFAULT_PASSWORD, { cookie: device });
    expect(after.status).toBe(429);
  });

  it('past 5 failures from untrusted devices each try waits longer: 1, 2, 4, 8 then 15 minutes', async () => {
    await ctx.createUser({ email: 'dana@example.com' });
    for (let i = 0; i < 5; i++) {
      expect((await ctx.login('dana@example.com', `wrong-pass-${i}`)).status).toBe(401);
    }
    for (const wait of [60, 120, 240, 480, 900, 900]) {
      const held = await ctx.login('dana@example.com', DEFAULT_PASSWORD);
      expect(held.status).toBe(429);
      expect(held.body).toEqual({
        error: `Too many failed sign-in attempts. Please try again in ${wait / 60} minute${wait === 60 ? '' : 's'}.`,
        code: 'RATE_LIMITED',
      });
      await age(ctx, wait - 2);
      expect((await ctx.login('dana@example.com', DEFAULT_PASSWORD)).status).toBe(429);
      await age(ctx, 3);
      // One more guess once the wait is over, and the next wait doubles.
      expect((await ctx.login('dana@example.com', 'wrong-again-1')).status).toBe(401);
    }
    // A quiet window after the last wait forgets the failures; the right password gets in.
    await age(ctx, 900 + 900 + 1);
    expect((await ctx.login('dana@example.com', DEFAULT_PASSWORD)).status).toBe(200);
  });

  it('locks one address on one account after 10 failures, whatever the account wait says', async () => {
    await ctx.createUser({ email: 'dana@example.com' });
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 5; i++) {
        const res = await ctx.login('dana@example.com', `guess-${round}-${i}`, {
          remoteAddress: ATTACKER,
        });
        expect(res.status).toBe(401);
      }
      await age(ctx, 3600, 'account:%'); // the account's failures are forgotten
    }
    expect(await failures(ctx, `pair:${ATTACKER}|dana@example.com`)).toBe(10);
    const pairLocked = await ctx.login('dana@example.com', DEFAULT_PASSWORD, {
      remoteAddress: ATTACKER,
    });
    expect(pairLocked.status).toBe(429);
    expect(
      (await ctx.login('dana@example.com', DEFAULT_PASSWORD, { remoteAddress: SITE })).status,
    ).toBe(200);
  });

  it('lets a signed-in owner change the password while the account is attacked', async () => {
    const user = await ctx.createUser({ email: 'dana@example.com', passwordChangeRequired: true });
    const { cookie } = await ctx.login('dana@example.com', DEFAULT_PASSWORD);
    for (let i = 0; i < 12; i++) {
      await ctx.login('dana@example.com', `wrong-pass-${i}`, { remoteAddress: ATTACKER });
    }
    const changed = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/users/${user.id}`,
      headers: { cookie: cookie as string },
      payload: {
        password: 'a-much-better-secret-7',
        currentPassword: DEFAULT_PASSWORD,
        passwordChangeRequired: false,
      },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ id: user.id, passwordChangeRequired: false });
  });
});

describeEachDatabase(
  'sign-in limits under concurrent attempts',
  (ctx) => {
    async function baseUrl(): Promise<string> {
      if (!ctx.app.server.listening) await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      const address = ctx.app.server.address();
      if (!address || typeof address === 'string') throw new Error('not listening');
      return `http://127.0.0.1:${address.port}`;
    }

    async function post(url: string, email: string, password: string): Promise<number> {
      const res = await fetch(`${url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      await res.arrayBuffer();
      return res.status;
    }

    const tally = (statuses: number[]) =>
      statuses.reduce<Record<number, number>>((t, s) => ({ ...t, [s]: (t[s] ?? 0) + 1 }), {});

    it('40 concurrent wrong passwords for one account: 5 reach the password check', async () => {
      await ctx.createUser({ email: 'dana@example.com' });
      const url = await baseUrl();
      const statuses = await Promise.all(
        Array.from({ length: 40 }, (_, i) => post(url, 'dana@example.com', `wrong-pass-${i}`)),
      );
      expect(tally(statuses)).toEqual({ 401: 5, 429: 35 });
      expect(await failures(ctx, 'account:dana@example.com')).toBe(5);
    }, 60_000);

    it('80 concurrent wrong passwords from one address: 30 reach the password check', async () => {
      const url = await baseUrl();
      const statuses = await Promise.all(
        Array.from({ length: 80 }, (_, i) => post(url, `guess-${i}@example.com`, 'wrong-password')),
      );
      expect(tally(statuses)).toEqual({ 401: 30, 429: 50 });
      expect(await failures(ctx, 'address:127.0.0.1')).toBe(30);
    }, 60_000);
  },
  {
    config: {
      loginRateLimit: {
        maxFailuresPerAccount: 5,
        maxFailuresPerDevice: 5,
        maxFailuresPerAddressAndAccount: 10,
        maxFailuresPerAddress: 30,
        windowMinutes: 15,
      },
    },
  },
);

describeEachDatabase(
  'sign-in limits with the default settings',
  (ctx) => {
    it('does not lock a crew behind one site address: counted per address and account', async () => {
      const crew = Array.from({ length: 12 }, (_, i) => `crew-${i}@example.com`);
      for (const email of crew) await ctx.createUser({ email });
      // 36 mistakes from the site's one address (more than the old per-address limit of 30).
      for (const email of crew) {
        for (let i = 0; i < 3; i++) {
          expect((await ctx.login(email, `mistake-${i}-x`, { remoteAddress: SITE })).status).toBe(
            401,
          );
        }
      }
      for (const email of crew) {
        expect((await ctx.login(email, DEFAULT_PASSWORD, { remoteAddress: SITE })).status).toBe(
          200,
        );
      }
    });
  },
  // The limits an install gets without setting any LOGIN_* variable.
  { config: { loginRateLimit: loadConfig({}).loginRateLimit } },
);

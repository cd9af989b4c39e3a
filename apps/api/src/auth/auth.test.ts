import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { DEFAULT_PASSWORD, describeEachDatabase } from '../test/test-app';

const invalid = { error: 'Invalid email or password', code: 'INVALID_CREDENTIALS' };
const tokenOf = (cookie: string) => cookie.split('=')[1] as string;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describeEachDatabase('auth routes', (ctx) => {
  const status = (cookie?: string) =>
    ctx.app.inject({ method: 'GET', url: '/api/auth/status', headers: cookie ? { cookie } : {} });

  it('signs in: flattened user + user, an httpOnly SameSite=Lax cookie and a hashed session row', async () => {
    const user = await ctx.createUser({ email: 'dana@example.com', firstName: 'Dana' });
    const res = await ctx.login('  Dana@Example.COM ', DEFAULT_PASSWORD);

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: user.id, email: 'dana@example.com', firstName: 'Dana' });
    expect(res.body.user).toEqual(user);
    expect(res.body).not.toHaveProperty('passwordHash');
    expect(res.body).not.toHaveProperty('password_hash');

    const sessionHeader = (res.setCookie ?? '')
      .split('\n')
      .find((h) => h.startsWith('fc_session='));
    const attributes = (sessionHeader ?? '').split(';').map((a) => a.trim().toLowerCase());
    expect(attributes[0]).toMatch(/^fc_session=[a-z0-9_-]{43}$/);
    expect(attributes).toEqual(expect.arrayContaining(['httponly', 'samesite=lax', 'path=/']));
    expect(attributes).toContain(`max-age=${168 * 3600}`);
    expect(attributes).not.toContain('secure'); // plain http here

    const token = tokenOf(res.cookie as string);
    const rows = await ctx.db.selectFrom('sessions').selectAll().execute();
    expect(rows).toHaveLength(1);
    // The database holds the token's hash, never the token.
    expect(rows[0]).toMatchObject({ id: sha256(token), user_id: user.id });
    expect(rows[0]?.id).not.toBe(token);
    expect(rows[0]?.expires_at.getTime()).toBeGreaterThan(Date.now() + 167 * 3_600_000);

    const audit = await ctx.db.selectFrom('audit_log').selectAll().execute();
    expect(audit).toEqual([expect.objectContaining({ action: 'auth.login', actor_id: user.id })]);
  });

  it('rotates the session at every sign-in: the old cookie stops working', async () => {
    await ctx.createUser({ email: 'dana@example.com' });
    const first = await ctx.login('dana@example.com', DEFAULT_PASSWORD);
    const second = await ctx.login('dana@example.com', DEFAULT_PASSWORD, {
      cookie: first.cookie as string,
    });

    expect(second.cookie).not.toBe(first.cookie);
    const ids = (await ctx.db.selectFrom('sessions').select('id').execute()).map((r) => r.id);
    expect(ids).toEqual([sha256(tokenOf(second.cookie as string))]);
    expect((await status(first.cookie as string)).json()).toEqual({
      isAuthenticated: false,
      user: null,
    });
    expect((await status(second.cookie as string)).json()).toMatchObject({ isAuthenticated: true });
  });

  it('answers a wrong password and an unknown email with the same 401 body', async () => {
    await ctx.createUser({ email: 'dana@example.com' });
    const wrong = await ctx.login('dana@example.com', 'not-the-password');
    const unknown = await ctx.login('nobody@example.com', DEFAULT_PASSWORD);

    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(invalid);
    expect(unknown.body).toEqual(invalid);
    expect(wrong.cookie).toBeNull();
  });

  it('refuses a deactivated account with the same 401, and ends its sessions', async () => {
    const user = await ctx.createUser({ email: 'gone@example.com' });
    const before = await ctx.login('gone@example.com', DEFAULT_PASSWORD);
    await ctx.db
      .updateTable('users')
      .set({ deactivated_at: new Date() })
      .where('id', '=', user.id)
      .execute();

    expect((await ctx.login('gone@example.com', DEFAULT_PASSWORD)).body).toEqual(invalid);
    expect((await status(before.cookie as string)).json()).toMatchObject({
      isAuthenticated: false,
    });
  });

  it('validates the body with the spec messages (400 VALIDATION_FAILED)', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'not-an-email', password: 'short' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'Validation failed',
      code: 'VALIDATION_FAILED',
      issues: {
        formErrors: [],
        fieldErrors: {
          email: ['Please enter a valid email address'],
          password: ['Password must be at least 8 characters'],
        },
      },
    });

    const empty = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: {} });
    expect(empty.json().issues.fieldErrors).toEqual({
      email: ['Please enter a valid email address'],
      password: ['Password must be at least 8 characters'],
    });
  });

  it('holds an account back after 5 failures from untrusted devices (429 + Retry-After), even for the right password', async () => {
    await ctx.createUser({ email: 'dana@example.com' });
    await ctx.createUser({ email: 'other@example.com' });
    for (let i = 0; i < 5; i++) {
      expect((await ctx.login('dana@example.com', `wrong-pass-${i}`)).status).toBe(401);
    }
    const locked = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'dana@example.com', password: DEFAULT_PASSWORD },
    });
    expect(locked.statusCode).toBe(429);
    // A growing wait from the 5th failure on (auth/login-limits.test.ts), not a 15-minute
    // shut-out; a device that signed in before is not held back at all.
    expect(locked.json()).toEqual({
      error: 'Too many failed sign-in attempts. Please try again in 1 minute.',
      code: 'RATE_LIMITED',
    });
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(55);
    expect(retryAfter).toBeLessThanOrEqual(60);

    // Another account from the same address is not affected.
    expect((await ctx.login('other@example.com', DEFAULT_PASSWORD)).status).toBe(200);

    // Once the wait is over, the right password works again.
    await sql`update login_throttle set last_failure_at = now() - interval '61 seconds'`.execute(
      ctx.db,
    );
    expect((await ctx.login('dana@example.com', DEFAULT_PASSWORD)).status).toBe(200);
  });

  it('forgives the account its failures after a successful sign-in', async () => {
    await ctx.createUser({ email: 'dana@example.com' });
    for (let i = 0; i < 4; i++) await ctx.login('dana@example.com', `wrong-pass-${i}`);
    expect((await ctx.login('dana@example.com', DEFAULT_PASSWORD)).status).toBe(200);
    for (let i = 0; i < 4; i++) await ctx.login('dana@example.com', `wrong-pass-${i}`);
    expect((await ctx.login('dana@example.com', DEFAULT_PASSWORD)).status).toBe(200);
  });

  it('limits an address after 100 failures across accounts; other addresses still sign in', async () => {
    await ctx.createUser({ email: 'dana@example.com' });
    const attacker = '203.0.113.9';
    for (let i = 0; i < 100; i++) {
      const res = await ctx.login(`guess-${i}@example.com`, 'wrong-password', {
        remoteAddress: attacker,
      });
      expect(res.status).toBe(401);
    }
    const blocked = await ctx.login('dana@example.com', DEFAULT_PASSWORD, {
      remoteAddress: attacker,
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe('RATE_LIMITED');

    const elsewhere = await ctx.login('dana@example.com', DEFAULT_PASSWORD, {
      remoteAddress: '198.51.100.7',
    });
    expect(elsewhere.status).toBe(200);
  });

  it('reports status signed out and signed in, and ignores a user-role header', async () => {
    const signedOut = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/status',
      headers: { 'user-role': 'OWNER' },
    });
    expect(signedOut.statusCode).toBe(200);
    expect(signedOut.json()).toEqual({ isAuthenticated: false, user: null });

    const user = await ctx.createUser({ email: 'dana@example.com' });
    const { cookie } = await ctx.login('dana@example.com', DEFAULT_PASSWORD);
    const signedIn = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/status',
      headers: { cookie: cookie as string, 'user-role': 'OWNER' },
    });
    expect(signedIn.json()).toEqual({ isAuthenticated: true, user });
    expect(signedIn.json().user.role).toBe('USER');
  });

  it('GET /api/auth/user: 401 signed out (also with a junk cookie), the user signed in', async () => {
    for (const headers of [{}, { cookie: 'fc_session=forged-token' }]) {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/auth/user', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'Authentication required', code: 'UNAUTHENTICATED' });
    }
    const user = await ctx.createUser({ email: 'dana@example.com' });
    const { cookie } = await ctx.login('dana@example.com', DEFAULT_PASSWORD);
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { cookie: cookie as string },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(user);
  });

  it('rejects an expired session', async () => {
    await ctx.createUser({ email: 'dana@example.com' });
    const { cookie } = await ctx.login('dana@example.com', DEFAULT_PASSWORD);
    await ctx.db
      .updateTable('sessions')
      .set({ expires_at: sql<Date>`now() - interval '1 minute'` })
      .execute();
    expect((await status(cookie as string)).json()).toEqual({ isAuthenticated: false, user: null });
  });

  it('logs out: deletes the session, clears the cookie, and the old cookie no longer works', async () => {
    const user = await ctx.createUser({ email: 'dana@example.com' });
    const { cookie } = await ctx.login('dana@example.com', DEFAULT_PASSWORD);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: cookie as string },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect(String(res.headers['set-cookie'])).toMatch(
      /^fc_session=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/,
    );
    expect(await ctx.db.selectFrom('sessions').selectAll().execute()).toEqual([]);
    expect((await status(cookie as string)).json()).toEqual({ isAuthenticated: false, user: null });
    const actions = await ctx.db.selectFrom('audit_log').select(['action', 'actor_id']).execute();
    expect(actions).toContainEqual({ action: 'auth.logout', actor_id: user.id });
  });

  it('logs out signed out too (200, cookie cleared), with or without a JSON content type', async () => {
    for (const headers of [{}, { 'content-type': 'application/json' }]) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true });
      expect(String(res.headers['set-cookie'])).toMatch(/^fc_session=;/);
    }
  });

  it('force-clear deletes the session and always clears the cookie', async () => {
    await ctx.createUser({ email: 'dana@example.com' });
    const { cookie } = await ctx.login('dana@example.com', DEFAULT_PASSWORD);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/force-clear',
      headers: { cookie: cookie as string },
    });
    expect(res.json()).toEqual({ success: true });
    expect(String(res.headers['set-cookie'])).toMatch(/^fc_session=;/);
    expect(await ctx.db.selectFrom('sessions').selectAll().execute()).toEqual([]);

    const junk = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/force-clear',
      headers: { cookie: 'fc_session=garbage' },
    });
    expect(junk.statusCode).toBe(200);
    expect(String(junk.headers['set-cookie'])).toMatch(/^fc_session=;/);
  });
});

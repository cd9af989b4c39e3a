// Over 300 lines: every user route for every role, on both databases, over one test app; one case
// per behaviour.
import { z } from 'zod';
import { expect, it } from 'vitest';
import type { App } from '../app';
import { DEFAULT_PASSWORD, describeEachDatabase } from '../test/test-app';

// Test-only routes guarded the way later features will guard theirs.
function addProbeRoutes(app: App) {
  app.get('/api/test/me', { preHandler: app.requireUser }, async (request) => ({
    id: request.user?.id,
  }));
  app.get('/api/test/owner', { preHandler: app.requireRole('OWNER') }, async () => ({ ok: true }));
}

const NEW_PASSWORD = 'brand-new-pass-1';

describeEachDatabase(
  'PATCH /api/users/:id and the guards',
  (ctx) => {
    const patch = (id: number, payload: unknown, headers: Record<string, string> = {}) =>
      ctx.app.inject({
        method: 'PATCH',
        url: `/api/users/${id}`,
        payload: payload as object,
        headers,
      });
    const get = (url: string, cookie: string | null) =>
      ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

    async function signedIn(email: string, password = DEFAULT_PASSWORD) {
      const res = await ctx.login(email, password);
      expect(res.status).toBe(200);
      return res.cookie as string;
    }

    it('forced change: a PENDING user is held at 403 until they change their own password', async () => {
      const invited = await ctx.createUser({
        email: 'new@example.com',
        status: 'PENDING',
        passwordChangeRequired: true,
      });
      const other = await ctx.createUser({ email: 'other@example.com' });

      const login = await ctx.login('new@example.com', DEFAULT_PASSWORD);
      expect(login.status).toBe(200);
      expect(login.body).toMatchObject({ passwordChangeRequired: true, status: 'PENDING' });
      const cookie = login.cookie as string;
      const secondDevice = await signedIn('new@example.com');

      // Everything but /api/auth/* and PATCH of their own id answers 403.
      const held = await get('/api/test/me', cookie);
      expect(held.statusCode).toBe(403);
      expect(held.json()).toEqual({
        error: 'You must change your password before continuing',
        code: 'PASSWORD_CHANGE_REQUIRED',
      });
      expect((await patch(other.id, { firstName: 'Eve' }, { cookie })).json().code).toBe(
        'PASSWORD_CHANGE_REQUIRED',
      );
      expect((await get('/api/auth/user', cookie)).statusCode).toBe(200);
      expect((await get('/api/auth/status', cookie)).json().isAuthenticated).toBe(true);

      // A wrong current password is refused and changes nothing.
      const wrong = await patch(
        invited.id,
        {
          password: NEW_PASSWORD,
          currentPassword: 'not-my-password',
          passwordChangeRequired: false,
        },
        { cookie },
      );
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({
        error: 'Current password is incorrect',
        code: 'CURRENT_PASSWORD_INCORRECT',
      });
      const missing = await patch(invited.id, { password: NEW_PASSWORD }, { cookie });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().issues.fieldErrors).toEqual({
        currentPassword: ['Current password is required'],
      });

      // The right one: ACTIVE, flags cleared, a fresh cookie, every other session revoked.
      const ok = await patch(
        invited.id,
        {
          password: NEW_PASSWORD,
          currentPassword: DEFAULT_PASSWORD,
          passwordChangeRequired: false,
        },
        { cookie },
      );
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toMatchObject({
        id: invited.id,
        status: 'ACTIVE',
        passwordChangeRequired: false,
        requiresReset: false,
      });
      const fresh = /^(fc_session=[^;]+)/.exec(String(ok.headers['set-cookie']))?.[1] as string;
      expect(fresh).toBeTruthy();
      expect(fresh).not.toBe(cookie);

      expect((await get('/api/test/me', fresh)).json()).toEqual({ id: invited.id });
      expect((await get('/api/auth/status', cookie)).json().isAuthenticated).toBe(false);
      expect((await get('/api/auth/status', secondDevice)).json().isAuthenticated).toBe(false);
      const sessions = await ctx.db.selectFrom('sessions').select('user_id').execute();
      expect(sessions).toEqual([{ user_id: invited.id }]);

      // The old password is dead, the new one works and needs no further change.
      expect((await ctx.login('new@example.com', DEFAULT_PASSWORD)).status).toBe(401);
      expect((await ctx.login('new@example.com', NEW_PASSWORD)).body).toMatchObject({
        passwordChangeRequired: false,
        status: 'ACTIVE',
      });
    });

    it('a PENDING account always reports passwordChangeRequired, and requiresReset also holds', async () => {
      await ctx.createUser({ email: 'pending@example.com', status: 'PENDING' });
      const pending = await ctx.login('pending@example.com', DEFAULT_PASSWORD);
      expect(pending.body).toMatchObject({ passwordChangeRequired: true, requiresReset: false });
      expect((await get('/api/test/me', pending.cookie)).statusCode).toBe(403);

      await ctx.createUser({ email: 'reset@example.com', requiresReset: true });
      const reset = await ctx.login('reset@example.com', DEFAULT_PASSWORD);
      expect(reset.body).toMatchObject({ passwordChangeRequired: false, requiresReset: true });
      expect((await get('/api/test/me', reset.cookie)).json().code).toBe(
        'PASSWORD_CHANGE_REQUIRED',
      );
    });

    it('a held user cannot clear their own flags without changing the password', async () => {
      const user = await ctx.createUser({ email: 'new@example.com', passwordChangeRequired: true });
      const cookie = await signedIn('new@example.com');
      const res = await patch(user.id, { passwordChangeRequired: false }, { cookie });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
      expect((await get('/api/test/me', cookie)).statusCode).toBe(403);
    });

    it('a USER cannot touch someone else or their own role/status, whatever user-role says', async () => {
      const user = await ctx.createUser({ email: 'user@example.com' });
      const other = await ctx.createUser({ email: 'other@example.com' });
      const cookie = await signedIn('user@example.com');
      const spoof = { cookie, 'user-role': 'OWNER' };

      for (const [id, body] of [
        [other.id, { firstName: 'Mallory' }],
        [other.id, { password: NEW_PASSWORD }],
        [user.id, { role: 'OWNER' }],
        [user.id, { status: 'ACTIVE' }],
        [user.id, { firstName: 'Me' }],
        [9999, { firstName: 'Ghost' }],
      ] as const) {
        const res = await patch(id, body, spoof);
        expect(res.statusCode, JSON.stringify(body)).toBe(403);
        expect(res.json().code).toBe('FORBIDDEN');
      }
      expect((await get('/api/test/owner', cookie)).statusCode).toBe(403);
      const stored = await ctx.db
        .selectFrom('users')
        .select(['id', 'role', 'first_name'])
        .orderBy('id')
        .execute();
      expect(stored).toEqual([
        { id: user.id, role: 'USER', first_name: null },
        { id: other.id, role: 'USER', first_name: null },
      ]);
      expect(
        await ctx.db
          .selectFrom('audit_log')
          .select('action')
          .where('action', 'like', 'user.%')
          .execute(),
      ).toEqual([]);
    });

    it('signed out: 401 for PATCH and for guarded routes', async () => {
      const user = await ctx.createUser({ email: 'user@example.com' });
      const res = await patch(user.id, { firstName: 'X' }, { 'user-role': 'OWNER' });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('UNAUTHENTICATED');
      expect((await get('/api/test/owner', null)).statusCode).toBe(401);
    });

    it('an OWNER changes anyone: names, role, status, flags; each change is audited', async () => {
      const owner = await ctx.createUser({ email: 'boss@example.com', role: 'OWNER' });
      const user = await ctx.createUser({ email: 'user@example.com', status: 'PENDING' });
      const cookie = await signedIn('boss@example.com');
      expect((await get('/api/test/owner', cookie)).json()).toEqual({ ok: true });

      const res = await patch(
        user.id,
        {
          firstName: 'Dana',
          lastName: 'Fielding',
          role: 'ADMIN',
          status: 'ACTIVE',
          requiresReset: true,
        },
        { cookie },
      );
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        id: user.id,
        firstName: 'Dana',
        lastName: 'Fielding',
        role: 'ADMIN',
        status: 'ACTIVE',
        requiresReset: true,
      });

      const audit = await ctx.db
        .selectFrom('audit_log')
        .selectAll()
        .where('action', '=', 'user.update')
        .execute();
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({
        actor_id: owner.id,
        target_type: 'user',
        target_id: String(user.id),
      });
      expect(audit[0]?.details).toMatchObject({
        changes: {
          firstName: { from: null, to: 'Dana' },
          role: { from: 'USER', to: 'ADMIN' },
          status: { from: 'PENDING', to: 'ACTIVE' },
          requiresReset: { from: false, to: true },
        },
        passwordChanged: false,
      });
    });

    it("an OWNER sets another user's password without theirs; that user's sessions end", async () => {
      await ctx.createUser({ email: 'boss@example.com', role: 'OWNER' });
      const user = await ctx.createUser({ email: 'user@example.com' });
      const ownerCookie = await signedIn('boss@example.com');
      const userCookie = await signedIn('user@example.com');

      const res = await patch(
        user.id,
        { password: NEW_PASSWORD, passwordChangeRequired: true },
        { cookie: ownerCookie },
      );
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ passwordChangeRequired: true });
      expect(res.headers['set-cookie']).toBeUndefined(); // the owner keeps their session

      expect((await get('/api/auth/status', userCookie)).json().isAuthenticated).toBe(false);
      expect((await get('/api/auth/status', ownerCookie)).json().isAuthenticated).toBe(true);
      expect((await ctx.login('user@example.com', NEW_PASSWORD)).body).toMatchObject({
        passwordChangeRequired: true,
      });

      const [entry] = await ctx.db
        .selectFrom('audit_log')
        .selectAll()
        .where('action', '=', 'user.password_change')
        .execute();
      expect(entry?.details).toMatchObject({ passwordChanged: true, sessionsRevoked: 1 });
      // No secret in the trail: neither the password nor its hash.
      const stored = await ctx.db
        .selectFrom('users')
        .select('password_hash')
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow();
      const text = JSON.stringify(entry);
      expect(text).not.toContain(NEW_PASSWORD);
      expect(text).not.toContain(stored.password_hash);
    });

    it('an OWNER still needs their own current password to change their own', async () => {
      const owner = await ctx.createUser({ email: 'boss@example.com', role: 'OWNER' });
      const cookie = await signedIn('boss@example.com');
      expect((await patch(owner.id, { password: NEW_PASSWORD }, { cookie })).statusCode).toBe(400);
      const ok = await patch(
        owner.id,
        { password: NEW_PASSWORD, currentPassword: DEFAULT_PASSWORD },
        { cookie },
      );
      expect(ok.statusCode).toBe(200);
    });

    it('404 USER_NOT_FOUND for an unknown id, 409 LAST_OWNER, 400 for an empty change', async () => {
      const owner = await ctx.createUser({ email: 'boss@example.com', role: 'OWNER' });
      const cookie = await signedIn('boss@example.com');
      const missing = await patch(4242, { firstName: 'Ghost' }, { cookie });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ error: 'User not found', code: 'USER_NOT_FOUND' });

      const demote = await patch(owner.id, { role: 'USER' }, { cookie });
      expect(demote.statusCode).toBe(409);
      expect(demote.json().code).toBe('LAST_OWNER');

      const nothing = await patch(owner.id, { currentPassword: DEFAULT_PASSWORD }, { cookie });
      expect(nothing.statusCode).toBe(400);
      expect(nothing.json().issues).toEqual({ formErrors: ['Nothing to change'], fieldErrors: {} });

      const second = await ctx.createUser({ email: 'boss2@example.com', role: 'OWNER' });
      expect((await patch(second.id, { role: 'ADMIN' }, { cookie })).json().role).toBe('ADMIN');
    });

    it('validates params and body: unknown fields, short passwords, a non-numeric id', async () => {
      const user = await ctx.createUser({ email: 'user@example.com' });
      const cookie = await signedIn('user@example.com');

      const extra = await patch(user.id, { password: NEW_PASSWORD, passwordHash: 'x' }, { cookie });
      expect(extra.statusCode).toBe(400);
      expect(extra.json().code).toBe('VALIDATION_FAILED');
      expect(extra.json().issues.formErrors[0]).toMatch(/passwordHash/);

      const short = await patch(
        user.id,
        { password: 'short', currentPassword: DEFAULT_PASSWORD },
        { cookie },
      );
      expect(short.json().issues.fieldErrors).toEqual({
        password: ['New password must be at least 8 characters'],
      });

      const badId = await ctx.app.inject({
        method: 'PATCH',
        url: '/api/users/abc',
        payload: { firstName: 'X' },
        headers: { cookie },
      });
      expect(badId.statusCode).toBe(400);
      expect(badId.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        issues: { fieldErrors: { id: [expect.any(String)] } },
      });

      const same = await patch(
        user.id,
        { password: DEFAULT_PASSWORD, currentPassword: DEFAULT_PASSWORD },
        { cookie },
      );
      expect(same.statusCode).toBe(400);
      expect(
        z.object({ code: z.literal('VALIDATION_FAILED') }).safeParse(same.json()).success,
      ).toBe(true);
    });

    it('throttles guessing the current password like sign-in (429 after 5 misses)', async () => {
      const user = await ctx.createUser({ email: 'user@example.com' });
      const cookie = await signedIn('user@example.com');
      for (let i = 0; i < 5; i++) {
        const res = await patch(
          user.id,
          { password: NEW_PASSWORD, currentPassword: `guess-${i}-x` },
          { cookie },
        );
        expect(res.statusCode).toBe(400);
      }
      const locked = await patch(
        user.id,
        { password: NEW_PASSWORD, currentPassword: DEFAULT_PASSWORD },
        { cookie },
      );
      expect(locked.statusCode).toBe(429);
      expect(locked.headers['retry-after']).toBeDefined();
    });
  },
  { setup: addProbeRoutes },
);

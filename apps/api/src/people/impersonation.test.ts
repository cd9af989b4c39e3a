// Over 300 lines: impersonation's cases over one test app; one case per behaviour.
import { expect, it } from 'vitest';
import { resolveImpersonationSecret } from '../lib/impersonation-secret';
import { newJti, sessionDigest, signImpersonationToken } from '../lib/impersonation-token';
import { sessionIdFromToken } from '../lib/session-token';
import { auditRows, createPeopleWorld, type PeopleWorld } from '../test/people-world';
import { DEFAULT_PASSWORD, describeEachDatabase } from '../test/test-app';

describeEachDatabase('impersonation', (ctx) => {
  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    cookie: string,
    token?: string,
    payload?: object,
  ) =>
    ctx.app.inject({
      method,
      url,
      headers: { cookie, ...(token !== undefined && { 'x-impersonation-token': token }) },
      ...(payload !== undefined && { payload }),
    });

  async function start(w: PeopleWorld, actor: { cookie: string }, targetId: number) {
    const res = await call('POST', `/api/people/users/${targetId}/impersonate`, actor.cookie);
    expect(res.statusCode).toBe(200);
    return res.json() as { token: string; expiresAt: string; user: { id: number } };
  }

  /** Who the server thinks is asking. */
  async function whoAmI(cookie: string, token?: string): Promise<string> {
    const res = await call('GET', '/api/auth/status', cookie, token);
    expect(res.statusCode).toBe(200);
    return res.json().user.email;
  }

  it('serves requests as the target with a valid token; the session alone stays the actor', async () => {
    const w = await createPeopleWorld(ctx);
    const before = Date.now();
    const started = await start(w, w.owner, w.userA.id);
    expect(started.token.split('.')).toHaveLength(3);
    expect(started.user).toEqual({
      id: w.userA.id,
      email: 'user.a@example.com',
      firstName: 'Uma',
      lastName: 'Tester',
      role: 'USER',
    });
    const ttl = new Date(started.expiresAt).getTime() - before;
    expect(ttl).toBeGreaterThan(29 * 60_000);
    expect(ttl).toBeLessThanOrEqual(30 * 60_000 + 1000);

    expect(await whoAmI(w.owner.cookie, started.token)).toBe('user.a@example.com');
    expect(await whoAmI(w.owner.cookie)).toBe('owner@example.com');
    const rooms = await call('GET', '/api/user/rooms', w.owner.cookie, started.token);
    expect(rooms.json().map((r: { name: string }) => r.name)).toEqual(['Acme Yard']);
    const status = await call('GET', '/api/impersonation', w.owner.cookie, started.token);
    expect(status.json()).toMatchObject({
      active: true,
      user: { id: w.userA.id },
      actor: { id: w.owner.id, email: 'owner@example.com' },
    });
    expect((await call('GET', '/api/impersonation', w.owner.cookie)).json().active).toBe(false);
  });

  it('ignores forged, tampered, expired, other-session, other-actor, revoked and malformed tokens', async () => {
    const w = await createPeopleWorld(ctx);
    const { token } = await start(w, w.owner, w.userA.id);
    const [h, p, s] = token.split('.') as [string, string, string];
    const secret = ctx.app.impersonationSecret;
    const ownerSession = sessionIdFromToken(w.owner.cookie.split('=')[1] as string);
    const now = Math.floor(Date.now() / 1000);
    const claims = {
      act: w.owner.id,
      sub: w.userA.id,
      sid: sessionDigest(secret, ownerSession),
      iat: now,
      exp: now + 600,
      jti: newJti(),
    };

    const forged = signImpersonationToken('someone-elses-secret-0123456789abcdef', claims);
    const tamperedPayload = `${h}.${Buffer.from(JSON.stringify({ ...claims, sub: w.userB.id })).toString('base64url')}.${s}`;
    const tamperedSignature = `${h}.${p}.${s.slice(0, -4)}${s.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`;
    // Correctly signed, but never issued (no row): e.g. a leaked secret without the database.
    const neverIssued = signImpersonationToken(secret, claims);
    // Correctly signed and issued, but expired.
    const expiredJti = newJti();
    await ctx.db
      .insertInto('impersonation_tokens')
      .values({
        jti: expiredJti,
        actor_id: w.owner.id,
        target_id: w.userA.id,
        session_id: ownerSession,
        expires_at: new Date(Date.now() - 1000),
      })
      .execute();
    const expired = signImpersonationToken(secret, {
      ...claims,
      jti: expiredJti,
      iat: now - 700,
      exp: now - 1,
    });
    const expiredRowOnly = signImpersonationToken(secret, { ...claims, jti: expiredJti });

    for (const bad of [
      forged,
      tamperedPayload,
      tamperedSignature,
      neverIssued,
      expired,
      expiredRowOnly,
    ]) {
      expect(await whoAmI(w.owner.cookie, bad)).toBe('owner@example.com');
    }
    // Malformed headers are ignored, never a server error.
    for (const junk of ['', 'abc', 'a.b.c', '....', 'ä.ö.ü', token.repeat(10), `${token}.x`]) {
      const res = await call('GET', '/api/auth/status', w.owner.cookie, junk);
      expect(res.statusCode, junk.slice(0, 20)).toBe(200);
      expect(res.json().user.email).toBe('owner@example.com');
    }

    // The same owner's other session (another browser) cannot use it.
    const otherSession = await ctx.login('owner@example.com', DEFAULT_PASSWORD);
    expect(await whoAmI(otherSession.cookie as string, token)).toBe('owner@example.com');
    // Nor can anybody else, with their own session.
    expect(await whoAmI(w.adminA.cookie, token)).toBe('admin.a@example.com');
    expect(
      (await call('GET', '/api/auth/status', 'fc_session=nope', token)).json().isAuthenticated,
    ).toBe(false);

    // Stop revokes it for good.
    expect(await whoAmI(w.owner.cookie, token)).toBe('user.a@example.com');
    expect((await call('DELETE', '/api/impersonation', w.owner.cookie, token)).json()).toEqual({
      success: true,
    });
    expect(await whoAmI(w.owner.cookie, token)).toBe('owner@example.com');
    expect((await call('DELETE', '/api/impersonation', w.owner.cookie, token)).json()).toEqual({
      success: true,
    });

    // Deactivating the target, or resetting their password, ends a live impersonation.
    const second = await start(w, w.owner, w.userA.id);
    await call('POST', `/api/people/users/${w.userA.id}/deactivate`, w.owner.cookie);
    expect(await whoAmI(w.owner.cookie, second.token)).toBe('owner@example.com');
    const third = await start(w, w.owner, w.userB.id);
    await call(
      'POST',
      `/api/people/users/${w.userB.id}/reset-password`,
      w.owner.cookie,
      undefined,
      {},
    );
    expect(await whoAmI(w.owner.cookie, third.token)).toBe('owner@example.com');
    // Signing out ends the session and with it the token.
    const fourth = await start(w, w.owner, w.userA2.id);
    await call('POST', '/api/auth/logout', w.owner.cookie);
    expect(
      (await call('GET', '/api/auth/status', w.owner.cookie, fourth.token)).json().isAuthenticated,
    ).toBe(false);
  });

  it('limits who may impersonate whom', async () => {
    const w = await createPeopleWorld(ctx);
    const attempt = async (actor: { cookie: string }, targetId: number) => {
      const res = await call('POST', `/api/people/users/${targetId}/impersonate`, actor.cookie);
      return `${res.statusCode}${res.statusCode === 200 ? '' : ` ${res.json().code}`}`;
    };
    // OWNER: anyone but themselves (another OWNER or an ADMIN included).
    expect(await attempt(w.owner, w.adminB.id)).toBe('200');
    expect(await attempt(w.owner, w.userNone.id)).toBe('200');
    expect(await attempt(w.owner, w.owner.id)).toBe('403 IMPERSONATION_FORBIDDEN');
    // ADMIN: USERs of their own company only.
    expect(await attempt(w.adminA, w.userA.id)).toBe('200');
    expect(await attempt(w.adminA, w.adminA2.id)).toBe('403 IMPERSONATION_FORBIDDEN');
    expect(await attempt(w.adminA, w.adminA.id)).toBe('403 IMPERSONATION_FORBIDDEN');
    expect(await attempt(w.adminA, w.userB.id)).toBe('404 USER_NOT_FOUND');
    expect(await attempt(w.adminA, w.owner.id)).toBe('404 USER_NOT_FOUND');
    expect(await attempt(w.adminNone, w.userA.id)).toBe('404 USER_NOT_FOUND');
    expect(await attempt(w.userA, w.userA2.id)).toBe('403 FORBIDDEN');
    await call('POST', `/api/people/users/${w.userA2.id}/deactivate`, w.owner.cookie);
    expect(await attempt(w.owner, w.userA2.id)).toBe('403 IMPERSONATION_FORBIDDEN');

    // An ADMIN's token stops working once the target leaves the ADMIN's company.
    const { token } = await start(w, w.adminA, w.userA.id);
    expect(await whoAmI(w.adminA.cookie, token)).toBe('user.a@example.com');
    await call('PATCH', `/api/people/users/${w.userA.id}`, w.owner.cookie, undefined, {
      companyId: w.companies.b,
    });
    expect(await whoAmI(w.adminA.cookie, token)).toBe('admin.a@example.com');
  });

  it('the impersonated session cannot change passwords, roles or accounts, nor impersonate', async () => {
    const w = await createPeopleWorld(ctx);
    // The owner acts as ADMIN A, who could otherwise manage users and impersonate.
    const { token } = await start(w, w.owner, w.adminA.id);
    const refused = [
      [
        'PATCH',
        `/api/users/${w.adminA.id}`,
        { password: 'new-password-1', currentPassword: DEFAULT_PASSWORD },
      ],
      ['PATCH', `/api/people/users/${w.userA.id}`, { role: 'USER', firstName: 'Z' }],
      ['POST', `/api/people/users/${w.userA.id}/reset-password`, {}],
      ['POST', `/api/people/users/${w.userA.id}/deactivate`, {}],
      ['POST', `/api/people/users/${w.userA.id}/impersonate`, {}],
      [
        'POST',
        '/api/people/users',
        {
          email: 'n@example.com',
          username: 'nnn',
          password: 'temp-pass-1',
          firstName: 'N',
          lastName: 'N',
        },
      ],
      [
        'POST',
        '/api/users',
        {
          email: 'n@example.com',
          username: 'nnn',
          password: 'temp-pass-1',
          firstName: 'N',
          lastName: 'N',
        },
      ],
    ] as const;
    for (const [method, url, body] of refused) {
      const res = await call(method, url, w.owner.cookie, token, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json()).toEqual({
        error: 'Not available while acting as another user',
        code: 'IMPERSONATION_FORBIDDEN',
      });
    }
    // Reads still work as the target.
    const list = await call('GET', '/api/people/users', w.owner.cookie, token);
    expect(list.json().map((u: { email: string }) => u.email)).not.toContain('owner@example.com');
    const user = await ctx.db
      .selectFrom('users')
      .select(['first_name', 'password_hash'])
      .where('id', '=', w.userA.id)
      .executeTakeFirstOrThrow();
    expect(user.first_name).toBe('Uma');
  });

  it('audits start, every request made while impersonating and stop, with the real actor', async () => {
    const w = await createPeopleWorld(ctx);
    const item = await ctx.db
      .insertInto('content_items')
      .values({ title: 'News', category: 'read', type: 'NEWS', url: 'https://example.com/n' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { token } = await start(w, w.owner, w.userA.id);
    await call('GET', '/api/user/rooms', w.owner.cookie, token);
    const click = await call('POST', `/api/content/${item.id}/access`, w.owner.cookie, token, {});
    expect(click.statusCode).toBe(204);
    await call('PATCH', `/api/users/${w.userA.id}`, w.owner.cookie, token, {
      password: 'new-password-1',
      currentPassword: DEFAULT_PASSWORD,
    });
    await call('DELETE', '/api/impersonation', w.owner.cookie, token);

    const rows = (await auditRows(ctx)).filter((r) => r.action.startsWith('impersonation.'));
    expect(
      rows.map((r) => [
        r.action,
        r.actorId,
        r.targetId,
        r.details.method ?? null,
        r.details.route ?? null,
        r.details.statusCode ?? null,
      ]),
    ).toEqual([
      ['impersonation.start', w.owner.id, w.userA.id, null, null, null],
      ['impersonation.request', w.owner.id, w.userA.id, 'GET', '/api/user/rooms', 200],
      ['impersonation.request', w.owner.id, w.userA.id, 'POST', '/api/content/:id/access', 204],
      ['impersonation.request', w.owner.id, w.userA.id, 'PATCH', '/api/users/:id', 403],
      ['impersonation.stop', w.owner.id, w.userA.id, null, null, null],
      ['impersonation.request', w.owner.id, w.userA.id, 'DELETE', '/api/impersonation', 200],
    ]);
    // The click itself is recorded for the user being viewed (what they would have caused).
    const access = await ctx.db.selectFrom('content_access').select('user_id').execute();
    expect(access).toEqual([{ user_id: w.userA.id }]);
  });

  it('signs with IMPERSONATION_SECRET when set, else one per-install secret in the database', async () => {
    const fromDb = await resolveImpersonationSecret(ctx.db, {});
    expect(fromDb).toBe(ctx.app.impersonationSecret);
    expect(await resolveImpersonationSecret(ctx.db, {})).toBe(fromDb);
    const configured = 'x'.repeat(40);
    expect(await resolveImpersonationSecret(ctx.db, { IMPERSONATION_SECRET: configured })).toBe(
      configured,
    );
    await expect(
      resolveImpersonationSecret(ctx.db, { IMPERSONATION_SECRET: 'short' }),
    ).rejects.toThrow('IMPERSONATION_SECRET: must be at least 32 characters');
  });
});

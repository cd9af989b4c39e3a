// Over 300 lines: every people route for every role, on both databases, over one test app; one case
// per behaviour.
import type { TestContext } from '../test/test-app';
import { expect, it } from 'vitest';
import { auditRows, createPeopleWorld } from '../test/people-world';
import { DEFAULT_PASSWORD, describeEachDatabase } from '../test/test-app';

describeEachDatabase('/api/people: user management', (ctx) => {
  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    cookie: string,
    payload?: object,
  ) =>
    ctx.app.inject({
      method,
      url,
      headers: { cookie },
      ...(payload !== undefined && { payload }),
    });

  const emails = (body: { email: string }[]) => body.map((u) => u.email).sort();

  it('lists, searches and filters users for the owner', async () => {
    const w = await createPeopleWorld(ctx);
    const all = await call('GET', '/api/people/users', w.owner.cookie);
    expect(all.statusCode).toBe(200);
    expect(all.json()).toHaveLength(9);
    expect(all.json()[1]).toMatchObject({
      email: 'admin.a@example.com',
      companyId: w.companies.a,
      companyName: 'Acme Build',
      deactivatedAt: null,
    });

    // Search by name (first + last), email and username; case does not matter.
    const byName = await call('GET', '/api/people/users?q=uma%20TESTER', w.owner.cookie);
    expect(emails(byName.json())).toEqual(['user.a@example.com']);
    const byEmail = await call('GET', '/api/people/users?q=BOLT', w.owner.cookie);
    expect(byEmail.json()).toEqual([]);
    const byUsername = await call('GET', '/api/people/users?q=user2.a', w.owner.cookie);
    expect(emails(byUsername.json())).toEqual(['user2.a@example.com']);
    // LIKE wildcards are literal.
    expect((await call('GET', '/api/people/users?q=%25', w.owner.cookie)).json()).toEqual([]);

    const admins = await call('GET', '/api/people/users?role=ADMIN', w.owner.cookie);
    expect(emails(admins.json())).toEqual([
      'admin.a@example.com',
      'admin.b@example.com',
      'admin.none@example.com',
      'admin2.a@example.com',
    ]);
    const inB = await call('GET', `/api/people/users?companyId=${w.companies.b}`, w.owner.cookie);
    expect(emails(inB.json())).toEqual(['admin.b@example.com', 'user.b@example.com']);
    const noCompany = await call('GET', '/api/people/users?companyId=none', w.owner.cookie);
    expect(emails(noCompany.json())).toEqual([
      'admin.none@example.com',
      'owner@example.com',
      'user.none@example.com',
    ]);
    await ctx.db
      .updateTable('users')
      .set({ status: 'PENDING' })
      .where('id', '=', w.userB.id)
      .execute();
    const pending = await call('GET', '/api/people/users?status=PENDING', w.owner.cookie);
    expect(emails(pending.json())).toEqual(['user.b@example.com']);

    await call('POST', `/api/people/users/${w.userA2.id}/deactivate`, w.owner.cookie);
    const off = await call('GET', '/api/people/users?state=deactivated', w.owner.cookie);
    expect(emails(off.json())).toEqual(['user2.a@example.com']);
    const on = await call('GET', '/api/people/users?state=active', w.owner.cookie);
    expect(on.json()).toHaveLength(8);

    const bad = await call('GET', '/api/people/users?role=KING', w.owner.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_FAILED');
  });

  it('creates users with the create-user rules, in a company, audited', async () => {
    const w = await createPeopleWorld(ctx);
    const body = {
      email: 'New.Hire@Example.com',
      username: 'newhire',
      password: 'temp-pass-1',
      firstName: 'New',
      lastName: 'Hire',
      companyId: w.companies.b,
    };
    const created = await call('POST', '/api/people/users', w.owner.cookie, body);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      email: 'new.hire@example.com',
      role: 'USER',
      status: 'PENDING',
      passwordChangeRequired: true,
      companyId: w.companies.b,
      companyName: 'Bolt Civil',
    });
    const again = await call('POST', '/api/people/users', w.owner.cookie, body);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      error: 'A user with this email address already exists',
      code: 'EMAIL_TAKEN',
    });
    const invalid = await call('POST', '/api/people/users', w.owner.cookie, {
      ...body,
      email: 'x',
    });
    expect(invalid.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      issues: { fieldErrors: { email: ['Please enter a valid email address'] } },
    });
    const noSuchCompany = await call('POST', '/api/people/users', w.owner.cookie, {
      ...body,
      email: 'other@example.com',
      username: 'other',
      companyId: 9999,
    });
    expect(noSuchCompany.statusCode).toBe(404);
    expect(noSuchCompany.json().code).toBe('COMPANY_NOT_FOUND');

    const audit = (await auditRows(ctx)).filter((r) => r.action === 'user.create');
    expect(audit).toEqual([
      expect.objectContaining({
        actorId: w.owner.id,
        targetId: created.json().id,
        details: expect.objectContaining({ companyId: w.companies.b, role: 'USER' }),
      }),
    ]);
    expect(JSON.stringify(audit)).not.toContain('temp-pass-1');
  });

  it('edits names, role, status and company, with from → to in the audit', async () => {
    const w = await createPeopleWorld(ctx);
    const res = await call('PATCH', `/api/people/users/${w.userA.id}`, w.owner.cookie, {
      firstName: 'Umberto',
      role: 'ADMIN',
      status: 'PENDING',
      companyId: w.companies.b,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      firstName: 'Umberto',
      role: 'ADMIN',
      status: 'PENDING',
      companyId: w.companies.b,
      companyName: 'Bolt Civil',
    });
    const [row] = (await auditRows(ctx)).filter((r) => r.action === 'user.update');
    expect(row).toMatchObject({
      actorId: w.owner.id,
      targetId: w.userA.id,
      details: {
        changes: {
          firstName: { from: 'Uma', to: 'Umberto' },
          role: { from: 'USER', to: 'ADMIN' },
          status: { from: 'ACTIVE', to: 'PENDING' },
          companyId: { from: w.companies.a, to: w.companies.b },
        },
      },
    });
    const none = await call('PATCH', `/api/people/users/${w.userA.id}`, w.owner.cookie, {});
    expect(none.statusCode).toBe(400);
    const unknownField = await call('PATCH', `/api/people/users/${w.userA.id}`, w.owner.cookie, {
      password: 'sneaky-pass-1',
    });
    expect(unknownField.statusCode).toBe(400);
    const lastOwner = await call('PATCH', `/api/people/users/${w.owner.id}`, w.owner.cookie, {
      role: 'ADMIN',
    });
    expect(lastOwner.statusCode).toBe(409);
    expect(lastOwner.json().code).toBe('LAST_OWNER');
    expect(
      (await call('PATCH', '/api/people/users/9999', w.owner.cookie, { firstName: 'X' })).json(),
    ).toEqual({
      error: 'User not found',
      code: 'USER_NOT_FOUND',
    });
  });

  it('resets a password: shown once, must be changed at next sign-in, sessions revoked', async () => {
    const w = await createPeopleWorld(ctx);
    const before = await ctx.login('user.a@example.com', DEFAULT_PASSWORD);
    expect(before.status).toBe(200);

    const res = await call(
      'POST',
      `/api/people/users/${w.userA.id}/reset-password`,
      w.owner.cookie,
      {},
    );
    expect(res.statusCode).toBe(200);
    const { temporaryPassword, generated, sessionsRevoked, user } = res.json();
    expect(generated).toBe(true);
    expect(temporaryPassword).toMatch(/^[A-Za-z2-9]{14}$/);
    // The fixture's cookie and the sign-in above.
    expect(sessionsRevoked).toBe(2);
    expect(user).toMatchObject({ passwordChangeRequired: true, requiresReset: true });

    // Old sessions are gone; the old password no longer works; the new one must be changed.
    expect((await call('GET', '/api/auth/user', before.cookie as string)).statusCode).toBe(401);
    expect((await ctx.login('user.a@example.com', DEFAULT_PASSWORD)).status).toBe(401);
    const after = await ctx.login('user.a@example.com', temporaryPassword);
    expect(after.status).toBe(200);
    expect(after.body).toMatchObject({ passwordChangeRequired: true, requiresReset: true });
    expect((await call('GET', '/api/user/rooms', after.cookie as string)).json().code).toBe(
      'PASSWORD_CHANGE_REQUIRED',
    );

    const chosen = await call(
      'POST',
      `/api/people/users/${w.userB.id}/reset-password`,
      w.owner.cookie,
      {
        password: 'chosen-temp-1',
      },
    );
    expect(chosen.json()).toMatchObject({ generated: false, temporaryPassword: 'chosen-temp-1' });
    const short = await call(
      'POST',
      `/api/people/users/${w.userB.id}/reset-password`,
      w.owner.cookie,
      {
        password: 'short',
      },
    );
    expect(short.json().issues.fieldErrors.password).toEqual([
      'Temporary password must be at least 8 characters',
    ]);
    const self = await call(
      'POST',
      `/api/people/users/${w.owner.id}/reset-password`,
      w.owner.cookie,
      {},
    );
    expect(self.statusCode).toBe(403);

    const audit = (await auditRows(ctx)).filter((r) => r.action === 'user.password_reset');
    expect(audit).toEqual([
      expect.objectContaining({
        actorId: w.owner.id,
        targetId: w.userA.id,
        details: { generated: true, sessionsRevoked: 2 },
      }),
      expect.objectContaining({
        actorId: w.owner.id,
        targetId: w.userB.id,
        details: { generated: false, sessionsRevoked: 1 },
      }),
    ]);
    expect(JSON.stringify(audit)).not.toContain(temporaryPassword);
  });

  it('deactivates (sign-in refused, sessions end) and reactivates, idempotently', async () => {
    const w = await createPeopleWorld(ctx);
    const res = await call('POST', `/api/people/users/${w.userA.id}/deactivate`, w.owner.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().deactivatedAt).not.toBeNull();
    expect((await call('GET', '/api/auth/user', w.userA.cookie)).statusCode).toBe(401);
    expect(
      await ctx.db.selectFrom('sessions').where('user_id', '=', w.userA.id).selectAll().execute(),
    ).toEqual([]);
    const refused = await ctx.login('user.a@example.com', DEFAULT_PASSWORD);
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({
      error: 'Invalid email or password',
      code: 'INVALID_CREDENTIALS',
    });

    expect(
      (await call('POST', `/api/people/users/${w.userA.id}/deactivate`, w.owner.cookie)).statusCode,
    ).toBe(200);
    const back = await call('POST', `/api/people/users/${w.userA.id}/reactivate`, w.owner.cookie);
    expect(back.json().deactivatedAt).toBeNull();
    expect((await ctx.login('user.a@example.com', DEFAULT_PASSWORD)).status).toBe(200);

    const self = await call('POST', `/api/people/users/${w.owner.id}/deactivate`, w.owner.cookie);
    expect(self.statusCode).toBe(403);
    const audit = await auditRows(ctx);
    expect(
      audit
        .filter((r) => r.action.startsWith('user.'))
        .map((r) => [r.action, r.actorId, r.targetId]),
    ).toEqual([
      ['user.deactivate', w.owner.id, w.userA.id],
      ['user.reactivate', w.owner.id, w.userA.id],
    ]);
  });

  it("shows a user's rooms, content permissions and recent access", async () => {
    const w = await createPeopleWorld(ctx);
    const item = await ctx.db
      .insertInto('content_items')
      .values({
        title: 'Harness check',
        category: 'read',
        type: 'NEWS',
        url: 'https://example.com/n',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await ctx.db
      .insertInto('content_permissions')
      .values({ content_id: item.id, user_id: w.userA.id, can_access: false })
      .execute();
    await ctx.db
      .insertInto('content_access')
      .values({ content_id: item.id, user_id: w.userA.id })
      .execute();
    const res = await call('GET', `/api/people/users/${w.userA.id}/access`, w.owner.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      rooms: [
        {
          id: w.rooms.a,
          name: 'Acme Yard',
          status: 'LIVE',
          category: 'Safety',
          companyId: w.companies.a,
        },
      ],
      permissions: [{ contentId: item.id, title: 'Harness check', canAccess: false }],
      recentAccess: [
        { contentId: item.id, title: 'Harness check', accessedAt: expect.any(String) },
      ],
    });
  });

  it('assigns and removes room members, audited once per real change', async () => {
    const w = await createPeopleWorld(ctx);
    const rooms = await call('GET', '/api/people/rooms', w.owner.cookie);
    expect(rooms.json().map((r: { name: string }) => r.name)).toEqual([
      'Acme Yard',
      'Bolt Depot',
      'Open Floor',
    ]);
    const add = () =>
      call('POST', `/api/people/rooms/${w.rooms.a}/members`, w.owner.cookie, {
        userId: w.userA2.id,
      });
    expect((await add()).json()).toEqual({ success: true });
    expect((await add()).statusCode).toBe(200);
    const after = await call('GET', '/api/people/rooms', w.owner.cookie);
    expect(after.json()[0].memberIds).toEqual([w.userA.id, w.userA2.id]);
    expect(
      (
        await call(
          'DELETE',
          `/api/people/rooms/${w.rooms.a}/members/${w.userA2.id}`,
          w.owner.cookie,
        )
      ).statusCode,
    ).toBe(200);
    const audit = (await auditRows(ctx)).filter((r) => r.action.startsWith('room.'));
    expect(audit.map((r) => [r.action, r.actorId, r.targetId, r.details])).toEqual([
      ['room.member_add', w.owner.id, w.rooms.a, { userId: w.userA2.id }],
      ['room.member_remove', w.owner.id, w.rooms.a, { userId: w.userA2.id }],
    ]);
  });

  describeAdminScope(ctx);
});

/** The ADMIN rules of docs/people-and-companies.md, route by route. */
function describeAdminScope(ctx: TestContext) {
  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    cookie: string,
    payload?: object,
  ) =>
    ctx.app.inject({
      method,
      url,
      headers: { cookie },
      ...(payload !== undefined && { payload }),
    });

  it('ADMIN sees only their company, never OWNERs; an ADMIN without a company sees nobody', async () => {
    const w = await createPeopleWorld(ctx);
    const mine = await call('GET', '/api/people/users', w.adminA.cookie);
    expect(
      mine
        .json()
        .map((u: { email: string }) => u.email)
        .sort(),
    ).toEqual([
      'admin.a@example.com',
      'admin2.a@example.com',
      'user.a@example.com',
      'user2.a@example.com',
    ]);
    // Asking for another company's users does not widen the scope.
    expect(
      (await call('GET', `/api/people/users?companyId=${w.companies.b}`, w.adminA.cookie)).json(),
    ).toEqual([]);
    expect((await call('GET', '/api/people/users', w.adminNone.cookie)).json()).toEqual([]);
    expect((await call('GET', '/api/people/rooms', w.adminNone.cookie)).json()).toEqual([]);
    const rooms = await call('GET', '/api/people/rooms', w.adminA.cookie);
    expect(rooms.json().map((r: { name: string }) => r.name)).toEqual(['Acme Yard']);
    // USERs are refused outright.
    expect((await call('GET', '/api/people/users', w.userA.cookie)).statusCode).toBe(403);
  });

  it('ADMIN manages USERs of their company only: every route, in and out of the company', async () => {
    const w = await createPeopleWorld(ctx);
    const routes = (id: number) =>
      [
        ['GET', `/api/people/users/${id}`, undefined],
        ['GET', `/api/people/users/${id}/access`, undefined],
        ['PATCH', `/api/people/users/${id}`, { firstName: 'Renamed' }],
        ['POST', `/api/people/users/${id}/reset-password`, { password: 'temp-pass-9' }],
        ['POST', `/api/people/users/${id}/deactivate`, undefined],
        ['POST', `/api/people/users/${id}/reactivate`, undefined],
        ['POST', `/api/people/rooms/${w.rooms.a}/members`, { userId: id }],
        ['DELETE', `/api/people/rooms/${w.rooms.a}/members/${id}`, undefined],
      ] as const;
    const statuses = async (cookie: string, id: number) => {
      const out: string[] = [];
      for (const [method, url, body] of routes(id)) {
        out.push(
          `${method} ${url.replace(String(id), ':id')} ${(await call(method, url, cookie, body)).statusCode}`,
        );
      }
      return out;
    };
    const codes = (list: string[]) => list.map((l) => Number(l.split(' ').pop()));

    // Own company's USER: everything works.
    expect(codes(await statuses(w.adminA.cookie, w.userA2.id))).toEqual([
      200, 200, 200, 200, 200, 200, 200, 200,
    ]);
    // Another company's USER, an OWNER, a user without a company: as if they did not exist.
    for (const target of [w.userB, w.owner, w.userNone]) {
      expect(codes(await statuses(w.adminA.cookie, target.id))).toEqual([
        404, 404, 404, 404, 404, 404, 404, 404,
      ]);
    }
    // Another ADMIN of the same company: visible, not manageable; room membership is allowed.
    expect(codes(await statuses(w.adminA.cookie, w.adminA2.id))).toEqual([
      200, 200, 403, 403, 403, 403, 200, 200,
    ]);
    // An ADMIN without a company manages nobody.
    expect(codes(await statuses(w.adminNone.cookie, w.userA2.id))).toEqual([
      404, 404, 404, 404, 404, 404, 404, 404,
    ]);
    // Another company's rooms are out of reach even for their own users.
    expect(
      (
        await call('POST', `/api/people/rooms/${w.rooms.b}/members`, w.adminA.cookie, {
          userId: w.userA.id,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('ADMIN cannot create an OWNER or ADMIN, raise roles, or move users to another company', async () => {
    const w = await createPeopleWorld(ctx);
    const body = {
      email: 'crew@example.com',
      username: 'crew',
      password: 'temp-pass-1',
      firstName: 'C',
      lastName: 'Rew',
    };
    for (const role of ['OWNER', 'ADMIN']) {
      const res = await call('POST', '/api/people/users', w.adminA.cookie, { ...body, role });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
    const elsewhere = await call('POST', '/api/people/users', w.adminA.cookie, {
      ...body,
      companyId: w.companies.b,
    });
    expect(elsewhere.statusCode).toBe(403);
    const created = await call('POST', '/api/people/users', w.adminA.cookie, body);
    expect(created.statusCode).toBe(201);
    // Always into the ADMIN's own company.
    expect(created.json()).toMatchObject({ role: 'USER', companyId: w.companies.a });
    expect(
      (
        await call('POST', '/api/people/users', w.adminNone.cookie, {
          ...body,
          email: 'x@example.com',
          username: 'xavier',
        })
      ).statusCode,
    ).toBe(403);

    for (const role of ['OWNER', 'ADMIN']) {
      expect(
        (await call('PATCH', `/api/people/users/${w.userA.id}`, w.adminA.cookie, { role }))
          .statusCode,
      ).toBe(403);
    }
    expect(
      (await call('PATCH', `/api/people/users/${w.adminA2.id}`, w.adminA.cookie, { role: 'OWNER' }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await call('PATCH', `/api/people/users/${w.userA.id}`, w.adminA.cookie, {
          companyId: w.companies.b,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await call('PATCH', `/api/people/users/${w.userA.id}`, w.adminA.cookie, { companyId: null }))
        .statusCode,
    ).toBe(403);
    // Saying the same company is not a move.
    expect(
      (
        await call('PATCH', `/api/people/users/${w.userA.id}`, w.adminA.cookie, {
          companyId: w.companies.a,
          status: 'PENDING',
        })
      ).statusCode,
    ).toBe(200);

    const roles = await ctx.db
      .selectFrom('users')
      .select(['email', 'role', 'company_id'])
      .where('email', 'in', ['user.a@example.com', 'admin2.a@example.com'])
      .orderBy('email')
      .execute();
    expect(roles).toEqual([
      { email: 'admin2.a@example.com', role: 'ADMIN', company_id: w.companies.a },
      { email: 'user.a@example.com', role: 'USER', company_id: w.companies.a },
    ]);
    // The ADMIN's changes carry the ADMIN as actor.
    const audit = (await auditRows(ctx)).filter((r) => r.action.startsWith('user.'));
    expect(audit.map((r) => [r.action, r.actorId])).toEqual([
      ['user.create', w.adminA.id],
      ['user.update', w.adminA.id],
    ]);
  });
}

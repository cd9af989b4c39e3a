import { expect, it } from 'vitest';
import { auditRows, createPeopleWorld } from '../test/people-world';
import { describeEachDatabase } from '../test/test-app';

describeEachDatabase('/api/companies', (ctx) => {
  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    cookie: string,
    payload?: object,
  ) =>
    ctx.app.inject({ method, url, headers: { cookie }, ...(payload !== undefined && { payload }) });

  it('lists companies with counts; creates and renames, refusing duplicate names', async () => {
    const w = await createPeopleWorld(ctx);
    const list = await call('GET', '/api/companies', w.owner.cookie);
    expect(list.json()).toEqual([
      {
        id: w.companies.a,
        name: 'Acme Build',
        userCount: 4,
        roomCount: 1,
        createdAt: expect.any(String),
      },
      {
        id: w.companies.b,
        name: 'Bolt Civil',
        userCount: 2,
        roomCount: 1,
        createdAt: expect.any(String),
      },
    ]);
    const created = await call('POST', '/api/companies', w.owner.cookie, { name: '  Crane Co  ' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Crane Co', userCount: 0, roomCount: 0 });
    const dup = await call('POST', '/api/companies', w.owner.cookie, { name: 'acme build' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({
      error: 'A company with this name already exists',
      code: 'COMPANY_NAME_TAKEN',
    });
    const empty = await call('POST', '/api/companies', w.owner.cookie, { name: ' ' });
    expect(empty.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      issues: { fieldErrors: { name: ['Company name is required'] } },
    });

    const renamed = await call('PATCH', `/api/companies/${created.json().id}`, w.owner.cookie, {
      name: 'Crane & Hoist',
    });
    expect(renamed.json().name).toBe('Crane & Hoist');
    const clash = await call('PATCH', `/api/companies/${created.json().id}`, w.owner.cookie, {
      name: 'Bolt Civil',
    });
    expect(clash.statusCode).toBe(409);
    expect(
      (await call('PATCH', '/api/companies/9999', w.owner.cookie, { name: 'X' })).json().code,
    ).toBe('COMPANY_NOT_FOUND');

    const audit = (await auditRows(ctx)).filter((r) => r.action.startsWith('company.'));
    expect(audit.map((r) => [r.action, r.actorId, r.details])).toEqual([
      ['company.create', w.owner.id, { name: 'Crane Co' }],
      [
        'company.rename',
        w.owner.id,
        { changes: { name: { from: 'Crane Co', to: 'Crane & Hoist' } } },
      ],
    ]);
  });

  it('shows a company with its users and rooms; assigns and releases users and rooms', async () => {
    const w = await createPeopleWorld(ctx);
    const detail = await call('GET', `/api/companies/${w.companies.b}`, w.owner.cookie);
    expect(detail.json()).toMatchObject({
      name: 'Bolt Civil',
      users: [
        { email: 'admin.b@example.com', role: 'ADMIN' },
        { email: 'user.b@example.com', role: 'USER' },
      ],
      rooms: [{ id: w.rooms.b, name: 'Bolt Depot', status: 'LIVE', category: 'Safety' }],
    });
    const b = w.companies.b;
    expect(
      (
        await call('POST', `/api/companies/${b}/users`, w.owner.cookie, { userId: w.userNone.id })
      ).json(),
    ).toEqual({ success: true });
    // Moving from another company is a move, not a copy.
    expect(
      (await call('POST', `/api/companies/${b}/users`, w.owner.cookie, { userId: w.userA.id }))
        .statusCode,
    ).toBe(200);
    expect(
      (await call('POST', `/api/companies/${b}/rooms`, w.owner.cookie, { roomId: w.rooms.none }))
        .statusCode,
    ).toBe(200);
    expect(
      (await call('DELETE', `/api/companies/${b}/rooms/${w.rooms.b}`, w.owner.cookie)).statusCode,
    ).toBe(200);
    // Releasing what is not there changes nothing.
    expect(
      (await call('DELETE', `/api/companies/${b}/users/${w.adminA.id}`, w.owner.cookie)).statusCode,
    ).toBe(200);
    expect(
      (await call('POST', `/api/companies/${b}/users`, w.owner.cookie, { userId: 9999 })).json()
        .code,
    ).toBe('USER_NOT_FOUND');
    expect(
      (await call('POST', `/api/companies/${b}/rooms`, w.owner.cookie, { roomId: 9999 })).json()
        .code,
    ).toBe('ROOM_NOT_FOUND');
    expect(
      (
        await call('POST', '/api/companies/9999/rooms', w.owner.cookie, { roomId: w.rooms.a })
      ).json().code,
    ).toBe('COMPANY_NOT_FOUND');

    const after = (await call('GET', `/api/companies/${b}`, w.owner.cookie)).json();
    expect(after.users.map((u: { email: string }) => u.email)).toEqual([
      'user.a@example.com',
      'admin.b@example.com',
      'user.b@example.com',
      'user.none@example.com',
    ]);
    expect(after.rooms.map((r: { name: string }) => r.name)).toEqual(['Open Floor']);
    const audit = (await auditRows(ctx)).filter((r) => r.action.startsWith('company.'));
    expect(audit.map((r) => [r.action, r.targetId, r.details])).toEqual([
      ['company.user_add', b, { userId: w.userNone.id, from: null, to: b }],
      ['company.user_add', b, { userId: w.userA.id, from: w.companies.a, to: b }],
      ['company.room_add', b, { roomId: w.rooms.none, from: null, to: b }],
      ['company.room_remove', b, { roomId: w.rooms.b, from: b, to: null }],
    ]);
  });

  it('refuses to delete a company that has users; deleting an empty one releases its rooms', async () => {
    const w = await createPeopleWorld(ctx);
    const refused = await call('DELETE', `/api/companies/${w.companies.b}`, w.owner.cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error: 'Move or remove this company’s users before deleting it',
      code: 'COMPANY_NOT_EMPTY',
    });
    for (const user of [w.adminB, w.userB]) {
      await call('DELETE', `/api/companies/${w.companies.b}/users/${user.id}`, w.owner.cookie);
    }
    const deleted = await call('DELETE', `/api/companies/${w.companies.b}`, w.owner.cookie);
    expect(deleted.json()).toEqual({ success: true });
    const room = await ctx.db
      .selectFrom('rooms')
      .select('company_id')
      .where('id', '=', w.rooms.b)
      .executeTakeFirstOrThrow();
    expect(room.company_id).toBeNull();
    const [row] = (await auditRows(ctx)).filter((r) => r.action === 'company.delete');
    expect(row).toMatchObject({
      actorId: w.owner.id,
      details: { name: 'Bolt Civil', roomsReleased: 1 },
    });
    expect(
      (await call('DELETE', `/api/companies/${w.companies.b}`, w.owner.cookie)).statusCode,
    ).toBe(404);
  });

  it('ADMIN reads their own company only and changes none; USER is refused', async () => {
    const w = await createPeopleWorld(ctx);
    const mine = await call('GET', '/api/companies', w.adminA.cookie);
    expect(mine.json().map((c: { name: string }) => c.name)).toEqual(['Acme Build']);
    const detail = await call('GET', `/api/companies/${w.companies.a}`, w.adminA.cookie);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().users.map((u: { email: string }) => u.email)).not.toContain(
      'owner@example.com',
    );
    expect((await call('GET', `/api/companies/${w.companies.b}`, w.adminA.cookie)).statusCode).toBe(
      404,
    );
    expect((await call('GET', '/api/companies', w.adminNone.cookie)).json()).toEqual([]);
    const writes = [
      ['POST', '/api/companies', { name: 'Mine' }],
      ['PATCH', `/api/companies/${w.companies.a}`, { name: 'Mine' }],
      ['DELETE', `/api/companies/${w.companies.a}`, undefined],
      ['POST', `/api/companies/${w.companies.a}/users`, { userId: w.userB.id }],
      ['DELETE', `/api/companies/${w.companies.a}/users/${w.userA.id}`, undefined],
      ['POST', `/api/companies/${w.companies.a}/rooms`, { roomId: w.rooms.b }],
      ['DELETE', `/api/companies/${w.companies.a}/rooms/${w.rooms.a}`, undefined],
    ] as const;
    for (const [method, url, body] of writes) {
      expect((await call(method, url, w.adminA.cookie, body)).statusCode, `${method} ${url}`).toBe(
        403,
      );
    }
    expect((await call('GET', '/api/companies', w.userA.cookie)).statusCode).toBe(403);
    expect(await auditRows(ctx)).toEqual([]);
  });
});

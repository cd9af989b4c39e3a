// Over 300 lines: every room route for every role, on both databases, over one test app; one case
// per behaviour.
import { beforeEach, expect, it } from 'vitest';
import { describeEachDatabase } from '../test/test-app';
import { createWorld, type World } from '../test/world';

describeEachDatabase('rooms', (ctx) => {
  let w: World;
  beforeEach(async () => {
    w = await createWorld(ctx);
  });

  const as = (cookie: string | undefined) => ({ headers: cookie ? { cookie } : {} });
  const get = (url: string, cookie: string | undefined) =>
    ctx.app.inject({ method: 'GET', url, ...as(cookie) });
  const send = (
    method: 'POST' | 'PATCH' | 'DELETE',
    url: string,
    cookie: string | undefined,
    payload?: object,
  ) => ctx.app.inject({ method, url, ...as(cookie), ...(payload && { payload }) });
  const roomIds = (body: { id: number }[]) => body.map((r) => r.id).sort((a, b) => a - b);
  const audit = () => ctx.db.selectFrom('audit_log').selectAll().orderBy('id').execute();

  it('a USER lists exactly the rooms they are a member of, each with the full shape', async () => {
    const res = await get('/api/user/rooms', w.cookies.USER);
    expect(res.statusCode).toBe(200);
    const rooms = res.json();
    expect(roomIds(rooms)).toEqual([w.rooms.shared, w.rooms.userOnly]);
    expect(rooms[0]).toEqual({
      id: w.rooms.shared,
      name: 'Site Safety',
      category: 'Safety',
      status: 'LIVE',
      description: null,
      backgroundColor: '#1a1a1a',
      badgeText: null,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      hasAccess: true,
      agent: { name: 'Field Advisor', agentId: 'field-advisor' },
    });
  });

  it('an ADMIN lists only their rooms; an OWNER every room; a user in no room none', async () => {
    expect(roomIds((await get('/api/user/rooms', w.cookies.ADMIN)).json())).toEqual([
      w.rooms.shared,
      w.rooms.adminOnly,
    ]);
    const all = (await get('/api/user/rooms', w.cookies.OWNER)).json();
    expect(roomIds(all)).toEqual(Object.values(w.rooms).sort((a, b) => a - b));
    expect(all.every((r: { hasAccess: boolean }) => r.hasAccess)).toBe(true);
    expect((await get('/api/user/rooms', w.outsiderCookie)).json()).toEqual([]);
  });

  it('a USER guessing the id of a room they are not in learns nothing', async () => {
    const missing = await get('/api/user/rooms/999999', w.cookies.USER);
    expect(missing.statusCode).toBe(404);
    for (const id of [w.rooms.adminOnly, w.rooms.empty]) {
      const res = await get(`/api/user/rooms/${id}`, w.cookies.USER);
      expect(res.statusCode).toBe(404);
      // Same answer as for a room that does not exist: existence does not leak.
      expect(res.json()).toEqual(missing.json());
      expect(res.json()).toEqual({ error: 'Room not found', code: 'ROOM_NOT_FOUND' });
    }
    const own = await get(`/api/user/rooms/${w.rooms.userOnly}`, w.cookies.USER);
    expect(own.json()).toMatchObject({ id: w.rooms.userOnly, name: 'Concrete', hasAccess: true });
    expect((await get(`/api/user/rooms/${w.rooms.empty}`, w.cookies.OWNER)).statusCode).toBe(200);
    expect((await get('/api/user/rooms/abc', w.cookies.USER)).statusCode).toBe(400);
  });

  it('the owner lists rooms with their members, users and agents', async () => {
    const rooms = (await get('/api/owner/rooms', w.cookies.OWNER)).json();
    const shared = rooms.find((r: { id: number }) => r.id === w.rooms.shared);
    expect(shared.members).toEqual([
      {
        id: w.admin.id,
        email: 'admin@example.com',
        username: 'admin',
        firstName: null,
        lastName: null,
        role: 'ADMIN',
      },
      {
        id: w.user.id,
        email: 'user@example.com',
        username: 'user',
        firstName: null,
        lastName: null,
        role: 'USER',
      },
    ]);
    expect(rooms.find((r: { id: number }) => r.id === w.rooms.empty).members).toEqual([]);

    const users = (await get('/api/owner/users', w.cookies.OWNER)).json();
    expect(users.map((u: { email: string }) => u.email)).toEqual([
      'owner@example.com',
      'admin@example.com',
      'user@example.com',
      'outsider@example.com',
    ]);
    expect(users[0]).not.toHaveProperty('passwordHash');
    expect(JSON.stringify(users)).not.toContain('argon2');

    expect((await get('/api/agents', w.cookies.OWNER)).json()).toEqual([
      { id: w.agent.id, name: 'Field Advisor', agentId: 'field-advisor' },
    ]);
  });

  it('creates a room with the form defaults and audits it', async () => {
    const res = await send('POST', '/api/owner/rooms', w.cookies.OWNER, {
      name: '  Rigging  ',
      agentId: 'field-advisor',
      description: '',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      name: 'Rigging',
      category: 'Training',
      status: 'LIVE',
      description: null,
      backgroundColor: '#1a1a1a',
      badgeText: null,
      createdAt: expect.any(String),
      hasAccess: true,
      agent: { name: 'Field Advisor', agentId: 'field-advisor' },
      members: [],
    });
    const full = await send('POST', '/api/owner/rooms', w.cookies.OWNER, {
      name: 'Cranes',
      category: 'Equipment',
      agentId: 'field-advisor',
      status: 'PAUSED',
      description: 'Lifts',
      backgroundColor: '#003366',
      badgeText: 'NEW',
    });
    expect(full.json()).toMatchObject({
      category: 'Equipment',
      status: 'PAUSED',
      description: 'Lifts',
      backgroundColor: '#003366',
      badgeText: 'NEW',
    });
    expect(await audit()).toEqual([
      expect.objectContaining({
        actor_id: w.owner.id,
        action: 'room.create',
        target_type: 'room',
        target_id: String(res.json().id),
        details: expect.objectContaining({ name: 'Rigging', agentId: 'field-advisor' }),
      }),
      expect.objectContaining({ action: 'room.create', target_id: String(full.json().id) }),
    ]);
  });

  it.each([
    [{}, { name: ['Room name is required'], agentId: ['Agent is required'] }],
    [
      { name: '   ', category: ' ', agentId: '' },
      {
        name: ['Room name is required'],
        category: ['Category is required'],
        agentId: ['Agent is required'],
      },
    ],
    [{ name: 'Ok', agentId: 'field-advisor', status: 'OPEN' }, { status: [expect.any(String)] }],
    [
      { name: 'Ok', agentId: 'field-advisor', backgroundColor: 'red' },
      { backgroundColor: ['Background colour must be a hex colour like #1a1a1a'] },
    ],
  ])('refuses an invalid room with the spec messages: %j', async (payload, fieldErrors) => {
    const res = await send('POST', '/api/owner/rooms', w.cookies.OWNER, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', issues: { fieldErrors } });
    expect(await audit()).toEqual([]);
  });

  it('refuses an unknown agent', async () => {
    const res = await send('POST', '/api/owner/rooms', w.cookies.OWNER, {
      name: 'Ghost',
      agentId: 'no-such-agent',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'AGENT_NOT_FOUND',
      issues: { fieldErrors: { agentId: ['Agent not found'] } },
    });
  });

  it('quick add uses the room form defaults and the default agent', async () => {
    const res = await send('POST', '/api/test-rooms', w.cookies.OWNER, { name: ' Yard ' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      name: 'Yard',
      category: 'Training',
      status: 'LIVE',
      backgroundColor: '#1a1a1a',
      description: null,
      agent: { agentId: 'field-advisor' },
    });
    const described = await send('POST', '/api/test-rooms', w.cookies.OWNER, {
      name: 'Shop',
      description: 'Tools',
    });
    expect(described.json()).toMatchObject({ description: 'Tools' });
    const empty = await send('POST', '/api/test-rooms', w.cookies.OWNER, { name: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().issues.fieldErrors).toEqual({ name: ['Room name is required'] });
    expect((await audit()).map((a) => a.action)).toEqual([
      'room.quick_create',
      'room.quick_create',
    ]);
  });

  it('edits a room, clears optional text with "", and audits from → to', async () => {
    const url = `/api/owner/rooms/${w.rooms.shared}`;
    const res = await send('PATCH', url, w.cookies.OWNER, {
      name: 'Safety First',
      description: 'Toolbox talks',
      badgeText: 'HOT',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Safety First',
      description: 'Toolbox talks',
      badgeText: 'HOT',
      category: 'Safety',
      members: [{ id: w.admin.id }, { id: w.user.id }],
    });
    const cleared = await send('PATCH', url, w.cookies.OWNER, {
      description: '',
      backgroundColor: null,
    });
    expect(cleared.json()).toMatchObject({
      description: null,
      backgroundColor: null,
      badgeText: 'HOT',
    });

    expect((await send('PATCH', url, w.cookies.OWNER, {})).statusCode).toBe(400);
    expect(
      (await send('PATCH', url, w.cookies.OWNER, { name: ' ' })).json().issues.fieldErrors,
    ).toEqual({
      name: ['Room name is required'],
    });
    // Unknown fields are refused (category is editable now: rooms-edit.test.ts).
    expect((await send('PATCH', url, w.cookies.OWNER, { members: [] })).statusCode).toBe(400);
    const missing = await send('PATCH', '/api/owner/rooms/999999', w.cookies.OWNER, { name: 'X' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('ROOM_NOT_FOUND');

    const rows = await audit();
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      action: 'room.update',
      actor_id: w.owner.id,
      target_id: String(w.rooms.shared),
      details: {
        changes: {
          name: { from: 'Site Safety', to: 'Safety First' },
          description: { from: null, to: 'Toolbox talks' },
          badgeText: { from: null, to: 'HOT' },
        },
      },
    });
  });

  it('pauses and resumes a room; members see the status', async () => {
    const url = `/api/test-rooms/${w.rooms.shared}/status`;
    const paused = await send('PATCH', url, w.cookies.OWNER, { status: 'PAUSED' });
    expect(paused.statusCode).toBe(200);
    expect(paused.json()).toMatchObject({ id: w.rooms.shared, status: 'PAUSED' });
    const seen = await get(`/api/user/rooms/${w.rooms.shared}`, w.cookies.USER);
    expect(seen.json().status).toBe('PAUSED');
    await send('PATCH', url, w.cookies.OWNER, { status: 'LIVE' });

    expect((await send('PATCH', url, w.cookies.OWNER, { status: 'OPEN' })).statusCode).toBe(400);
    expect((await send('PATCH', url, w.cookies.OWNER, {})).statusCode).toBe(400);
    expect(
      (await send('PATCH', '/api/test-rooms/999999/status', w.cookies.OWNER, { status: 'LIVE' }))
        .statusCode,
    ).toBe(404);
    expect((await audit()).map((a) => [a.action, a.details])).toEqual([
      ['room.status_change', { from: 'LIVE', to: 'PAUSED' }],
      ['room.status_change', { from: 'PAUSED', to: 'LIVE' }],
    ]);
  });

  it('assigning is idempotent and lets the user see the room; removing takes it away', async () => {
    const assign = () =>
      send('POST', `/api/owner/rooms/${w.rooms.empty}/users`, w.cookies.OWNER, {
        userId: w.outsider.id,
      });
    const first = await assign();
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ success: true });
    expect((await assign()).statusCode).toBe(200);
    const members = await ctx.db
      .selectFrom('room_members')
      .selectAll()
      .where('room_id', '=', w.rooms.empty)
      .execute();
    expect(members).toHaveLength(1);
    expect(roomIds((await get('/api/user/rooms', w.outsiderCookie)).json())).toEqual([
      w.rooms.empty,
    ]);

    const remove = () =>
      send('DELETE', `/api/owner/rooms/${w.rooms.empty}/users/${w.outsider.id}`, w.cookies.OWNER);
    expect((await remove()).json()).toEqual({ success: true });
    expect((await remove()).statusCode).toBe(200);
    expect((await get('/api/user/rooms', w.outsiderCookie)).json()).toEqual([]);
    expect((await get(`/api/user/rooms/${w.rooms.empty}`, w.outsiderCookie)).statusCode).toBe(404);

    // One row per real change; the repeats changed nothing.
    expect((await audit()).map((a) => [a.action, a.actor_id, a.target_id, a.details])).toEqual([
      ['room.member_add', w.owner.id, String(w.rooms.empty), { userId: w.outsider.id }],
      ['room.member_remove', w.owner.id, String(w.rooms.empty), { userId: w.outsider.id }],
    ]);
  });

  it('assignment answers 404 for an unknown room or user and 400 without a user', async () => {
    const unknownRoom = await send('POST', '/api/owner/rooms/999999/users', w.cookies.OWNER, {
      userId: w.user.id,
    });
    expect(unknownRoom.statusCode).toBe(404);
    expect(unknownRoom.json().code).toBe('ROOM_NOT_FOUND');
    const unknownUser = await send(
      'POST',
      `/api/owner/rooms/${w.rooms.empty}/users`,
      w.cookies.OWNER,
      {
        userId: 999999,
      },
    );
    expect(unknownUser.statusCode).toBe(404);
    expect(unknownUser.json().code).toBe('USER_NOT_FOUND');
    const none = await send('POST', `/api/owner/rooms/${w.rooms.empty}/users`, w.cookies.OWNER, {});
    expect(none.statusCode).toBe(400);
    expect(none.json().issues.fieldErrors).toEqual({ userId: ['User is required'] });
    expect(
      (await send('DELETE', `/api/owner/rooms/999999/users/${w.user.id}`, w.cookies.OWNER))
        .statusCode,
    ).toBe(404);
    expect(
      (await send('DELETE', `/api/owner/rooms/${w.rooms.shared}/users/999999`, w.cookies.OWNER))
        .statusCode,
    ).toBe(404);
    expect(await audit()).toEqual([]);
  });

  it('deleting a room removes its memberships and keeps its conversation history', async () => {
    await ctx.db
      .insertInto('conversations')
      .values([
        {
          id: 'conv-1',
          agent_id: 'field-advisor',
          room_id: w.rooms.shared,
          room_name: 'Site Safety',
          user_id: w.user.id,
          started_at: '2026-01-01T10:00:00Z',
          ended_at: '2026-01-01T10:05:00Z',
          duration_seconds: 300,
        },
        // An older row without the snapshot: the delete fills it in.
        {
          id: 'conv-2',
          agent_id: 'field-advisor',
          room_id: w.rooms.shared,
          room_name: null,
          user_id: w.admin.id,
          started_at: '2026-01-02T10:00:00Z',
          duration_seconds: 60,
        },
      ])
      .execute();

    const res = await send('DELETE', `/api/test-rooms/${w.rooms.shared}`, w.cookies.OWNER);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });

    expect(
      await ctx.db
        .selectFrom('room_members')
        .selectAll()
        .where('room_id', '=', w.rooms.shared)
        .execute(),
    ).toEqual([]);
    const history = await ctx.db
      .selectFrom('conversations')
      .select(['id', 'room_id', 'room_name'])
      .orderBy('id')
      .execute();
    expect(history).toEqual([
      { id: 'conv-1', room_id: null, room_name: 'Site Safety' },
      { id: 'conv-2', room_id: null, room_name: 'Site Safety' },
    ]);
    // The owner can still query it.
    const usage = await get('/api/voice/agents/field-advisor/usage', w.cookies.OWNER);
    expect(usage.json()).toMatchObject({
      total_conversations: 2,
      total_duration_seconds: 360,
      conversations: [
        { conversation_id: 'conv-2', room_id: null, room_name: 'Site Safety' },
        { conversation_id: 'conv-1', room_id: null, room_name: 'Site Safety' },
      ],
    });

    expect(roomIds((await get('/api/user/rooms', w.cookies.USER)).json())).toEqual([
      w.rooms.userOnly,
    ]);
    expect(
      (await send('DELETE', `/api/test-rooms/${w.rooms.shared}`, w.cookies.OWNER)).statusCode,
    ).toBe(404);
    expect(await audit()).toEqual([
      expect.objectContaining({
        action: 'room.delete',
        actor_id: w.owner.id,
        target_id: String(w.rooms.shared),
        details: { name: 'Site Safety', members: 2, conversations: 2 },
      }),
    ]);
  });
});

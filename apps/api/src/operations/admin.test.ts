import { expect, it } from 'vitest';
import { createPeopleWorld } from '../test/people-world';
import { describeEachDatabase } from '../test/test-app';

const DAY_MS = 24 * 3_600_000;

describeEachDatabase('GET /api/admin/summary', (ctx) => {
  const summary = (cookie?: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method: 'GET',
      url: '/api/admin/summary',
      headers: { ...(cookie && { cookie }), ...headers },
    });

  /** The people world plus room statuses, content and conversations old and new. */
  async function world() {
    const w = await createPeopleWorld(ctx);
    const db = ctx.db;
    await db.updateTable('users').set({ status: 'PENDING' }).where('id', '=', w.userB.id).execute();
    await db
      .updateTable('users')
      .set({ deactivated_at: new Date() })
      .where('id', '=', w.userA2.id)
      .execute();
    await db.updateTable('rooms').set({ status: 'PAUSED' }).where('id', '=', w.rooms.b).execute();
    await db
      .updateTable('rooms')
      .set({ status: 'INACTIVE' })
      .where('id', '=', w.rooms.none)
      .execute();
    await db
      .insertInto('content_items')
      .values([
        { title: 'News', category: 'read', type: 'NEWS', url: null },
        { title: 'Link', category: 'read', type: 'LINK', url: 'https://example.com/' },
        { title: 'Old', category: 'read', type: 'NEWS', url: null, is_active: false },
      ])
      .execute();
    const now = Date.now();
    const conversation = (
      id: string,
      userId: number,
      roomId: number,
      daysAgo: number,
      seconds: number | null,
    ) => ({
      id,
      agent_id: 'field-advisor',
      room_id: roomId,
      room_name: 'Room',
      user_id: userId,
      started_at: new Date(now - daysAgo * DAY_MS),
      duration_seconds: seconds,
    });
    await db
      .insertInto('conversations')
      .values([
        conversation('a-new', w.userA.id, w.rooms.a, 1, 180),
        // Still running: counted, no minutes yet.
        conversation('a-running', w.userA.id, w.rooms.a, 0, null),
        // Eight days ago: not this week.
        conversation('a-old', w.userA.id, w.rooms.a, 8, 600),
        conversation('b-new', w.userB.id, w.rooms.b, 2, 120),
        // The OWNER's own conversation in company A's room: not company A's numbers.
        conversation('o-new', w.owner.id, w.rooms.a, 3, 60),
      ])
      .execute();
    return w;
  }

  it('gives the OWNER the whole install', async () => {
    const w = await world();
    const response = await summary(w.owner.cookie);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      scope: { kind: 'all', companyId: null, companyName: null },
      // 9 people: userB pending, userA2 deactivated.
      users: { pending: 1, active: 7, deactivated: 1 },
      rooms: { live: 1, paused: 1, inactive: 1 },
      content: { live: 2, offline: 1 },
      conversations: { count: 4, minutes: 6 },
    });
    const since = Date.parse(body.conversations.since);
    expect(Math.abs(Date.now() - 7 * DAY_MS - since)).toBeLessThan(60_000);
  });

  it('follows changes: a created user and a paused room show at once', async () => {
    const w = await world();
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/people/users',
      headers: { cookie: w.owner.cookie },
      payload: {
        email: 'new.hand@example.com',
        username: 'newhand',
        password: 'secret-123',
        firstName: 'New',
        lastName: 'Hand',
        companyId: w.companies.a,
      },
    });
    expect(created.statusCode).toBe(201);
    await ctx.app.inject({
      method: 'PATCH',
      url: `/api/test-rooms/${w.rooms.a}/status`,
      headers: { cookie: w.owner.cookie },
      payload: { status: 'PAUSED' },
    });
    const owner = (await summary(w.owner.cookie)).json();
    expect(owner.users).toEqual({ pending: 2, active: 7, deactivated: 1 });
    expect(owner.rooms).toEqual({ live: 0, paused: 2, inactive: 1 });
    const admin = (await summary(w.adminA.cookie)).json();
    expect(admin.users.pending).toBe(1);
    expect(admin.rooms).toEqual({ live: 0, paused: 1, inactive: 0 });
  });

  it('scopes an ADMIN to their own company, and an ADMIN without one to nothing', async () => {
    const w = await world();
    const a = await summary(w.adminA.cookie);
    expect(a.statusCode).toBe(200);
    expect(a.json()).toMatchObject({
      scope: { kind: 'company', companyId: w.companies.a, companyName: 'Acme Build' },
      // adminA, adminA2, userA; userA2 deactivated. No OWNER, nobody of company B.
      users: { pending: 0, active: 3, deactivated: 1 },
      rooms: { live: 1, paused: 0, inactive: 0 },
      content: null,
      // userA's two of this week; not the owner's in the same room, not last week's.
      conversations: { count: 2, minutes: 3 },
    });
    const b = await summary(w.adminB.cookie);
    expect(b.json()).toMatchObject({
      scope: { kind: 'company', companyId: w.companies.b, companyName: 'Bolt Civil' },
      users: { pending: 1, active: 1, deactivated: 0 },
      rooms: { live: 0, paused: 1, inactive: 0 },
      content: null,
      conversations: { count: 1, minutes: 2 },
    });
    const none = await summary(w.adminNone.cookie);
    expect(none.json()).toMatchObject({
      scope: { kind: 'company', companyId: null, companyName: null },
      users: { pending: 0, active: 0, deactivated: 0 },
      rooms: { live: 0, paused: 0, inactive: 0 },
      content: null,
      conversations: { count: 0, minutes: 0 },
    });
  });

  it('refuses a USER (403) and anyone signed out (401), spoofed role header or not', async () => {
    const w = await world();
    const variants: Record<string, string>[] = [
      {},
      { 'user-role': 'OWNER' },
      { 'x-preview-mode': 'owner' },
    ];
    for (const headers of variants) {
      const user = await summary(w.userA.cookie, headers);
      expect(user.statusCode).toBe(403);
      expect(user.json()).toMatchObject({ code: 'FORBIDDEN' });
      expect((await summary(undefined, headers)).statusCode).toBe(401);
    }
  });
});

describeEachDatabase('admin preview mode (x-preview-mode: user)', (ctx) => {
  const get = (url: string, cookie: string, preview?: string) =>
    ctx.app.inject({
      method: 'GET',
      url,
      headers: { cookie, ...(preview !== undefined && { 'x-preview-mode': preview }) },
    });

  it('serves an OWNER as a USER: their status says USER, owner calls answer 403, rooms shrink', async () => {
    const w = await createPeopleWorld(ctx);
    const status = await get('/api/auth/status', w.owner.cookie, 'user');
    expect(status.json()).toMatchObject({
      isAuthenticated: true,
      user: { id: w.owner.id, role: 'USER' },
    });
    expect((await get('/api/admin/summary', w.owner.cookie, 'user')).statusCode).toBe(403);
    expect((await get('/api/owner/rooms', w.owner.cookie, 'user')).statusCode).toBe(403);
    expect((await get('/api/dashboard/content/manage', w.owner.cookie, 'USER')).statusCode).toBe(
      403,
    );
    // An OWNER sees every room; previewing, only the rooms they are a member of (none).
    expect((await get('/api/user/rooms', w.owner.cookie)).json()).toHaveLength(3);
    expect((await get('/api/user/rooms', w.owner.cookie, 'user')).json()).toEqual([]);
    // …and a room outside them answers as it would a USER: as if absent.
    expect((await get(`/api/user/rooms/${w.rooms.a}`, w.owner.cookie)).statusCode).toBe(200);
    expect((await get(`/api/user/rooms/${w.rooms.a}`, w.owner.cookie, 'user')).statusCode).toBe(
      404,
    );
    // The header is per request: the next call without it is the OWNER again.
    const again = await get('/api/auth/status', w.owner.cookie);
    expect(again.json().user.role).toBe('OWNER');
    expect((await get('/api/admin/summary', w.owner.cookie)).statusCode).toBe(200);
  });

  it('serves an ADMIN as a USER too', async () => {
    const w = await createPeopleWorld(ctx);
    expect((await get('/api/auth/user', w.adminA.cookie, 'user')).json()).toMatchObject({
      id: w.adminA.id,
      role: 'USER',
      companyId: w.companies.a,
    });
    expect((await get('/api/admin/summary', w.adminA.cookie, 'user')).statusCode).toBe(403);
    expect((await get('/api/people/users', w.adminA.cookie, 'user')).statusCode).toBe(403);
    expect((await get('/api/companies', w.adminA.cookie, 'user')).statusCode).toBe(403);
  });

  it('never raises anyone: other values, or a USER sending it, change nothing', async () => {
    const w = await createPeopleWorld(ctx);
    for (const value of ['owner', 'admin', 'OWNER', '', 'user, owner']) {
      expect((await get('/api/auth/user', w.userA.cookie, value)).json().role).toBe('USER');
      expect((await get('/api/admin/summary', w.userA.cookie, value)).statusCode).toBe(403);
      expect((await get('/api/auth/user', w.adminA.cookie, value)).json().role).toBe('ADMIN');
      expect((await get('/api/auth/user', w.owner.cookie, value)).json().role).toBe('OWNER');
    }
    expect((await get('/api/auth/user', w.userA.cookie, 'user')).json().role).toBe('USER');
    const anonymous = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/status',
      headers: { 'x-preview-mode': 'user' },
    });
    expect(anonymous.json()).toEqual({ isAuthenticated: false, user: null });
  });
});

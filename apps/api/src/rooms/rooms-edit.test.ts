import { beforeEach, expect, it } from 'vitest';
import { ensureAgent } from '../agents/agents.repository';
import { DEFAULT_AGENT } from '../bootstrap/bootstrap';
import { describeEachDatabase } from '../test/test-app';
import { createWorld, type World } from '../test/world';

// Edit Room: every field of the room form changes in place, and the members stay.
describeEachDatabase('edit room', (ctx) => {
  let w: World;
  beforeEach(async () => {
    w = await createWorld(ctx);
  });

  const patch = (id: number | string, cookie: string | undefined, payload: object) =>
    ctx.app.inject({
      method: 'PATCH',
      url: `/api/owner/rooms/${id}`,
      headers: cookie ? { cookie } : {},
      payload,
    });

  it('changes name, category, agent, status, colour and badge without losing members', async () => {
    await ensureAgent(ctx.db, { ...DEFAULT_AGENT, agentId: 'site-coach', name: 'Site Coach' });
    const res = await patch(w.rooms.shared, w.cookies.OWNER, {
      name: 'Yard Safety',
      category: 'Induction',
      agentId: 'site-coach',
      status: 'PAUSED',
      backgroundColor: '#0d47a1',
      badgeText: 'NEW',
      description: 'Before your first shift',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: w.rooms.shared,
      name: 'Yard Safety',
      category: 'Induction',
      status: 'PAUSED',
      backgroundColor: '#0d47a1',
      badgeText: 'NEW',
      description: 'Before your first shift',
      agent: { agentId: 'site-coach', name: 'Site Coach' },
      members: [{ id: w.admin.id }, { id: w.user.id }],
    });

    // A member still sees the room, with its new name and status.
    const seen = await ctx.app.inject({
      method: 'GET',
      url: `/api/user/rooms/${w.rooms.shared}`,
      headers: { cookie: w.cookies.USER },
    });
    expect(seen.json()).toMatchObject({ name: 'Yard Safety', status: 'PAUSED' });

    const [row] = await ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'room.update')
      .execute();
    expect(row?.details).toMatchObject({
      changes: {
        name: { from: 'Site Safety', to: 'Yard Safety' },
        category: { from: 'Safety', to: 'Induction' },
        status: { from: 'LIVE', to: 'PAUSED' },
      },
    });
  });

  it('refuses an unknown agent, a bad status or an empty category and changes nothing', async () => {
    const unknown = await patch(w.rooms.shared, w.cookies.OWNER, { agentId: 'nobody' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      code: 'AGENT_NOT_FOUND',
      issues: { fieldErrors: { agentId: ['Agent not found'] } },
    });
    const badStatus = await patch(w.rooms.shared, w.cookies.OWNER, { status: 'OPEN' });
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.json().code).toBe('VALIDATION_FAILED');
    const empty = await patch(w.rooms.shared, w.cookies.OWNER, { category: '  ' });
    expect(empty.json().issues.fieldErrors).toEqual({ category: ['Category is required'] });

    const room = await ctx.db
      .selectFrom('rooms')
      .select(['category', 'status', 'agent_id'])
      .where('id', '=', w.rooms.shared)
      .executeTakeFirstOrThrow();
    expect(room).toEqual({ category: 'Safety', status: 'LIVE', agent_id: w.agent.id });
  });

  it('is the owner’s alone: an ADMIN and a USER get 403 and the room is unchanged', async () => {
    for (const cookie of [w.cookies.ADMIN, w.cookies.USER]) {
      const res = await patch(w.rooms.shared, cookie, { name: 'Taken over' });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
    expect((await patch(w.rooms.shared, undefined, { name: 'X' })).statusCode).toBe(401);
    const room = await ctx.db
      .selectFrom('rooms')
      .select('name')
      .where('id', '=', w.rooms.shared)
      .executeTakeFirstOrThrow();
    expect(room.name).toBe('Site Safety');
  });
});

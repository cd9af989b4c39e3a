import { beforeEach, expect, it } from 'vitest';
import { describeEachDatabase } from '../test/test-app';
import { createPeopleWorld, type PeopleWorld } from '../test/people-world';
import { createWorld, type World } from '../test/world';
import { addRoomMember } from '../rooms/rooms.repository';

describeEachDatabase('GET /api/voice/agents', (ctx) => {
  let w: World;
  beforeEach(async () => {
    w = await createWorld(ctx);
    await ctx.db
      .insertInto('conversations')
      .values([
        {
          id: 'u-1',
          agent_id: 'field-advisor',
          room_id: w.rooms.shared,
          room_name: 'Site Safety',
          user_id: w.user.id,
          started_at: '2026-01-01T10:00:00Z',
          duration_seconds: 120,
        },
        {
          id: 'a-1',
          agent_id: 'field-advisor',
          room_id: w.rooms.adminOnly,
          room_name: 'Estimating',
          user_id: w.admin.id,
          started_at: '2026-01-02T10:00:00Z',
          duration_seconds: 30,
        },
      ])
      .execute();
  });

  const get = (url: string, cookie: string | undefined) =>
    ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  it('lists the agents for any signed-in user', async () => {
    const res = await get('/api/voice/agents', w.cookies.USER);
    expect(res.json()).toEqual([{ agent_id: 'field-advisor', name: 'Field Advisor' }]);
  });

  it('usage: the owner sees every conversation, anyone else only their own', async () => {
    expect(
      (await get('/api/voice/agents/field-advisor/usage', w.cookies.OWNER)).json(),
    ).toMatchObject({
      total_conversations: 2,
      total_duration_seconds: 150,
    });
    const own = (await get('/api/voice/agents/field-advisor/usage', w.cookies.USER)).json();
    expect(own).toEqual({
      total_conversations: 1,
      total_duration_seconds: 120,
      conversations: [
        {
          conversation_id: 'u-1',
          room_id: w.rooms.shared,
          room_name: 'Site Safety',
          started_at: '2026-01-01T10:00:00.000Z',
          ended_at: null,
          duration_seconds: 120,
        },
      ],
    });
    expect((await get('/api/voice/agents/nobody/usage', w.cookies.USER)).json()).toEqual({
      total_conversations: 0,
      total_duration_seconds: 0,
      conversations: [],
    });
  });
});

describeEachDatabase('GET /api/voice/agents per company', (ctx) => {
  let p: PeopleWorld;
  beforeEach(async () => {
    p = await createPeopleWorld(ctx);
    // Each company's rooms get an agent of their own; one more agent is in no room yet.
    const agent = async (agentId: string, name: string) =>
      (
        await ctx.db
          .insertInto('agents')
          .values({ agent_id: agentId, name })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const acme = await agent('acme-advisor', 'Acme Advisor');
    const bolt = await agent('bolt-advisor', 'Bolt Advisor');
    await agent('draft-advisor', 'Draft Advisor');
    await ctx.db.updateTable('rooms').set({ agent_id: acme }).where('id', '=', p.rooms.a).execute();
    await ctx.db.updateTable('rooms').set({ agent_id: bolt }).where('id', '=', p.rooms.b).execute();
  });

  const names = async (cookie: string) => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/voice/agents',
      headers: { cookie },
    });
    expect(res.statusCode).toBe(200);
    return (res.json() as { agent_id: string }[]).map((a) => a.agent_id);
  };

  it("OWNER: every agent; ADMIN: their company's and the shared default agent only", async () => {
    expect(await names(p.owner.cookie)).toEqual([
      'acme-advisor',
      'bolt-advisor',
      'draft-advisor',
      'field-advisor',
    ]);
    expect(await names(p.adminA.cookie)).toEqual(['acme-advisor', 'field-advisor']);
    expect(await names(p.adminB.cookie)).toEqual(['bolt-advisor', 'field-advisor']);
    expect(await names(p.adminNone.cookie)).toEqual(['field-advisor']);
  });

  it("USER: their company's agents, their own rooms' agents and the default agent", async () => {
    expect(await names(p.userA2.cookie)).toEqual(['acme-advisor', 'field-advisor']);
    expect(await names(p.userB.cookie)).toEqual(['bolt-advisor', 'field-advisor']);
    // A member of a company-A room without a company still sees that room's agent.
    await addRoomMember(ctx.db, p.rooms.a, p.userNone.id);
    expect(await names(p.userNone.cookie)).toEqual(['acme-advisor', 'field-advisor']);
  });
});

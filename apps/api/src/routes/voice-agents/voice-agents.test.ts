import { beforeEach, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/test-app';
import { createWorld, type World } from '../../test/world';

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

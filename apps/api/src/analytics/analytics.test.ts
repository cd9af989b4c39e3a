// Over 300 lines: the three reports' cases over one seeded test app; one case per behaviour.
import { expect, it } from 'vitest';
import { windowOf } from './analytics.repository';
import { insertContentItem } from '../content/content.repository';
import { deleteRoom } from '../rooms/rooms.repository';
import { describeEachDatabase } from '../test/test-app';
import { type Identity, type World, createWorld, headersFor } from '../test/world';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** An instant `days` days (and `hours` hours) before now: inside or outside a window exactly. */
const ago = (days: number, hours = 0) => new Date(Date.now() - days * DAY - hours * HOUR);
const dayOf = (d: Date) => d.toISOString().slice(0, 10);

describeEachDatabase('/api/owner/analytics', (ctx) => {
  const get = (url: string, world: World, who: Identity = 'OWNER', spoof?: 'OWNER') =>
    ctx.app.inject({ method: 'GET', url, headers: headersFor(world, who, spoof) });
  const post = (url: string, world: World, payload: object, who: Identity = 'OWNER') =>
    ctx.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { ...headersFor(world, who), origin: 'http://localhost:80' },
    });

  let seq = 0;
  async function conversation(
    w: World,
    c: {
      at: Date;
      seconds: number | null;
      userId: number | null;
      roomId?: number | null;
      roomName?: string | null;
      agentId?: string;
    },
  ) {
    seq += 1;
    await ctx.db
      .insertInto('conversations')
      .values({
        id: `conv_test_${seq}`,
        agent_id: c.agentId ?? w.agent.agentId,
        room_id: c.roomId ?? null,
        room_name: c.roomName ?? null,
        user_id: c.userId,
        started_at: c.at,
        ended_at: c.seconds === null ? null : new Date(c.at.getTime() + c.seconds * 1000),
        duration_seconds: c.seconds,
      })
      .execute();
  }

  it('reports voice usage per agent, room and day, for the period asked', async () => {
    const w = await createWorld(ctx);
    const { shared, userOnly, adminOnly } = w.rooms;
    // In the last 7 days: 4 conversations in Site Safety (3 users), one ongoing.
    await conversation(w, { at: ago(0, 1), seconds: 120, userId: w.user.id, roomId: shared });
    await conversation(w, { at: ago(0, 2), seconds: 60, userId: w.admin.id, roomId: shared });
    await conversation(w, { at: ago(2), seconds: 300, userId: w.user.id, roomId: shared });
    await conversation(w, { at: ago(0), seconds: null, userId: w.owner.id, roomId: shared });
    // A room deleted since, in the last 7 days: its snapshot name is kept.
    await conversation(w, { at: ago(3), seconds: 30, userId: w.user.id, roomId: adminOnly });
    await deleteRoom(ctx.db, adminOnly);
    // An agent deleted since (no agents row), 20 days ago: only in the 30-day window.
    await conversation(w, {
      at: ago(20),
      seconds: 600,
      userId: w.outsider.id,
      roomId: userOnly,
      agentId: 'retired-agent',
    });
    // 100 days ago: in no window.
    await conversation(w, { at: ago(100), seconds: 999, userId: w.user.id, roomId: userOnly });

    const week = await get('/api/owner/analytics/usage?days=7', w);
    expect(week.statusCode).toBe(200);
    const report = week.json();
    expect(report.window).toEqual({
      days: 7,
      from: windowOf(7, new Date(report.window.to)).from.toISOString(),
      to: report.window.to,
    });
    // 5 conversations, 510 s; mean of the 4 ended ones = 127.5 → 128.
    expect(report.totals).toEqual({
      conversations: 5,
      seconds: 510,
      distinctUsers: 3,
      averageSeconds: 128,
    });
    expect(report.byAgent).toEqual([
      {
        agentId: 'field-advisor',
        agentName: 'Field Advisor',
        conversations: 5,
        seconds: 510,
        distinctUsers: 3,
        averageSeconds: 128,
      },
    ]);
    expect(report.byRoom).toEqual([
      {
        roomId: shared,
        roomName: 'Site Safety',
        conversations: 4,
        seconds: 480,
        distinctUsers: 3,
        averageSeconds: 160,
      },
      {
        roomId: null,
        roomName: 'Estimating',
        conversations: 1,
        seconds: 30,
        distinctUsers: 1,
        averageSeconds: 30,
      },
    ]);
    expect(report.daily).toHaveLength(7);
    expect(report.daily[6].date).toBe(dayOf(new Date()));
    expect(
      report.daily.reduce((n: number, d: { conversations: number }) => n + d.conversations, 0),
    ).toBe(5);
    expect(report.daily.find((d: { date: string }) => d.date === dayOf(ago(2)))).toMatchObject({
      conversations: 1,
      seconds: 300,
    });

    const month = (await get('/api/owner/analytics/usage?days=30', w)).json();
    expect(month.window.days).toBe(30);
    expect(month.daily).toHaveLength(30);
    expect(month.totals).toEqual({
      conversations: 6,
      seconds: 1110,
      distinctUsers: 4,
      averageSeconds: 222,
    });
    expect(
      month.byAgent.map((a: { agentId: string; agentName: string | null }) => [
        a.agentId,
        a.agentName,
      ]),
    ).toEqual([
      ['field-advisor', 'Field Advisor'],
      ['retired-agent', null],
    ]);
    expect(month.byRoom.map((r: { roomName: string }) => r.roomName)).toEqual([
      'Site Safety',
      'Concrete',
      'Estimating',
    ]);
    const quarter = (await get('/api/owner/analytics/usage?days=90', w)).json();
    expect(quarter.totals.conversations).toBe(6);
  });

  it('answers an empty install with zeros and a zero-filled series (30 days by default)', async () => {
    const w = await createWorld(ctx);
    const usage = (await get('/api/owner/analytics/usage', w)).json();
    expect(usage.window.days).toBe(30);
    expect(usage.totals).toEqual({
      conversations: 0,
      seconds: 0,
      distinctUsers: 0,
      averageSeconds: 0,
    });
    expect(usage.byAgent).toEqual([]);
    expect(usage.byRoom).toEqual([]);
    expect(usage.daily).toHaveLength(30);
    expect(usage.daily.every((d: { conversations: number }) => d.conversations === 0)).toBe(true);

    const engagement = (await get('/api/owner/analytics/engagement', w)).json();
    expect(engagement.totals).toEqual({ opens: 0, distinctUsers: 0, itemsOpened: 0 });
    expect(engagement.items).toEqual([]);
    expect(engagement.users).toHaveLength(4);
    expect(engagement.users.every((u: { opens: number }) => u.opens === 0)).toBe(true);

    const gaps = (await get('/api/owner/analytics/knowledge-gaps', w)).json();
    expect(gaps.totals).toEqual({ asked: 0, distinctQuestions: 0, openQuestions: 0 });
    expect(gaps.questions).toEqual([]);
    expect(gaps.daily).toHaveLength(30);
  });

  it('refuses periods and filters it does not offer', async () => {
    const w = await createWorld(ctx);
    for (const url of [
      '/api/owner/analytics/usage?days=14',
      '/api/owner/analytics/engagement?days=abc',
      '/api/owner/analytics/knowledge-gaps?status=closed',
    ]) {
      const res = await get(url, w);
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', error: expect.any(String) });
    }
  });

  it('reports content engagement per item and per user from the access records', async () => {
    const w = await createWorld(ctx);
    const item = (title: string, isActive = true) =>
      insertContentItem(ctx.db, {
        title,
        description: '',
        category: 'read',
        type: 'NEWS',
        url: null,
        isActive,
      });
    const manual = await item('Crane Manual');
    const bulletin = await item('Safety Bulletin');
    const archive = await item('Old Archive', false);
    // Two opens through the real route (what the content screen calls on every click).
    for (const who of ['USER', 'ADMIN'] as const) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/content/${manual}/access`,
        headers: { ...headersFor(w, who), origin: 'http://localhost:80' },
      });
      expect(res.statusCode).toBe(204);
    }
    const access = (contentId: number, userId: number | null, at: Date) =>
      ctx.db
        .insertInto('content_access')
        .values({ content_id: contentId, user_id: userId, accessed_at: at })
        .execute();
    await access(manual, w.user.id, ago(1));
    const bulletinOpened = ago(5);
    await access(bulletin, w.user.id, bulletinOpened);
    await access(bulletin, w.outsider.id, ago(25)); // 30-day window only
    await access(archive, w.user.id, ago(60)); // 90-day window only

    const week = (await get('/api/owner/analytics/engagement?days=7', w)).json();
    expect(week.totals).toEqual({ opens: 4, distinctUsers: 2, itemsOpened: 2 });
    expect(week.items.map((i: object) => ({ ...i, lastOpenedAt: undefined }))).toEqual([
      {
        contentId: manual,
        title: 'Crane Manual',
        type: 'NEWS',
        isActive: true,
        opens: 3,
        distinctUsers: 2,
        lastOpenedAt: undefined,
      },
      {
        contentId: bulletin,
        title: 'Safety Bulletin',
        type: 'NEWS',
        isActive: true,
        opens: 1,
        distinctUsers: 1,
        lastOpenedAt: undefined,
      },
      {
        contentId: archive,
        title: 'Old Archive',
        type: 'NEWS',
        isActive: false,
        opens: 0,
        distinctUsers: 0,
        lastOpenedAt: undefined,
      },
    ]);
    expect(Date.now() - Date.parse(week.items[0].lastOpenedAt)).toBeLessThan(60_000);
    expect(week.items[1].lastOpenedAt).toBe(bulletinOpened.toISOString());
    expect(week.items[2].lastOpenedAt).toBeNull();
    expect(
      week.users.map((u: { email: string; opens: number; itemsOpened: number }) => [
        u.email,
        u.opens,
        u.itemsOpened,
      ]),
    ).toEqual([
      ['user@example.com', 3, 2],
      ['admin@example.com', 1, 1],
      ['outsider@example.com', 0, 0],
      ['owner@example.com', 0, 0],
    ]);
    expect(week.daily).toHaveLength(7);
    expect(week.daily[6]).toEqual({ date: dayOf(new Date()), opens: 2 });

    const month = (await get('/api/owner/analytics/engagement?days=30', w)).json();
    expect(month.totals).toEqual({ opens: 5, distinctUsers: 3, itemsOpened: 2 });
    const quarter = (await get('/api/owner/analytics/engagement?days=90', w)).json();
    expect(quarter.totals).toEqual({ opens: 6, distinctUsers: 3, itemsOpened: 3 });
    expect(quarter.items.find((i: { contentId: number }) => i.contentId === archive).opens).toBe(1);

    // A deactivated user without opens in the window leaves the per-user list; with opens, stays.
    await ctx.db
      .updateTable('users')
      .set({ deactivated_at: new Date() })
      .where('id', '=', w.outsider.id)
      .execute();
    const weekAfter = (await get('/api/owner/analytics/engagement?days=7', w)).json();
    expect(weekAfter.users.map((u: { email: string }) => u.email)).toEqual([
      'user@example.com',
      'admin@example.com',
      'owner@example.com',
    ]);
    const monthAfter = (await get('/api/owner/analytics/engagement?days=30', w)).json();
    expect(monthAfter.users.map((u: { email: string }) => u.email)).toContain(
      'outsider@example.com',
    );
  });

  it('groups knowledge gaps by question, filters by status, and resolves them with an audit row', async () => {
    const w = await createWorld(ctx);
    const gap = (
      question: string,
      at: Date,
      userId: number | null,
      roomId: number | null,
      agentId = 'field-advisor',
    ) =>
      ctx.db
        .insertInto('knowledge_gaps')
        .values({ question, agent_id: agentId, room_id: roomId, user_id: userId, asked_at: at })
        .execute();
    await gap('How deep is the trench?', ago(3), w.user.id, w.rooms.shared);
    await gap('how  deep is the TRENCH', ago(1), w.admin.id, w.rooms.userOnly);
    await gap('How deep is the trench?', ago(0, 1), w.user.id, w.rooms.shared, 'site-agent');
    await gap('Who signs the permit?', ago(2), w.user.id, null);
    await gap('What is the wind limit?', ago(40), w.user.id, w.rooms.shared);

    const week = await get('/api/owner/analytics/knowledge-gaps?days=7', w);
    expect(week.statusCode).toBe(200);
    const report = week.json();
    expect(report.totals).toEqual({ asked: 4, distinctQuestions: 2, openQuestions: 2 });
    expect(report.questions).toEqual([
      {
        key: 'how deep is the trench',
        question: 'How deep is the trench?',
        timesAsked: 3,
        distinctUsers: 2,
        agentIds: ['field-advisor', 'site-agent'],
        agentNames: ['Field Advisor', 'site-agent'],
        rooms: ['Concrete', 'Site Safety'],
        firstAskedAt: expect.any(String),
        lastAskedAt: expect.any(String),
        resolvedAt: null,
      },
      expect.objectContaining({ key: 'who signs the permit', timesAsked: 1, rooms: [] }),
    ]);
    expect(
      Date.parse(report.questions[0].lastAskedAt) - Date.parse(report.questions[0].firstAskedAt),
    ).toBeGreaterThan(2.9 * DAY);
    expect(report.daily).toHaveLength(7);
    expect(report.daily.reduce((n: number, d: { asked: number }) => n + d.asked, 0)).toBe(4);
    expect((await get('/api/owner/analytics/knowledge-gaps?days=90', w)).json().totals.asked).toBe(
      5,
    );

    // Resolve by any wording of the question.
    const resolved = await post('/api/owner/analytics/knowledge-gaps/resolution', w, {
      key: 'HOW DEEP is the trench?!',
      resolved: true,
    });
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json()).toEqual({
      key: 'how deep is the trench',
      resolved: true,
      updated: 3,
    });
    const open = (await get('/api/owner/analytics/knowledge-gaps?days=7&status=open', w)).json();
    expect(open.questions.map((q: { key: string }) => q.key)).toEqual(['who signs the permit']);
    expect(open.totals).toEqual({ asked: 4, distinctQuestions: 2, openQuestions: 1 });
    const done = (
      await get('/api/owner/analytics/knowledge-gaps?days=7&status=resolved', w)
    ).json();
    expect(done.questions.map((q: { key: string }) => q.key)).toEqual(['how deep is the trench']);
    expect(done.questions[0].resolvedAt).not.toBeNull();

    const audit = await ctx.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id', 'target_type', 'target_id', 'details'])
      .execute();
    expect(audit).toEqual([
      {
        action: 'knowledge_gap.resolve',
        actor_id: w.owner.id,
        target_type: 'knowledge_gap',
        target_id: 'how deep is the trench',
        details: { asks: 3 },
      },
    ]);

    // Resolving again changes nothing and writes no audit row; asking again reopens it.
    const again = await post('/api/owner/analytics/knowledge-gaps/resolution', w, {
      key: 'how deep is the trench',
      resolved: true,
    });
    expect(again.json().updated).toBe(0);
    await gap('How deep is the trench?', ago(0), w.user.id, w.rooms.shared);
    const reopened = (
      await get('/api/owner/analytics/knowledge-gaps?days=7&status=open', w)
    ).json();
    expect(
      reopened.questions.map((q: { key: string; timesAsked: number }) => [q.key, q.timesAsked]),
    ).toEqual([
      ['how deep is the trench', 4],
      ['who signs the permit', 1],
    ]);
    const reopen = await post('/api/owner/analytics/knowledge-gaps/resolution', w, {
      key: 'how deep is the trench',
      resolved: false,
    });
    expect(reopen.json()).toEqual({ key: 'how deep is the trench', resolved: false, updated: 3 });
    expect(await ctx.db.selectFrom('audit_log').select('action').orderBy('id').execute()).toEqual([
      { action: 'knowledge_gap.resolve' },
      { action: 'knowledge_gap.reopen' },
    ]);

    const missing = await post('/api/owner/analytics/knowledge-gaps/resolution', w, {
      key: 'never asked',
      resolved: true,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({
      error: 'Question not found',
      code: 'KNOWLEDGE_GAP_NOT_FOUND',
    });
    const blank = await post('/api/owner/analytics/knowledge-gaps/resolution', w, {
      key: '  ',
      resolved: true,
    });
    expect(blank.statusCode).toBe(400);
  });

  it('answers only the OWNER, whatever role header a caller sends', async () => {
    const w = await createWorld(ctx);
    await ctx.db
      .insertInto('knowledge_gaps')
      .values({ question: 'Q?', agent_id: 'field-advisor', user_id: w.user.id })
      .execute();
    for (const path of ['usage', 'engagement', 'knowledge-gaps']) {
      const url = `/api/owner/analytics/${path}`;
      expect((await get(url, w, 'anonymous')).statusCode).toBe(401);
      for (const who of ['USER', 'ADMIN'] as const) {
        const res = await get(url, w, who, 'OWNER');
        expect(res.statusCode).toBe(403);
        expect(res.json().code).toBe('FORBIDDEN');
      }
      expect((await get(url, w)).statusCode).toBe(200);
    }
    const asAdmin = await post(
      '/api/owner/analytics/knowledge-gaps/resolution',
      w,
      { key: 'q', resolved: true },
      'ADMIN',
    );
    expect(asAdmin.statusCode).toBe(403);
    expect(await ctx.db.selectFrom('knowledge_gaps').select('resolved_at').execute()).toEqual([
      { resolved_at: null },
    ]);
  });
});

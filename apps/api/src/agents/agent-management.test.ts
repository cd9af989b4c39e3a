import { beforeAll, beforeEach, expect, it } from 'vitest';
import { describeEachDatabase } from '../test/test-app';
import { createWorld, headersFor, type Identity, type World } from '../test/world';
import { eventually, listen, responseText, TestSocket } from '../voice/runtime/voice-test-kit';
import { addRoomMember, insertRoom } from '../rooms/rooms.repository';

// The redeploy (docs/assistant-and-agents.md): an agent's settings are read when a conversation
// starts, so re-applying them ends the open conversations with the agent (1012, a readable
// reason) and the next conversation in its rooms starts with the new settings.

describeEachDatabase('agent redeploy', (ctx) => {
  let w: World;
  let base: { ws: string; http: string };
  beforeAll(async () => {
    base = await listen(ctx.app);
  });
  beforeEach(async () => {
    w = await createWorld(ctx);
  });

  const send = (
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    payload?: object,
    who: Identity = 'OWNER',
    spoof?: 'OWNER',
  ) => ctx.app.inject({ method, url, payload, headers: headersFor(w, who, spoof) });

  async function openSession(roomId: number, cookie = w.cookies.USER) {
    const res = await fetch(`${base.http}/api/voice/rooms/${roomId}/signed-url`, {
      headers: { cookie: cookie ?? '' },
    });
    expect(res.status).toBe(200);
    const { signedUrl } = (await res.json()) as { signedUrl: string };
    const socket = await TestSocket.open(signedUrl);
    const metadata = await socket.next('conversation_initiation_metadata');
    const id = (metadata.conversation_initiation_metadata_event as { conversation_id: string })
      .conversation_id;
    const first = responseText(await socket.next('agent_response'));
    return { socket, id, first };
  }

  it('ends the open conversations with the agent so the next one starts with the new first message', async () => {
    // Another agent with a room of its own: its conversation is left alone.
    const other = await send('POST', '/api/owner/agents', {
      agentId: 'rigging-coach',
      name: 'Rigging Coach',
      firstMessage: 'Ready to rig?',
    });
    const otherId = other.json<{ id: number }>().id;
    const otherRoom = await insertRoom(ctx.db, {
      name: 'Rigging',
      category: 'Safety',
      status: 'LIVE',
      agentId: otherId,
      backgroundColor: '#1a1a1a',
    });
    await addRoomMember(ctx.db, otherRoom, w.user.id);

    const before = await openSession(w.rooms.shared);
    expect(before.first).toBe("Hi, I'm your Field Advisor. What are you working on today?");
    const untouched = await openSession(otherRoom);
    expect(untouched.first).toBe('Ready to rig?');

    const patched = await send('PATCH', `/api/owner/agents/${w.agent.id}`, {
      firstMessage: 'Welcome back. Ask me about the site.',
    });
    expect(patched.statusCode).toBe(200);
    // Settings are read at the start: the open conversation still runs on the old ones.
    expect(before.socket.ws.readyState).toBe(before.socket.ws.OPEN);

    const res = await send('POST', `/api/owner/agents/${w.agent.id}/redeploy`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      agentId: 'field-advisor',
      name: 'Field Advisor',
      rooms: [
        { id: w.rooms.userOnly, name: 'Concrete', status: 'PAUSED' },
        { id: w.rooms.adminOnly, name: 'Estimating', status: 'INACTIVE' },
        { id: w.rooms.empty, name: 'Orientation', status: 'LIVE' },
        { id: w.rooms.shared, name: 'Site Safety', status: 'LIVE' },
      ],
      sessionsEnded: 1,
      redeployedAt: expect.any(String),
    });

    const error = await before.socket.next('error');
    expect(error).toMatchObject({
      error_event: {
        code: 1012,
        error_type: 'agent_redeployed',
        message: "This agent's settings were updated. Start a new conversation to use them.",
      },
    });
    expect(await before.socket.closed).toEqual({
      code: 1012,
      reason: "This agent's settings were updated. Start a new conversation to use them.",
    });
    const row = await eventually(async () => {
      const r = await ctx.db
        .selectFrom('conversations')
        .select(['close_code', 'end_reason', 'ended_at'])
        .where('id', '=', before.id)
        .executeTakeFirstOrThrow();
      expect(r.ended_at).not.toBeNull();
      return r;
    });
    expect(row).toMatchObject({ close_code: 1012, end_reason: 'error' });
    expect(untouched.socket.ws.readyState).toBe(untouched.socket.ws.OPEN);

    const after = await openSession(w.rooms.shared);
    expect(after.first).toBe('Welcome back. Ask me about the site.');
    await after.socket.close();
    await untouched.socket.close();

    const audit = await ctx.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id', 'target_type', 'target_id', 'details'])
      .where('action', '=', 'agent.redeploy')
      .execute();
    expect(audit).toEqual([
      {
        action: 'agent.redeploy',
        actor_id: w.owner.id,
        target_type: 'agent',
        target_id: String(w.agent.id),
        details: { agentId: 'field-advisor', rooms: 4, sessionsEnded: 1 },
      },
    ]);

    const list = await send('GET', '/api/owner/agents');
    const advisor =
      list.json<{ agentId: string; redeployedAt: string | null; rooms: unknown[] }[]>();
    expect(advisor.find((a) => a.agentId === 'field-advisor')).toMatchObject({
      redeployedAt: expect.any(String),
      rooms: expect.arrayContaining([{ id: w.rooms.shared, name: 'Site Safety', status: 'LIVE' }]),
    });
    expect(advisor.find((a) => a.agentId === 'rigging-coach')).toMatchObject({
      redeployedAt: null,
      rooms: [{ id: otherRoom, name: 'Rigging', status: 'LIVE' }],
    });
  });

  it('redeploys an agent no room uses as a no-op that is still recorded; unknown agents are 404', async () => {
    const created = await send('POST', '/api/owner/agents', { agentId: 'spare', name: 'Spare' });
    const id = created.json<{ id: number }>().id;
    const res = await send('POST', `/api/owner/agents/${id}/redeploy`);
    expect(res.json()).toMatchObject({ agentId: 'spare', rooms: [], sessionsEnded: 0 });
    expect((await send('POST', '/api/owner/agents/9999/redeploy')).json()).toEqual({
      error: 'Agent not found',
      code: 'AGENT_NOT_FOUND',
    });
  });

  it('refuses the redeploy to ADMIN and USER (even with a spoofed role header) and to nobody', async () => {
    const url = `/api/owner/agents/${w.agent.id}/redeploy`;
    expect((await send('POST', url, undefined, 'ADMIN')).statusCode).toBe(403);
    expect((await send('POST', url, undefined, 'USER', 'OWNER')).statusCode).toBe(403);
    expect((await send('POST', url, undefined, 'anonymous')).statusCode).toBe(401);
    const rows = await ctx.db.selectFrom('audit_log').select('action').execute();
    expect(rows.filter((r) => r.action === 'agent.redeploy')).toEqual([]);
  });
});

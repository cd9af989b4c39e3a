// Over 300 lines: every voice HTTP route for every role over one test app and one upstream
// stand-in; one case per behaviour.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../test/test-app';
import { createWorld, headersFor, type Identity, type World } from '../test/world';

// The HTTP side of the voice runtime: signed URLs (local and ElevenLabs), status, history,
// transcript search, the owner's agents and knowledge gaps, and who may call what.

/** A local stand-in for ElevenLabs' get-signed-url endpoint that records what it was sent. */
const seen: { url: string; key: string | undefined }[] = [];
let upstream: Server;
let upstreamUrl = '';
beforeAll(async () => {
  upstream = createServer((req: IncomingMessage, res) => {
    seen.push({ url: req.url ?? '', key: req.headers['xi-api-key'] as string | undefined });
    if (req.url?.includes('agent_id=el-broken')) {
      res.writeHead(500).end('{}');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        signed_url:
          'wss://api.elevenlabs.io/v1/convai/conversation?agent_id=el-agent&conversation_signature=sig123',
      }),
    );
  });
  await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => upstream.close(() => r())));

async function seedConversations(w: World, db: Parameters<typeof createWorld>[0]['db']) {
  await db
    .insertInto('conversations')
    .values([
      {
        id: 'conv_user_1',
        agent_id: 'field-advisor',
        room_id: w.rooms.shared,
        room_name: 'Site Safety',
        user_id: w.user.id,
        started_at: '2026-01-01T10:00:00Z',
        ended_at: '2026-01-01T10:02:00Z',
        duration_seconds: 120,
        end_reason: 'user',
        close_code: 1000,
      },
      {
        id: 'conv_admin_1',
        agent_id: 'field-advisor',
        room_id: w.rooms.shared,
        room_name: 'Site Safety',
        user_id: w.admin.id,
        started_at: '2026-01-02T10:00:00Z',
      },
    ])
    .execute();
  await db
    .insertInto('conversation_messages')
    .values([
      {
        conversation_id: 'conv_user_1',
        event_id: 1,
        role: 'agent',
        source: 'agent',
        text: 'Hi, what are you working on?',
      },
      {
        conversation_id: 'conv_user_1',
        event_id: 2,
        role: 'user',
        source: 'voice',
        text: 'How do I tie off on scaffolding harnesses?',
      },
      {
        conversation_id: 'conv_user_1',
        event_id: 3,
        role: 'agent',
        source: 'agent',
        text: 'Clip your harness lanyard to an anchor rated for the load.',
        citations: JSON.stringify([
          {
            contentId: 4,
            title: 'Site Safety Checklist',
            type: 'PDF',
            page: 2,
            url: '/api/files/x.pdf#page=2',
          },
        ]),
      },
      {
        conversation_id: 'conv_admin_1',
        event_id: 2,
        role: 'user',
        source: 'text',
        text: 'Crane signals for stop?',
      },
    ])
    .execute();
}

describeEachDatabase('voice HTTP routes', (ctx) => {
  let w: World;
  beforeEach(async () => {
    w = await createWorld(ctx);
    seen.length = 0;
  });
  const get = (url: string, who: Identity = 'USER', spoof?: 'OWNER') =>
    ctx.app.inject({ method: 'GET', url, headers: headersFor(w, who, spoof) });

  describe('signed URL', () => {
    it('mints a single-use ws URL for a member of a LIVE room, storing only the token hash', async () => {
      const res = await get(`/api/voice/rooms/${w.rooms.shared}/signed-url`);
      expect(res.statusCode).toBe(200);
      const { signedUrl } = res.json<{ signedUrl: string }>();
      const url = new URL(signedUrl);
      expect(url.protocol).toBe('ws:');
      expect(url.pathname).toBe('/v1/convai/conversation');
      expect(url.searchParams.get('agent_id')).toBe('field-advisor');
      const token = url.searchParams.get('token')!;
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const rows = await ctx.db.selectFrom('voice_url_tokens').selectAll().execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]!.token_hash).not.toContain(token);
      expect(rows[0]).toMatchObject({ user_id: w.user.id, room_id: w.rooms.shared, used_at: null });
      const ttl = rows[0]!.expires_at.getTime() - rows[0]!.created_at.getTime();
      expect(ttl).toBeGreaterThan(55_000);
      expect(ttl).toBeLessThanOrEqual(61_000);
    });

    it('answers https callers with wss', async () => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/voice/rooms/${w.rooms.shared}/signed-url`,
        headers: { ...headersFor(w, 'USER'), 'x-forwarded-proto': 'https' },
      });
      // TRUST_PROXY is off in tests: the forwarded scheme is ignored.
      expect(res.json<{ signedUrl: string }>().signedUrl).toMatch(/^ws:\/\//);
    });

    it('refuses rooms the caller is not in (404), paused rooms (409) and nobody signed in (401); the OWNER gets any room', async () => {
      expect(
        (await get(`/api/voice/rooms/${w.rooms.shared}/signed-url`, 'anonymous')).statusCode,
      ).toBe(401);
      const outsider = await ctx.app.inject({
        method: 'GET',
        url: `/api/voice/rooms/${w.rooms.shared}/signed-url`,
        headers: { cookie: w.outsiderCookie, 'user-role': 'OWNER' },
      });
      expect(outsider.statusCode).toBe(404);
      expect(outsider.json()).toEqual({ error: 'Room not found', code: 'ROOM_NOT_FOUND' });
      expect((await get(`/api/voice/rooms/99999/signed-url`)).statusCode).toBe(404);
      const paused = await get(`/api/voice/rooms/${w.rooms.userOnly}/signed-url`, 'USER', 'OWNER');
      expect(paused.statusCode).toBe(409);
      expect(paused.json()).toEqual({ error: 'This room is not live', code: 'ROOM_NOT_LIVE' });
      expect(
        (await get(`/api/voice/rooms/${w.rooms.adminOnly}/signed-url`, 'ADMIN')).statusCode,
      ).toBe(409);
      expect(
        (await get(`/api/voice/rooms/${w.rooms.userOnly}/signed-url`, 'OWNER')).statusCode,
      ).toBe(200);
      expect((await get(`/api/voice/rooms/abc/signed-url`)).json()).toMatchObject({
        code: 'VALIDATION_FAILED',
      });
    });
  });

  describe('ElevenLabs agents', () => {
    const useElevenLabs = async (agentId: string) => {
      const agent = await ctx.db
        .insertInto('agents')
        .values({ agent_id: agentId, name: 'Hosted', provider: 'elevenlabs' })
        .returning('id')
        .executeTakeFirstOrThrow();
      await ctx.db
        .updateTable('rooms')
        .set({ agent_id: agent.id })
        .where('id', '=', w.rooms.shared)
        .execute();
    };

    let saved: typeof ctx.config.voice;
    beforeEach(() => {
      saved = ctx.config.voice;
      ctx.config.voice = { ...saved, elevenLabsApiKey: 'xi-secret', elevenLabsApiUrl: upstreamUrl };
    });
    afterEach(() => {
      ctx.config.voice = saved;
    });

    it('mints the signed URL from ElevenLabs with the server-side key', async () => {
      await useElevenLabs('el-agent');
      const res = await get(`/api/voice/rooms/${w.rooms.shared}/signed-url`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        signedUrl:
          'wss://api.elevenlabs.io/v1/convai/conversation?agent_id=el-agent&conversation_signature=sig123',
      });
      expect(seen).toEqual([
        { url: '/v1/convai/conversation/get-signed-url?agent_id=el-agent', key: 'xi-secret' },
      ]);
      expect(res.body).not.toContain('xi-secret');
    });

    it('says 503 with a clear error when no API key is set', async () => {
      ctx.config.voice = saved;
      await useElevenLabs('el-agent');
      const res = await get(`/api/voice/rooms/${w.rooms.shared}/signed-url`);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        error: 'This agent runs on ElevenLabs, but ELEVENLABS_API_KEY is not set on this server',
        code: 'SERVICE_UNAVAILABLE',
      });
      expect(seen).toEqual([]);
    });

    it('says 502 when ElevenLabs fails', async () => {
      await useElevenLabs('el-broken');
      const res = await get(`/api/voice/rooms/${w.rooms.shared}/signed-url`);
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({
        error: 'ElevenLabs did not give a signed URL',
        code: 'UPSTREAM_FAILED',
      });
    });
  });

  describe('status and history', () => {
    it('reports what speech the server has to any signed-in user', async () => {
      expect((await get('/api/voice/status', 'anonymous')).statusCode).toBe(401);
      const res = await get('/api/voice/status');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({
        speechSynthesis: { available: ctx.app.speech.synthesizer !== null },
        speechRecognition: { available: ctx.app.speech.recognizer !== null },
        missing: ctx.app.speech.missing,
      });
    });

    it('lists the caller’s own conversations in a room, and shows one to its user or an OWNER only', async () => {
      await seedConversations(w, ctx.db);
      const mine = await get(`/api/voice/rooms/${w.rooms.shared}/conversations`);
      expect(mine.json()).toEqual([
        {
          id: 'conv_user_1',
          roomId: w.rooms.shared,
          roomName: 'Site Safety',
          agentId: 'field-advisor',
          startedAt: '2026-01-01T10:00:00.000Z',
          endedAt: '2026-01-01T10:02:00.000Z',
          durationSeconds: 120,
          messageCount: 3,
          preview: 'How do I tie off on scaffolding harnesses?',
        },
      ]);
      const detail = await get('/api/voice/conversations/conv_user_1');
      expect(detail.statusCode).toBe(200);
      expect(detail.json()).toMatchObject({
        id: 'conv_user_1',
        userId: w.user.id,
        messages: [
          { eventId: 1, role: 'agent', source: 'agent' },
          { eventId: 2, role: 'user', source: 'voice' },
          {
            eventId: 3,
            citations: [{ contentId: 4, title: 'Site Safety Checklist', type: 'PDF', page: 2 }],
            feedback: null,
          },
        ],
      });
      const notYours = await get('/api/voice/conversations/conv_admin_1', 'USER', 'OWNER');
      expect(notYours.statusCode).toBe(404);
      expect(notYours.json()).toEqual({
        error: 'Conversation not found',
        code: 'CONVERSATION_NOT_FOUND',
      });
      expect((await get('/api/voice/conversations/conv_admin_1', 'OWNER')).statusCode).toBe(200);
      expect((await get('/api/voice/conversations/nope', 'OWNER')).statusCode).toBe(404);
    });

    it('lets only the OWNER search every transcript', async () => {
      await seedConversations(w, ctx.db);
      const hits = await get('/api/voice/conversations?q=harness', 'OWNER');
      expect(hits.statusCode).toBe(200);
      const found = hits.json<{ eventId: number }[]>().sort((a, b) => a.eventId - b.eventId);
      expect(found).toEqual([
        expect.objectContaining({
          conversationId: 'conv_user_1',
          role: 'user',
          eventId: 2,
          roomName: 'Site Safety',
          userId: w.user.id,
          text: 'How do I tie off on scaffolding harnesses?',
        }),
        expect.objectContaining({ conversationId: 'conv_user_1', role: 'agent', eventId: 3 }),
      ]);
      expect((await get('/api/voice/conversations?q=crane%20signals', 'OWNER')).json()).toEqual([
        expect.objectContaining({ conversationId: 'conv_admin_1', userId: w.admin.id }),
      ]);
      expect((await get('/api/voice/conversations?q=x', 'OWNER')).statusCode).toBe(400);
      for (const who of ['USER', 'ADMIN'] as const) {
        expect((await get('/api/voice/conversations?q=harness', who, 'OWNER')).statusCode).toBe(
          403,
        );
      }
      expect((await get('/api/voice/conversations?q=harness', 'anonymous')).statusCode).toBe(401);
    });
  });

  describe('owner agents', () => {
    const send = (
      method: 'POST' | 'PATCH' | 'DELETE',
      url: string,
      payload?: unknown,
      who: Identity = 'OWNER',
      spoof?: 'OWNER',
    ) =>
      ctx.app.inject({
        method,
        url,
        payload: payload as object,
        headers: headersFor(w, who, spoof),
      });

    it('creates, changes and deletes agents with audit rows; duplicates and agents in use are 409', async () => {
      const list = await get('/api/owner/agents', 'OWNER');
      expect(list.json()).toEqual([
        expect.objectContaining({
          agentId: 'field-advisor',
          provider: 'local',
          roomCount: 4,
          knowledgeContentIds: [],
        }),
      ]);
      const content = await ctx.db
        .insertInto('content_items')
        .values({ title: 'Harness guide', category: 'read', type: 'NEWS' })
        .returning('id')
        .executeTakeFirstOrThrow();
      const created = await send('POST', '/api/owner/agents', {
        agentId: 'rigging-coach',
        name: 'Rigging Coach',
        firstMessage: 'Ready to rig?',
        allowedOverrides: ['first_message'],
        outputFormat: 'ulaw_8000',
        knowledgeContentIds: [content.id],
      });
      expect(created.statusCode).toBe(201);
      const agent = created.json<{ id: number }>();
      expect(agent).toMatchObject({
        agentId: 'rigging-coach',
        provider: 'local',
        language: 'en',
        outputFormat: 'ulaw_8000',
        allowedOverrides: ['first_message'],
        knowledgeContentIds: [content.id],
        roomCount: 0,
      });
      const dup = await send('POST', '/api/owner/agents', {
        agentId: 'rigging-coach',
        name: 'Again',
      });
      expect(dup.statusCode).toBe(409);
      expect(dup.json()).toEqual({
        error: 'An agent with this id already exists',
        code: 'AGENT_ID_TAKEN',
      });
      const bad = await send('POST', '/api/owner/agents', { agentId: 'x', name: '' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        issues: { fieldErrors: { agentId: expect.any(Array), name: expect.any(Array) } },
      });
      const unknownContent = await send('POST', '/api/owner/agents', {
        agentId: 'abc',
        name: 'A',
        knowledgeContentIds: [999],
      });
      expect(unknownContent.statusCode).toBe(400);

      const patched = await send('PATCH', `/api/owner/agents/${agent.id}`, {
        name: 'Rigging Mentor',
        knowledgeContentIds: [],
      });
      expect(patched.statusCode).toBe(200);
      // Fields not sent keep their values.
      expect(patched.json()).toMatchObject({
        name: 'Rigging Mentor',
        knowledgeContentIds: [],
        firstMessage: 'Ready to rig?',
        outputFormat: 'ulaw_8000',
        allowedOverrides: ['first_message'],
      });
      expect((await send('PATCH', `/api/owner/agents/${agent.id}`, {})).statusCode).toBe(400);
      expect((await send('PATCH', '/api/owner/agents/9999', { name: 'N' })).statusCode).toBe(404);

      const inUse = await send('DELETE', `/api/owner/agents/${w.agent.id}`);
      expect(inUse.statusCode).toBe(409);
      expect(inUse.json()).toMatchObject({ code: 'AGENT_IN_USE' });
      expect((await send('DELETE', `/api/owner/agents/${agent.id}`)).json()).toEqual({
        success: true,
      });
      expect((await send('DELETE', `/api/owner/agents/${agent.id}`)).statusCode).toBe(404);

      const audit = await ctx.db
        .selectFrom('audit_log')
        .select(['action', 'actor_id', 'target_id'])
        .orderBy('id')
        .execute();
      expect(audit).toEqual([
        { action: 'agent.create', actor_id: w.owner.id, target_id: String(agent.id) },
        { action: 'agent.update', actor_id: w.owner.id, target_id: String(agent.id) },
        { action: 'agent.delete', actor_id: w.owner.id, target_id: String(agent.id) },
      ]);
    });

    it('lists knowledge gaps, newest first, for the OWNER', async () => {
      await ctx.db
        .insertInto('knowledge_gaps')
        .values([
          {
            question: 'Old question?',
            agent_id: 'field-advisor',
            room_id: w.rooms.shared,
            user_id: w.user.id,
            asked_at: '2026-01-01T00:00:00Z',
          },
          {
            question: 'How thick is a slab?',
            agent_id: 'field-advisor',
            room_id: null,
            user_id: null,
            asked_at: '2026-01-02T00:00:00Z',
          },
        ])
        .execute();
      const res = await get('/api/owner/knowledge-gaps', 'OWNER');
      expect(res.json()).toEqual([
        expect.objectContaining({ question: 'How thick is a slab?', roomName: null }),
        expect.objectContaining({
          question: 'Old question?',
          roomName: 'Site Safety',
          userId: w.user.id,
        }),
      ]);
    });

    it('refuses every owner route to USER and ADMIN (even with a spoofed user-role header) and to nobody', async () => {
      const routes: ['GET' | 'POST' | 'PATCH' | 'DELETE', string, unknown?][] = [
        ['GET', '/api/owner/agents'],
        ['POST', '/api/owner/agents', { agentId: 'sneaky', name: 'Sneaky' }],
        ['PATCH', `/api/owner/agents/${w.agent.id}`, { name: 'Hacked' }],
        ['DELETE', `/api/owner/agents/${w.agent.id}`],
        ['GET', '/api/owner/knowledge-gaps'],
      ];
      for (const [method, url, payload] of routes) {
        for (const who of ['USER', 'ADMIN', 'anonymous'] as const) {
          const res = await ctx.app.inject({
            method,
            url,
            payload: payload as object | undefined,
            headers: headersFor(w, who, 'OWNER'),
          });
          expect(res.statusCode, `${who} ${method} ${url}`).toBe(who === 'anonymous' ? 401 : 403);
        }
      }
      expect(await ctx.db.selectFrom('agents').select('name').execute()).toEqual([
        { name: 'Field Advisor' },
      ]);
    });
  });
});

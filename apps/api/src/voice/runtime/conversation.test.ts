// Over 300 lines: the conversation socket's protocol cases over one running server; one case per
// behaviour.
import { beforeAll, beforeEach, expect, it } from 'vitest';
import { ensureDefaultAgent } from '../../bootstrap/bootstrap';
import { seedDemo } from '../../bootstrap/demo-seed';
import { describeEachDatabase } from '../../test/test-app';
import { createWorld, type World } from '../../test/world';
import {
  eventIdOf,
  eventIdViolation,
  eventually,
  listen,
  responseText,
  TestSocket,
  textOnlyInit,
  withClockAhead,
} from './voice-test-kit';

// voice-protocol.md §10 with a plain `ws` client: every frame as it is on the wire.

describeEachDatabase(
  'the conversation socket (plain ws client)',
  (ctx) => {
    let w: World;
    let base: { ws: string; http: string };
    beforeAll(async () => {
      base = await listen(ctx.app);
    });
    beforeEach(async () => {
      w = await createWorld(ctx);
    });

    const signedUrl = async (roomId: number, cookie = w.cookies.USER) => {
      const res = await fetch(`${base.http}/api/voice/rooms/${roomId}/signed-url`, {
        headers: { cookie: cookie ?? '' },
      });
      expect(res.status).toBe(200);
      const { signedUrl: url } = (await res.json()) as { signedUrl: string };
      return url;
    };
    const conversationRow = (id: string) =>
      ctx.db.selectFrom('conversations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const conversationId = (metadata: Record<string, unknown>) =>
      (metadata.conversation_initiation_metadata_event as { conversation_id: string })
        .conversation_id;

    it('serves a signed URL: convai selected (never bearer.*), metadata first, a gap, the first message', async () => {
      const url = await signedUrl(w.rooms.shared);
      expect(url).toMatch(
        new RegExp(
          `^ws://127\\.0\\.0\\.1:\\d+/v1/convai/conversation\\?agent_id=field-advisor&token=`,
        ),
      );
      const s = await TestSocket.open(`${url}&source=js_sdk&version=1.0.0`, {
        protocols: ['convai', 'bearer.secret-token'],
      });
      expect(s.ws.protocol).toBe('convai');
      const metadata = await s.next('conversation_initiation_metadata');
      expect(s.frames[0]).toBe(metadata);
      expect(metadata).toEqual({
        type: 'conversation_initiation_metadata',
        conversation_initiation_metadata_event: {
          conversation_id: expect.stringMatching(/^conv_[0-9a-f]{24}$/),
          agent_output_audio_format: 'pcm_16000',
          user_input_audio_format: 'pcm_16000',
        },
      });
      const first = await s.next('agent_response');
      expect(responseText(first)).toBe(
        "Hi, I'm your Field Advisor. What are you working on today?",
      );
      expect(s.arrivals[1]! - s.arrivals[0]!).toBeGreaterThanOrEqual(45);
      // Text-only: no audio at all.
      expect(s.all('audio')).toEqual([]);

      const answer = await s.ask('How deep should a footing be?');
      expect(responseText(answer).length).toBeGreaterThan(0);
      expect(eventIdOf(answer)).toBeGreaterThan(eventIdOf(first)!);

      const row = await conversationRow(conversationId(metadata));
      expect(row).toMatchObject({
        agent_id: 'field-advisor',
        room_id: w.rooms.shared,
        room_name: 'Site Safety',
        user_id: w.user.id,
        text_only: true,
        ended_at: null,
      });
      expect(await s.close()).toEqual({ code: 1000, reason: 'User ended conversation' });
    });

    it('counts sessions in /metrics: started, open now, closed by code', async () => {
      const figure = async (line: string) => {
        const body = (await ctx.app.inject({ method: 'GET', url: '/metrics' })).body;
        const found = body.split('\n').find((l) => l.startsWith(`${line} `));
        return found ? Number(found.split(' ').at(-1)) : 0;
      };
      const started = await figure('fieldcraft_voice_sessions_started_total');
      const closed = await figure('fieldcraft_voice_sessions_closed_total{code="1000"}');
      const s = await TestSocket.open(await signedUrl(w.rooms.shared));
      await s.next('agent_response');
      expect(await figure('fieldcraft_voice_sessions_started_total')).toBe(started + 1);
      expect(await figure('fieldcraft_voice_sessions_active')).toBe(1);
      await s.close();
      await eventually(async () => {
        expect(await figure('fieldcraft_voice_sessions_active')).toBe(0);
        expect(await figure('fieldcraft_voice_sessions_closed_total{code="1000"}')).toBe(
          closed + 1,
        );
      });
      // A refused socket never opened: it is not counted.
      const refused = await TestSocket.open(
        `${base.ws}/v1/convai/conversation?agent_id=field-advisor&token=nope`,
      );
      await refused.closed;
      expect(await figure('fieldcraft_voice_sessions_started_total')).toBe(started + 1);
    });

    it('pings on schedule with ping_ms once a pong came back; ignores pongs for unknown ids', async () => {
      const s = await TestSocket.open(await signedUrl(w.rooms.shared));
      await s.next('conversation_initiation_metadata');
      s.send({ type: 'pong', event_id: 99_999 });
      const p1 = await s.next('ping');
      expect(p1.ping_event).toMatchObject({ event_id: expect.any(Number) });
      const p2 = await s.next('ping');
      expect(eventIdOf(p2)).toBeGreaterThan(eventIdOf(p1)!);
      expect((p2.ping_event as { ping_ms: number }).ping_ms).toEqual(expect.any(Number));
      await s.close();
    });

    it('tolerates user_activity, contextual_update and feedback without replying; feedback lands on the turn', async () => {
      const s = await TestSocket.open(await signedUrl(w.rooms.shared));
      const metadata = await s.next('conversation_initiation_metadata');
      const first = await s.next('agent_response');
      const answer = await s.ask('What PPE do I need?');
      const before = s.frames.length;
      s.send({ type: 'user_activity' });
      s.send({
        type: 'contextual_update',
        text: 'The user opened the checklist',
        context_id: 'nav',
      });
      s.send({ type: 'contextual_update', text: 'The user opened page 2', context_id: 'nav' });
      s.send({ type: 'feedback', score: 'like', event_id: eventIdOf(answer) });
      s.send({ type: 'feedback', score: 'dislike', event_id: eventIdOf(first) });
      s.send({ type: 'feedback', score: null, event_id: eventIdOf(first) });
      s.send({ type: 'something_new', whatever: true });
      // The socket handles frames in order, so the answer to a later question is the first
      // thing sent after them: none of them got a reply of its own.
      const later = await s.ask('Anything else?');
      expect(s.frames.slice(before).filter((f) => f.type !== 'ping')).toEqual([later]);
      const id = conversationId(metadata);
      await eventually(async () => {
        const rows = await ctx.db
          .selectFrom('conversation_messages')
          .select(['event_id', 'role', 'source', 'text', 'feedback'])
          .where('conversation_id', '=', id)
          .orderBy('event_id')
          .execute();
        expect(rows).toEqual([
          expect.objectContaining({ event_id: eventIdOf(first), role: 'agent', feedback: null }),
          expect.objectContaining({ role: 'user', source: 'text', text: 'What PPE do I need?' }),
          expect.objectContaining({ event_id: eventIdOf(answer), role: 'agent', feedback: 'like' }),
          expect.objectContaining({ role: 'user', source: 'text', text: 'Anything else?' }),
          expect.objectContaining({ event_id: eventIdOf(later), role: 'agent', feedback: null }),
        ]);
      });
      await s.close();
    });

    it('keeps event ids monotonic across pings and turns', async () => {
      const s = await TestSocket.open(await signedUrl(w.rooms.shared));
      await s.next('conversation_initiation_metadata');
      await s.next('agent_response');
      for (const q of ['one?', 'two?', 'three?']) await s.ask(q);
      await s.next('ping');
      const ids = s.frames.map(eventIdOf).filter((id): id is number => id !== undefined);
      expect(new Set(ids).size).toBeGreaterThanOrEqual(5);
      expect(eventIdViolation(s.frames)).toBeNull();
      await s.close();
    });

    it('answers the client close with the same code and stores the end with its real duration', async () => {
      const s = await TestSocket.open(await signedUrl(w.rooms.shared));
      const id = conversationId(await s.next('conversation_initiation_metadata'));
      // 1.1 s later on the server's clock.
      const row = await withClockAhead(1100, async () => {
        expect(await s.close(1000, 'User ended conversation')).toEqual({
          code: 1000,
          reason: 'User ended conversation',
        });
        return eventually(async () => {
          const r = await conversationRow(id);
          expect(r.ended_at).not.toBeNull();
          return r;
        });
      });
      expect(row).toMatchObject({ end_reason: 'user', close_code: 1000, duration_seconds: 1 });
      expect(row.ended_at!.getTime() - row.started_at.getTime()).toBeGreaterThanOrEqual(1000);
    });

    it('stores a dropped socket (1006) with its real duration', async () => {
      const s = await TestSocket.open(await signedUrl(w.rooms.shared));
      const id = conversationId(await s.next('conversation_initiation_metadata'));
      // 1.6 s later on the server's clock.
      const row = await withClockAhead(1600, async () => {
        s.ws.terminate();
        return eventually(async () => {
          const r = await conversationRow(id);
          expect(r.ended_at).not.toBeNull();
          return r;
        });
      });
      expect(row).toMatchObject({ end_reason: 'error', close_code: 1006, duration_seconds: 2 });
    });

    it('closes 1008 on bad JSON, after an error event', async () => {
      const s = await TestSocket.open(await signedUrl(w.rooms.shared));
      const id = conversationId(await s.next('conversation_initiation_metadata'));
      s.send('{not json');
      const error = await s.next('error');
      expect(error.error_event).toMatchObject({ code: 1008, message: 'Invalid JSON' });
      expect(await s.closed).toEqual({ code: 1008, reason: 'Invalid JSON' });
      await eventually(async () =>
        expect(await conversationRow(id)).toMatchObject({ end_reason: 'error', close_code: 1008 }),
      );
    });

    it('uses defaults when the first frame is not the initiation frame', async () => {
      const s = await TestSocket.open(await signedUrl(w.rooms.shared), {
        init: { type: 'user_message', text: 'Hello there' },
      });
      const metadata = await s.next('conversation_initiation_metadata');
      expect(s.frames[0]).toBe(metadata);
      // The user spoke first: the greeting gives way (it had sent nothing) and the question is
      // answered, in voice mode (the default), with audio right after the text.
      const answer = await s.next('agent_response');
      expect(responseText(answer)).not.toBe(
        "Hi, I'm your Field Advisor. What are you working on today?",
      );
      expect(s.all('agent_response')).toHaveLength(1);
      expect(s.all('interruption')).toEqual([]);
      const row = await conversationRow(conversationId(metadata));
      expect(row.text_only).toBe(false);
      await s.close();
    });

    it('accepts the session cookie from the same origin, with room_id as a query parameter or a dynamic variable', async () => {
      const origin = base.http;
      const a = await TestSocket.open(
        `${base.ws}/v1/convai/conversation?agent_id=field-advisor&room_id=${w.rooms.shared}&source=js_sdk`,
        { headers: { cookie: w.cookies.USER!, origin } },
      );
      await a.next('conversation_initiation_metadata');
      await a.close();
      const b = await TestSocket.open(`${base.ws}/v1/convai/conversation?agent_id=field-advisor`, {
        headers: { cookie: w.cookies.USER!, origin },
        init: textOnlyInit({
          dynamic_variables: { room_id: w.rooms.shared, user_name: 'Sam', username: '1234' },
        }),
      });
      const metadata = await b.next('conversation_initiation_metadata');
      expect(await conversationRow(conversationId(metadata))).toMatchObject({
        user_id: w.user.id,
        room_id: w.rooms.shared,
      });
      await b.close();
    });

    const refused = async (url: string, options: Parameters<typeof TestSocket.open>[1] = {}) => {
      const s = await TestSocket.open(url, options);
      const closed = await s.closed;
      expect(s.frames.filter((f) => f.type === 'conversation_initiation_metadata')).toEqual([]);
      expect(Buffer.byteLength(closed.reason)).toBeLessThanOrEqual(123);
      return closed;
    };
    const cookieUrl = (roomId: number, agentId = 'field-advisor') =>
      `${base.ws}/v1/convai/conversation?agent_id=${agentId}&room_id=${roomId}`;

    it('refuses (1008, before metadata) a cross-site cookie upgrade', async () => {
      expect(
        await refused(cookieUrl(w.rooms.shared), {
          headers: { cookie: w.cookies.USER!, origin: 'https://evil.example' },
        }),
      ).toEqual({ code: 1008, reason: 'Cross-site connection refused' });
    });

    it('refuses (1008) no credentials, a reused token and an expired token', async () => {
      expect(await refused(cookieUrl(w.rooms.shared))).toEqual({
        code: 1008,
        reason: 'Authentication required: sign in or use a signed URL',
      });
      const url = await signedUrl(w.rooms.shared);
      const s = await TestSocket.open(url);
      await s.next('conversation_initiation_metadata');
      await s.close();
      const reuse = { code: 1008, reason: 'This signed URL is invalid, expired or already used' };
      expect(await refused(url)).toEqual(reuse);
      const late = await signedUrl(w.rooms.shared);
      await ctx.db
        .updateTable('voice_url_tokens')
        .set({ expires_at: new Date(Date.now() - 1000) })
        .where('used_at', 'is', null)
        .execute();
      expect(await refused(late)).toEqual(reuse);
      // ElevenLabs' name for the same parameter works too (and is single use as well).
      const sig = (await signedUrl(w.rooms.shared)).replace('&token=', '&conversation_signature=');
      const ok = await TestSocket.open(sig);
      await ok.next('conversation_initiation_metadata');
      await ok.close();
      expect(await refused(sig)).toEqual(reuse);
    });

    it('binds a signed URL to its user and room: another user holding it talks as its owner, never in another room', async () => {
      const url = await signedUrl(w.rooms.shared, w.cookies.USER);
      expect(
        await refused(`${url}&room_id=${w.rooms.empty}`, { headers: { cookie: w.cookies.ADMIN! } }),
      ).toEqual({
        code: 1008,
        reason: 'This signed URL was issued for another room',
      });
      const again = await signedUrl(w.rooms.shared, w.cookies.USER);
      const s = await TestSocket.open(again, { headers: { cookie: w.cookies.ADMIN! } });
      const id = conversationId(await s.next('conversation_initiation_metadata'));
      expect((await conversationRow(id)).user_id).toBe(w.user.id);
      await s.close();
    });

    it('refuses rooms the caller may not use, paused rooms and foreign agents; the OWNER may use any room', async () => {
      const origin = base.http;
      const as = (cookie: string | undefined) => ({ headers: { cookie: cookie!, origin } });
      const notMember = { code: 1008, reason: 'Room not found or you are not a member of it' };
      expect(await refused(cookieUrl(w.rooms.shared), as(w.outsiderCookie))).toEqual(notMember);
      expect(await refused(cookieUrl(w.rooms.adminOnly), as(w.cookies.USER))).toEqual(notMember);
      expect(await refused(cookieUrl(99_999), as(w.cookies.USER))).toEqual(notMember);
      expect(await refused(cookieUrl(w.rooms.userOnly), as(w.cookies.USER))).toEqual({
        code: 1008,
        reason: 'This room is paused; conversations are closed',
      });
      expect(await refused(cookieUrl(w.rooms.shared, 'someone-else'), as(w.cookies.USER))).toEqual({
        code: 1008,
        reason: "This agent is not the room's agent",
      });
      expect(
        await refused(
          `${base.ws}/v1/convai/conversation?agent_id=field-advisor`,
          as(w.cookies.USER),
        ),
      ).toEqual({ code: 1008, reason: 'room_id is required' });
      const owner = await TestSocket.open(cookieUrl(w.rooms.userOnly), as(w.cookies.OWNER));
      await owner.next('conversation_initiation_metadata');
      await owner.close();
    });

    it('refuses a local socket for an ElevenLabs agent', async () => {
      const agent = await ctx.db
        .insertInto('agents')
        .values({ agent_id: 'el-agent', name: 'Hosted', provider: 'elevenlabs' })
        .returning('id')
        .executeTakeFirstOrThrow();
      await ctx.db
        .updateTable('rooms')
        .set({ agent_id: agent.id })
        .where('id', '=', w.rooms.shared)
        .execute();
      expect(
        await refused(cookieUrl(w.rooms.shared, 'el-agent'), {
          headers: { cookie: w.cookies.USER!, origin: base.http },
        }),
      ).toEqual({
        code: 1008,
        reason: 'This agent runs on ElevenLabs: connect with the signed URL from the API',
      });
    });

    it('enforces the agent’s allowed overrides; empty objects are always fine', async () => {
      const url = () => signedUrl(w.rooms.shared);
      const withOverride = (override: Record<string, unknown>) =>
        textOnlyInit({
          conversation_config_override: { ...override, conversation: { text_only: true } },
        });
      expect(
        await refused(await url(), { init: withOverride({ agent: { first_message: 'Yo' } }) }),
      ).toEqual({ code: 1008, reason: 'Override not allowed for this agent: first_message' });
      expect(
        await refused(await url(), {
          init: withOverride({ agent: { prompt: { prompt: 'Be rude' } } }),
        }),
      ).toEqual({ code: 1008, reason: 'Override not allowed for this agent: prompt' });
      expect(
        await refused(await url(), { init: withOverride({ tts: { voice_id: 'x' } }) }),
      ).toEqual({
        code: 1008,
        reason: 'Override not allowed for this agent: voice',
      });
      await ctx.db
        .updateTable('agents')
        .set({ allowed_overrides: JSON.stringify(['first_message', 'language']) })
        .execute();
      const s = await TestSocket.open(await url(), {
        init: withOverride({
          agent: { first_message: 'Morning {{user_name}}!', language: 'en', prompt: {} },
          tts: {},
          asr: {},
        }),
      });
      await s.next('conversation_initiation_metadata');
      expect(responseText(await s.next('agent_response'))).toBe('Morning !');
      await s.close();
    });

    it('answers from the content library with citations as attachments, and opens a cited document through the client tool', async () => {
      await seedDemo(ctx.db, await ensureDefaultAgent(ctx.db), ctx.app.storage);
      const pdf = await ctx.db
        .selectFrom('content_items')
        .select(['id', 'url'])
        .where('title', '=', 'Site safety checklist')
        .executeTakeFirstOrThrow();
      const s = await TestSocket.open(await signedUrl(w.rooms.shared));
      const id = conversationId(await s.next('conversation_initiation_metadata'));
      await s.next('agent_response');
      const answer = await s.ask('When do I need a full body harness?');
      expect(responseText(answer)).toMatch(/full body harness/i);
      const event = answer.agent_response_event as { attachments: unknown[] };
      expect(event.attachments[0]).toEqual({
        url: `${pdf.url}#page=2`,
        name: 'Site safety checklist',
        mime_type: 'application/pdf',
        content_id: pdf.id,
        content_type: 'PDF',
        page: 2,
      });

      s.send({ type: 'user_message', text: 'Open that document please' });
      const call = await s.next('client_tool_call');
      const opened = await s.next('agent_response');
      expect(call.client_tool_call).toEqual({
        tool_name: 'open_content',
        tool_call_id: expect.any(String),
        parameters: { content_id: pdf.id },
        event_id: eventIdOf(opened),
      });
      expect(responseText(opened)).toBe('Opening Site safety checklist.');
      const toolCallId = (call.client_tool_call as { tool_call_id: string }).tool_call_id;
      s.send({
        type: 'client_tool_result',
        tool_call_id: toolCallId,
        result: 'Popup blocked',
        is_error: true,
      });
      const failed = await s.next('agent_response');
      expect(responseText(failed)).toBe('I could not open Site safety checklist: Popup blocked');
      expect(eventIdOf(failed)).toBeGreaterThan(eventIdOf(opened)!);

      // The transcript keeps the citations on the agent turn.
      await eventually(async () => {
        const row = await ctx.db
          .selectFrom('conversation_messages')
          .select(['citations'])
          .where('conversation_id', '=', id)
          .where('event_id', '=', eventIdOf(answer)!)
          .executeTakeFirstOrThrow();
        expect(row.citations[0]).toMatchObject({ contentId: pdf.id, page: 2, type: 'PDF' });
      });
      await s.close();
    });

    it('says plainly when nothing relevant is found, and the question becomes a knowledge gap', async () => {
      const s = await TestSocket.open(await signedUrl(w.rooms.shared));
      const id = conversationId(await s.next('conversation_initiation_metadata'));
      await s.next('agent_response');
      const answer = await s.ask('What is the torque spec for a flux capacitor?');
      expect(
        (answer.agent_response_event as { attachments?: unknown }).attachments,
      ).toBeUndefined();
      await eventually(async () =>
        expect(
          await ctx.db
            .selectFrom('knowledge_gaps')
            .select(['question', 'conversation_id', 'room_id', 'user_id'])
            .execute(),
        ).toEqual([
          {
            question: 'What is the torque spec for a flux capacitor?',
            conversation_id: id,
            room_id: w.rooms.shared,
            user_id: w.user.id,
          },
        ]),
      );
      await s.close();
    });

    it('answers a user_message with control characters and stores the text without them', async () => {
      // PostgreSQL text columns reject NUL: the turn was answered but its row never stored.
      const s = await TestSocket.open(await signedUrl(w.rooms.shared));
      const id = conversationId(await s.next('conversation_initiation_metadata'));
      await s.next('agent_response');
      const answer = await s.ask('How deep\u0000 should a\u0007 footing\tbe?\r\nThanks');
      expect(responseText(answer).length).toBeGreaterThan(0);
      await s.close();
      await eventually(async () =>
        expect(
          await ctx.db
            .selectFrom('conversation_messages')
            .select(['role', 'text'])
            .where('conversation_id', '=', id)
            .where('role', '=', 'user')
            .execute(),
        ).toEqual([{ role: 'user', text: 'How deep should a footing\tbe?\nThanks' }]),
      );
      // The agent's answer to it is stored too (written after the user's turn, so waited for
      // the same way: on a loaded machine it was not there yet when the user's row was).
      await eventually(async () => {
        const agentRows = await ctx.db
          .selectFrom('conversation_messages')
          .select('event_id')
          .where('conversation_id', '=', id)
          .where('role', '=', 'agent')
          .execute();
        expect(agentRows.map((r) => r.event_id)).toContain(eventIdOf(answer));
      });
    });

    it('answers unknown paths with 404 and leaves the HTTP API alone', async () => {
      await expect(TestSocket.open(`${base.ws}/v1/convai/other`)).rejects.toThrow(/404/);
      const res = await fetch(`${base.http}/api/health`);
      expect(res.status).toBe(200);
    });
  },
  { config: { voice: { pingIntervalMs: 300 } } },
);

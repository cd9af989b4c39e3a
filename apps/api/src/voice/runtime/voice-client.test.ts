// The library is typed against the browser (AudioContext, MediaStream, …); this file only
// uses its text-only path, but the compiler needs the DOM names to read it.
/// <reference lib="dom" />
import {
  Conversation,
  type SessionOptions,
  type VoicePlatform,
  type WebSocketLike,
} from '@fieldcraft/voice-client';
import { beforeAll, beforeEach, expect, it } from 'vitest';
import WebSocket from 'ws';
import { describeOnPglite } from '../../test/test-app';
import { createWorld, type World } from '../../test/world';
import { eventually, listen } from './voice-test-kit';

// voice-protocol.md §10 with our own client library (libs/voice-client), text-only in Node with
// `ws` injected as its WebSocket: what the web app's room chat will see.

type Event = [string, unknown];

describeOnPglite(
  'the conversation socket (libs/voice-client)',
  (ctx) => {
    let w: World;
    let base: { ws: string; http: string };
    beforeAll(async () => {
      base = await listen(ctx.app);
    });
    beforeEach(async () => {
      w = await createWorld(ctx);
    });

    const signedUrl = async (cookie = w.cookies.USER) => {
      const res = await fetch(`${base.http}/api/voice/rooms/${w.rooms.shared}/signed-url`, {
        headers: { cookie: cookie ?? '' },
      });
      return ((await res.json()) as { signedUrl: string }).signedUrl;
    };

    function start(options: Partial<SessionOptions>, headers: Record<string, string> = {}) {
      const events: Event[] = [];
      const platform: Partial<VoicePlatform> = {
        createWebSocket: (url, protocols) =>
          new WebSocket(url, protocols, { headers }) as unknown as WebSocketLike,
        requestWakeLock: async () => null,
        userAgent: 'node',
      };
      const promise = Conversation.startSession(
        {
          textOnly: true,
          useWakeLock: false,
          onConnect: (c) => events.push(['connect', c]),
          onMessage: (m) => events.push(['message', m]),
          onDisconnect: (d) => events.push(['disconnect', d]),
          onError: (e) => events.push(['error', e]),
          onModeChange: (m) => events.push(['mode', m.mode]),
          onAgentChatResponsePart: (p) => events.push(['part', p]),
          ...options,
        } as SessionOptions,
        platform,
      );
      return { promise, events };
    }
    const messages = (events: Event[]) =>
      events
        .filter(([kind]) => kind === 'message')
        .map(([, m]) => m as { source: string; message: string; eventId?: number });

    it('connects with a signed URL, gets the first message, answers a typed question, ends as the user', async () => {
      const { promise, events } = start({ signedUrl: await signedUrl() });
      const conversation = await promise;
      const id = conversation.getId();
      expect(id).toMatch(/^conv_/);
      expect(events[0]).toEqual(['connect', { conversationId: id }]);
      await eventually(async () => expect(messages(events)).toHaveLength(1));
      expect(messages(events)[0]).toMatchObject({
        source: 'ai',
        message: "Hi, I'm your Field Advisor. What are you working on today?",
      });
      expect(conversation.sendUserMessage('What do I wear on site?')).toBe(true);
      await eventually(async () => expect(messages(events)).toHaveLength(2));
      const answer = messages(events)[1]!;
      expect(answer.source).toBe('ai');
      expect(answer.eventId).toBeGreaterThan(messages(events)[0]!.eventId!);

      // Feedback on that answer lands on its stored turn.
      expect(conversation.canSendFeedback()).toBe(true);
      expect(conversation.sendFeedback(true)).toBe(true);
      conversation.sendUserActivity();
      conversation.sendContextualUpdate('Looking at the crane page', 'page');
      await eventually(async () => {
        const row = await ctx.db
          .selectFrom('conversation_messages')
          .select('feedback')
          .where('conversation_id', '=', id)
          .where('event_id', '=', answer.eventId!)
          .executeTakeFirstOrThrow();
        expect(row.feedback).toBe('like');
      });
      // Pings are answered by the library; its ping_ms shows up.
      await eventually(
        async () => expect(conversation.getPingMs()).toEqual(expect.any(Number)),
        5000,
      );

      await conversation.endSession();
      await eventually(async () =>
        expect(events.find(([k]) => k === 'disconnect')).toEqual([
          'disconnect',
          expect.objectContaining({ reason: 'user' }),
        ]),
      );
      const row = await eventually(async () => {
        const r = await ctx.db
          .selectFrom('conversations')
          .selectAll()
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        expect(r.ended_at).not.toBeNull();
        return r;
      });
      expect(row).toMatchObject({ end_reason: 'user', close_code: 1000, text_only: true });
      expect(events.filter(([k]) => k === 'error')).toEqual([]);
    });

    it('connects with the session cookie and agentId from the same origin, room_id as a dynamic variable', async () => {
      const { promise, events } = start(
        {
          agentId: 'field-advisor',
          origin: base.ws,
          dynamicVariables: { room_id: w.rooms.shared, user_name: 'Sam', user_role: 'USER' },
        },
        { cookie: w.cookies.USER!, origin: base.http },
      );
      const conversation = await promise;
      await eventually(async () => expect(messages(events).length).toBeGreaterThanOrEqual(1));
      await conversation.endSession();
    });

    it('fails the start with the server’s reason for a refused room', async () => {
      const { promise, events } = start(
        {
          agentId: 'field-advisor',
          origin: base.ws,
          dynamicVariables: { room_id: w.rooms.userOnly },
        },
        { cookie: w.cookies.USER!, origin: base.http },
      );
      await expect(promise).rejects.toMatchObject({
        code: 'CONNECTION_FAILED',
        closeCode: 1008,
        message: 'This room is paused; conversations are closed',
      });
      expect(events.filter(([k]) => k === 'connect')).toEqual([]);
    });

    it('reports a server close as an error with its reason (bad override → 1008)', async () => {
      const { promise } = start({
        signedUrl: await signedUrl(),
        overrides: { agent: { firstMessage: 'Not allowed' } },
      });
      await expect(promise).rejects.toMatchObject({
        closeCode: 1008,
        message: 'Override not allowed for this agent: first_message',
      });
    });
  },
  { config: { voice: { pingIntervalMs: 300 } } },
);

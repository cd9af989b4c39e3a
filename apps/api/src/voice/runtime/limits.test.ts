import { beforeAll, beforeEach, expect, it } from 'vitest';
import { describeEachDatabase, type TestContext } from '../../test/test-app';
import { createWorld, sessionCookieFor, type World } from '../../test/world';
import { eventually, listen, TestSocket, withClockAhead } from './voice-test-kit';

// Every limit closes cleanly with its code and a readable reason, and the conversation is
// stored with that code. The limits are shrunk per suite through config.voice.

interface Harness {
  w: World;
  base: { ws: string; http: string };
  open(cookie?: string, options?: Parameters<typeof TestSocket.open>[1]): Promise<TestSocket>;
  metadataId(s: TestSocket): Promise<string>;
  stored(id: string): Promise<{ end_reason: string | null; close_code: number | null }>;
}

function harness(ctx: TestContext): Harness {
  const h: Harness = {
    w: undefined as unknown as World,
    base: undefined as unknown as { ws: string; http: string },
    async open(cookie = h.w.cookies.USER, options = {}) {
      const res = await fetch(`${h.base.http}/api/voice/rooms/${h.w.rooms.shared}/signed-url`, {
        headers: { cookie: cookie ?? '' },
      });
      const { signedUrl } = (await res.json()) as { signedUrl: string };
      return TestSocket.open(signedUrl, options);
    },
    async metadataId(s: TestSocket) {
      const m = await s.next('conversation_initiation_metadata');
      return (m.conversation_initiation_metadata_event as { conversation_id: string })
        .conversation_id;
    },
    stored(id: string) {
      return eventually(async () => {
        const row = await ctx.db
          .selectFrom('conversations')
          .selectAll()
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        expect(row.ended_at).not.toBeNull();
        return row;
      });
    },
  };
  beforeAll(async () => {
    h.base = await listen(ctx.app);
  });
  beforeEach(async () => {
    h.w = await createWorld(ctx);
  });
  return h;
}

describeEachDatabase(
  'voice limits: idle timeout',
  (ctx) => {
    const h = harness(ctx);
    it('closes 1002 "Idle timeout" after an error event when the user says nothing', async () => {
      const s = await h.open();
      const id = await h.metadataId(s);
      const error = await s.next('error', undefined, 5000);
      expect(error.error_event).toMatchObject({ code: 1002, message: 'Idle timeout' });
      expect(await s.closed).toEqual({ code: 1002, reason: 'Idle timeout' });
      expect(await h.stored(id)).toMatchObject({ end_reason: 'error', close_code: 1002 });
    });

    it('user_activity keeps the conversation alive', async () => {
      const s = await h.open();
      await h.metadataId(s);
      for (let i = 0; i < 6; i++) {
        await new Promise((r) => setTimeout(r, 250));
        s.send({ type: 'user_activity' });
      }
      expect(s.ws.readyState).toBe(s.ws.OPEN);
      expect(s.all('error')).toEqual([]);
      await s.close();
    });
  },
  { config: { voice: { idleTimeoutMs: 700 } } },
);

describeEachDatabase(
  'voice limits: unanswered pings',
  (ctx) => {
    const h = harness(ctx);
    it('closes 1002 after three unanswered pings', async () => {
      const s = await h.open(undefined, { autoPong: false });
      const id = await h.metadataId(s);
      expect(await s.closed).toEqual({ code: 1002, reason: 'The client stopped answering pings' });
      expect(s.all('ping')).toHaveLength(3);
      expect(s.all('error')).toHaveLength(1);
      expect(await h.stored(id)).toMatchObject({ end_reason: 'error', close_code: 1002 });
    });
  },
  { config: { voice: { pingIntervalMs: 150 } } },
);

describeEachDatabase(
  'voice limits: maximum duration',
  (ctx) => {
    const h = harness(ctx);
    it('sends max_duration_exceeded, then closes 1000', async () => {
      const s = await h.open();
      const id = await h.metadataId(s);
      const error = await s.next('error', undefined, 5000);
      expect(error.error_event).toMatchObject({ error_type: 'max_duration_exceeded' });
      expect(await s.closed).toEqual({
        code: 1000,
        reason: 'Maximum conversation duration reached',
      });
      const row = await h.stored(id);
      expect(row).toMatchObject({ end_reason: 'agent', close_code: 1000, duration_seconds: 1 });
    });
  },
  { config: { voice: { maxDurationMs: 800 } } },
);

describeEachDatabase(
  'voice limits: frames, rates and concurrency',
  (ctx) => {
    const h = harness(ctx);

    it('closes 1009 on a frame over the size limit', async () => {
      const s = await h.open();
      const id = await h.metadataId(s);
      s.send({ type: 'user_message', text: 'x'.repeat(25_000) });
      expect(await s.closed).toEqual({ code: 1009, reason: 'Frame too large (limit 20000 bytes)' });
      expect(await h.stored(id)).toMatchObject({ close_code: 1009 });
    });

    it('closes 1008 when messages come faster than the rate limit', async () => {
      const s = await h.open();
      const id = await h.metadataId(s);
      for (let i = 0; i < 80; i++) s.send({ type: 'user_activity' });
      expect(await s.closed).toEqual({
        code: 1008,
        reason: 'Too many messages (limit 20 per second)',
      });
      expect(await h.stored(id)).toMatchObject({ close_code: 1008 });
    });

    it('closes 1008 when audio arrives faster than real time', async () => {
      const s = await h.open(undefined, {
        init: {
          type: 'conversation_initiation_client_data',
          conversation_config_override: { agent: {}, tts: {} },
        },
      });
      const id = await h.metadataId(s);
      const chunk = Buffer.alloc(6400).toString('base64'); // 200 ms of silence at 16 kHz
      // 8 s of audio at once: over 1.5 × the time since the session opened + 1 s however
      // slowly this machine got here (up to 4.6 s).
      for (let i = 0; i < 40; i++) s.send({ user_audio_chunk: chunk });
      expect(await s.closed).toEqual({ code: 1008, reason: 'Audio arrives faster than real time' });
      expect(await h.stored(id)).toMatchObject({ close_code: 1008 });
    });

    it('takes a first burst of audio recorded since the session opened (a client busy at the start)', async () => {
      const s = await h.open(undefined, {
        init: {
          type: 'conversation_initiation_client_data',
          conversation_config_override: { agent: {}, tts: {} },
        },
      });
      await h.metadataId(s);
      const chunk = Buffer.alloc(6400).toString('base64');
      // The page was busy for 3 s after connecting, then sent what it had recorded: 2.8 s.
      await withClockAhead(3000, async () => {
        for (let i = 0; i < 14; i++) s.send({ user_audio_chunk: chunk });
        // The session is still open: it answers a typed question after the audio.
        await s.ask('Still there?');
      });
      expect(s.all('error')).toEqual([]);
      await s.close();
    });

    it('refuses a second session of the same user, and any over the server limit, before metadata', async () => {
      const first = await h.open(h.w.cookies.USER);
      await h.metadataId(first);
      const second = await h.open(h.w.cookies.USER);
      expect(await second.closed).toEqual({
        code: 1008,
        reason: 'Too many open conversations (limit 1 per user)',
      });
      expect(second.frames).toEqual([]);
      const admin = await h.open(h.w.cookies.ADMIN);
      await h.metadataId(admin);
      const owner = await h.open(await sessionCookieFor(ctx.db, h.w.owner.id));
      expect(await owner.closed).toEqual({
        code: 1013,
        reason: 'The server is busy: too many conversations. Try again later.',
      });
      await first.close();
      await admin.close();
      // Slots come back when sessions end.
      await eventually(async () => expect(ctx.app.voiceSessions.count()).toBe(0));
      const again = await h.open(h.w.cookies.USER);
      await h.metadataId(again);
      await again.close();
    });
  },
  {
    config: {
      voice: {
        maxFrameBytes: 20_000,
        maxMessagesPerSecond: 20,
        maxSessionsPerUser: 1,
        maxSessions: 2,
        audioRateMargin: 1.5,
      },
    },
  },
);

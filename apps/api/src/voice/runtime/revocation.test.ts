import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../app';
import {
  createScratchDatabase,
  DEFAULT_PASSWORD,
  describeEachDatabase,
  type NewTestUser,
  postgresAvailable,
  type TestContext,
  testConfig,
} from '../../test/test-app';
import { hashPassword } from '../../lib/passwords';
import { insertUser } from '../../people/users.repository';
import { createWorld, sessionCookieFor, type World } from '../../test/world';
import { eventually, listen, TestSocket, textOnlyInit } from './voice-test-kit';

// An open conversation ends within a few seconds of its access ending (deactivation,
// removal from the room, the room leaving LIVE, sign-out, a password change), on every API
// instance: each instance re-checks its open conversations in one query every
// VOICE_ACCESS_CHECK_SECONDS (here 0.1 s).

const CHECK_MS = 100;
/** "Within a few seconds": generous for a loaded machine, far below the 30 minutes of before. */
const WITHIN_MS = 5000;

const REASONS = {
  deactivated: 'Your account has been deactivated.',
  signedOut: 'You have been signed out. Sign in again to continue.',
  room: 'Your access to this room has ended.',
  paused: 'This room has been paused; the conversation has ended.',
  inactive: 'This room is now inactive; the conversation has ended.',
};

/** How the socket closed, or a failure once WITHIN_MS has passed without a close. */
async function closedSoon(s: TestSocket): Promise<{ code: number; reason: string }> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`still open ${WITHIN_MS} ms after the change`)),
      WITHIN_MS,
    );
  });
  try {
    return await Promise.race([s.closed, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** The error event that must precede the close, so the client can show the reason. */
function errorReason(s: TestSocket): string | undefined {
  const error = s.all('error')[0]?.error_event as { reason?: string } | undefined;
  return error?.reason;
}

describeEachDatabase(
  'open conversations end when access ends',
  (ctx) => {
    let w: World;
    let base: { ws: string; http: string };
    beforeAll(async () => {
      base = await listen(ctx.app);
    });
    const opened: TestSocket[] = [];
    beforeEach(async () => {
      w = await createWorld(ctx);
    });
    // A conversation a failed test left open would count against the next test's limits.
    afterEach(async () => {
      for (const s of opened.splice(0)) s.ws.terminate();
      await eventually(async () => expect(ctx.app.voiceSessions.count()).toBe(0));
    });

    const inject = (
      method: 'POST' | 'PATCH' | 'DELETE',
      url: string,
      cookie: string,
      payload?: object,
    ) => ctx.app.inject({ method, url, headers: { cookie }, ...(payload && { payload }) });

    /** A text conversation in `roomId` through a signed URL minted with `cookie`. */
    async function converse(roomId: number, cookie = w.cookies.USER!) {
      const res = await fetch(`${base.http}/api/voice/rooms/${roomId}/signed-url`, {
        headers: { cookie },
      });
      expect(res.status).toBe(200);
      const { signedUrl } = (await res.json()) as { signedUrl: string };
      const s = await TestSocket.open(signedUrl);
      opened.push(s);
      await s.next('agent_response'); // the first message: the conversation is open
      return s;
    }

    /** Same, opened with the session cookie (the same-origin browser). */
    async function converseWithCookie(roomId: number, cookie = w.cookies.USER!) {
      const s = await TestSocket.open(`${base.ws}/v1/convai/conversation?agent_id=field-advisor`, {
        headers: { cookie },
        init: textOnlyInit({ dynamic_variables: { room_id: roomId } }),
      });
      opened.push(s);
      await s.next('agent_response');
      return s;
    }

    it('deactivating the user ends their conversation (1008, with an error event first)', async () => {
      const s = await converse(w.rooms.shared);
      const other = await converse(w.rooms.shared, w.cookies.ADMIN);
      const res = await inject(
        'POST',
        `/api/people/users/${w.user.id}/deactivate`,
        w.cookies.OWNER!,
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(await closedSoon(s)).toEqual({ code: 1008, reason: REASONS.deactivated });
      expect(errorReason(s)).toBe(REASONS.deactivated);
      // Someone else's conversation is not touched.
      expect((await other.ask('Still there?')).type).toBe('agent_response');
      await other.close();
    });

    it('removing the user from the room ends their conversation there', async () => {
      const s = await converse(w.rooms.shared);
      const res = await inject(
        'DELETE',
        `/api/owner/rooms/${w.rooms.shared}/users/${w.user.id}`,
        w.cookies.OWNER!,
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(await closedSoon(s)).toEqual({ code: 1008, reason: REASONS.room });
    });

    it('pausing the room, or making it inactive, ends its conversations; the OWNER may stay', async () => {
      const s = await converse(w.rooms.shared);
      const owners = await converse(w.rooms.shared, w.cookies.OWNER);
      const paused = await inject(
        'PATCH',
        `/api/test-rooms/${w.rooms.shared}/status`,
        w.cookies.OWNER!,
        {
          status: 'PAUSED',
        },
      );
      expect(paused.statusCode, paused.body).toBe(200);
      expect(await closedSoon(s)).toEqual({ code: 1008, reason: REASONS.paused });
      // The OWNER may open a conversation in any room (auth.ts), so theirs goes on.
      expect((await owners.ask('Still there?')).type).toBe('agent_response');
      await owners.close();

      await inject('PATCH', `/api/test-rooms/${w.rooms.shared}/status`, w.cookies.OWNER!, {
        status: 'LIVE',
      });
      const again = await converse(w.rooms.shared);
      await inject('PATCH', `/api/test-rooms/${w.rooms.shared}/status`, w.cookies.OWNER!, {
        status: 'INACTIVE',
      });
      expect(await closedSoon(again)).toEqual({ code: 1008, reason: REASONS.inactive });
    });

    it('signing out ends the conversations of that session: signed URL and cookie alike', async () => {
      const cookie = await sessionCookieFor(ctx.db, w.user.id);
      const viaUrl = await converse(w.rooms.shared, cookie);
      const viaCookie = await converseWithCookie(w.rooms.shared, cookie);
      // The same user signed in elsewhere (another session) keeps talking.
      const elsewhere = await converse(w.rooms.shared, w.cookies.USER);
      const res = await inject('POST', '/api/auth/logout', cookie);
      expect(res.statusCode, res.body).toBe(200);
      expect(await closedSoon(viaUrl)).toEqual({ code: 1008, reason: REASONS.signedOut });
      expect(await closedSoon(viaCookie)).toEqual({ code: 1008, reason: REASONS.signedOut });
      expect((await elsewhere.ask('Still there?')).type).toBe('agent_response');
      await elsewhere.close();
    });

    it('changing the password ends every conversation of the user', async () => {
      const s = await converse(w.rooms.shared);
      const res = await inject('PATCH', `/api/users/${w.user.id}`, w.cookies.USER!, {
        password: 'a-new-password-1',
        currentPassword: DEFAULT_PASSWORD,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(await closedSoon(s)).toEqual({ code: 1008, reason: REASONS.signedOut });
    });

    it('stores the end of a revoked conversation with its code', async () => {
      const s = await converse(w.rooms.shared);
      await inject(
        'DELETE',
        `/api/owner/rooms/${w.rooms.shared}/users/${w.user.id}`,
        w.cookies.OWNER!,
      );
      await closedSoon(s);
      // Stored as the server's side of the socket closes.
      await eventually(async () =>
        expect(
          await ctx.db
            .selectFrom('conversations')
            .select(['close_code', 'end_reason'])
            .where('user_id', '=', w.user.id)
            .executeTakeFirstOrThrow(),
        ).toEqual({ close_code: 1008, end_reason: 'error' }),
      );
    });
  },
  { config: { voice: { accessCheckIntervalMs: CHECK_MS, pingIntervalMs: 1000 } } },
);

// Two instances share only the database: a change made through A ends a conversation on B.
describe.skipIf(!postgresAvailable)('revocation across two API instances [postgres]', () => {
  let a: App;
  let b: App;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const scratch = await createScratchDatabase('postgres');
    drop = scratch.drop;
    const config = testConfig({ ...scratch.config, voice: { accessCheckIntervalMs: CHECK_MS } });
    [a, b] = await Promise.all([buildApp(config), buildApp(config)]);
    await Promise.all([a.ready(), b.ready()]);
  }, 60_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await drop?.();
  });

  it('a sign-out through A and a pause through A end conversations held by B', async () => {
    const w = await createWorld({
      db: a.db,
      createUser: async (u: NewTestUser) =>
        insertUser(a.db, {
          email: u.email,
          username: `w-${u.email.split('@')[0]}`,
          firstName: null,
          lastName: null,
          role: u.role ?? 'USER',
          status: 'ACTIVE',
          passwordHash: await hashPassword(DEFAULT_PASSWORD),
          passwordChangeRequired: false,
          requiresReset: false,
        }),
    } as TestContext);
    const onB = await listen(b);
    const open = async (roomId: number, cookie: string) => {
      const res = await fetch(`${onB.http}/api/voice/rooms/${roomId}/signed-url`, {
        headers: { cookie },
      });
      const { signedUrl } = (await res.json()) as { signedUrl: string };
      const s = await TestSocket.open(signedUrl);
      await s.next('agent_response');
      return s;
    };
    const signedOut = await open(w.rooms.shared, w.cookies.USER!);
    const paused = await open(w.rooms.shared, w.cookies.ADMIN!);
    expect(b.voiceSessions.count()).toBe(2);

    const logout = await a.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: w.cookies.USER! },
    });
    expect(logout.statusCode).toBe(200);
    expect(await closedSoon(signedOut)).toEqual({ code: 1008, reason: REASONS.signedOut });

    const pause = await a.inject({
      method: 'PATCH',
      url: `/api/test-rooms/${w.rooms.shared}/status`,
      headers: { cookie: w.cookies.OWNER! },
      payload: { status: 'PAUSED' },
    });
    expect(pause.statusCode).toBe(200);
    expect(await closedSoon(paused)).toEqual({ code: 1008, reason: REASONS.paused });
  });
});

import { expect, it } from 'vitest';
import { describeEachDatabase } from '../test/test-app';
import { createWorld, headersFor, type Identity, type World } from '../test/world';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

interface RouteCase {
  name: string;
  /** Who may use it: the owner alone, or anyone signed in. */
  access: 'owner' | 'signed-in';
  /** The success status for those who may. */
  ok: number;
  mutates: boolean;
  /** `attempt` differs per call so a repeated success still targets something that exists. */
  request: (w: World, attempt: number) => { method: Method; url: string; payload?: object };
}

const ROUTES: RouteCase[] = [
  {
    name: 'GET /api/user/rooms',
    access: 'signed-in',
    ok: 200,
    mutates: false,
    request: () => ({ method: 'GET', url: '/api/user/rooms' }),
  },
  {
    name: 'GET /api/user/rooms/{roomId}',
    access: 'signed-in',
    ok: 200,
    mutates: false,
    request: (w) => ({ method: 'GET', url: `/api/user/rooms/${w.rooms.shared}` }),
  },
  {
    name: 'GET /api/voice/agents',
    access: 'signed-in',
    ok: 200,
    mutates: false,
    request: () => ({ method: 'GET', url: '/api/voice/agents' }),
  },
  {
    name: 'GET /api/voice/agents/{agent_id}/usage',
    access: 'signed-in',
    ok: 200,
    mutates: false,
    request: () => ({ method: 'GET', url: '/api/voice/agents/field-advisor/usage' }),
  },
  {
    name: 'GET /api/owner/rooms',
    access: 'owner',
    ok: 200,
    mutates: false,
    request: () => ({ method: 'GET', url: '/api/owner/rooms' }),
  },
  {
    name: 'GET /api/owner/users',
    access: 'owner',
    ok: 200,
    mutates: false,
    request: () => ({ method: 'GET', url: '/api/owner/users' }),
  },
  {
    name: 'GET /api/agents',
    access: 'owner',
    ok: 200,
    mutates: false,
    request: () => ({ method: 'GET', url: '/api/agents' }),
  },
  {
    name: 'POST /api/owner/rooms',
    access: 'owner',
    ok: 201,
    mutates: true,
    request: (_w, i) => ({
      method: 'POST',
      url: '/api/owner/rooms',
      payload: { name: `Room ${i}`, agentId: 'field-advisor' },
    }),
  },
  {
    name: 'POST /api/users',
    access: 'owner',
    ok: 201,
    mutates: true,
    request: (_w, i) => ({
      method: 'POST',
      url: '/api/users',
      payload: {
        email: `new${i}@example.com`,
        username: `new-user-${i}`,
        password: 'site-safety-12',
        firstName: 'New',
        lastName: 'User',
      },
    }),
  },
  {
    name: 'POST /api/owner/rooms/{roomId}/users',
    access: 'owner',
    ok: 200,
    mutates: true,
    request: (w, i) => ({
      method: 'POST',
      url: `/api/owner/rooms/${i === 0 ? w.rooms.empty : w.rooms.adminOnly}/users`,
      payload: { userId: w.outsider.id },
    }),
  },
  {
    name: 'DELETE /api/owner/rooms/{roomId}/users/{userId}',
    access: 'owner',
    ok: 200,
    mutates: true,
    request: (w, i) => ({
      method: 'DELETE',
      url: `/api/owner/rooms/${i === 0 ? w.rooms.shared : w.rooms.userOnly}/users/${w.user.id}`,
    }),
  },
  {
    name: 'DELETE /api/test-rooms/{roomId}',
    access: 'owner',
    ok: 200,
    mutates: true,
    request: (w, i) => ({
      method: 'DELETE',
      url: `/api/test-rooms/${i === 0 ? w.rooms.empty : w.rooms.adminOnly}`,
    }),
  },
  {
    name: 'PATCH /api/test-rooms/{roomId}/status',
    access: 'owner',
    ok: 200,
    mutates: true,
    request: (w) => ({
      method: 'PATCH',
      url: `/api/test-rooms/${w.rooms.shared}/status`,
      payload: { status: 'PAUSED' },
    }),
  },
  {
    name: 'POST /api/test-rooms',
    access: 'owner',
    ok: 201,
    mutates: true,
    request: (_w, i) => ({
      method: 'POST',
      url: '/api/test-rooms',
      payload: { name: `Quick ${i}` },
    }),
  },
  {
    name: 'PATCH /api/owner/rooms/{id}',
    access: 'owner',
    ok: 200,
    mutates: true,
    request: (w) => ({
      method: 'PATCH',
      url: `/api/owner/rooms/${w.rooms.shared}`,
      payload: { name: 'Renamed' },
    }),
  },
];

function expected(route: RouteCase, who: Identity): number {
  if (who === 'anonymous') return 401;
  if (route.access === 'signed-in' || who === 'OWNER') return route.ok;
  return 403;
}

describeEachDatabase('room and owner routes: role matrix', (ctx) => {
  it.each(ROUTES)('$name', async (route) => {
    const world = await createWorld(ctx);
    const send = (who: Identity, spoof: boolean, attempt: number) => {
      const { method, url, payload } = route.request(world, attempt);
      return ctx.app.inject({
        method,
        url,
        headers: headersFor(world, who, spoof ? 'OWNER' : undefined),
        ...(payload && { payload }),
      });
    };

    // Everyone who is refused first, so their attempts cannot hide behind an owner's change.
    for (const who of ['anonymous', 'USER', 'ADMIN'] as const) {
      for (const spoof of [false, true]) {
        const res = await send(who, spoof, 0);
        const status = expected(route, who);
        expect(res.statusCode, `${who}${spoof ? ' + user-role: OWNER' : ''}`).toBe(status);
        if (status === 401) expect(res.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
        if (status === 403) expect(res.json()).toMatchObject({ code: 'FORBIDDEN' });
      }
    }
    if (route.mutates) {
      // Refused requests changed nothing, so they left no audit trail either.
      expect(await ctx.db.selectFrom('audit_log').selectAll().execute()).toEqual([]);
    }

    for (const [attempt, spoof] of [false, true].entries()) {
      const res = await send('OWNER', spoof, attempt);
      expect(res.statusCode, `OWNER${spoof ? ' + user-role: OWNER' : ''}: ${res.body}`).toBe(
        route.ok,
      );
    }
    if (route.mutates) {
      const audit = await ctx.db.selectFrom('audit_log').select('actor_id').execute();
      expect(audit.length).toBeGreaterThan(0);
      expect(audit.every((row) => row.actor_id === world.owner.id)).toBe(true);
    }
  });
});

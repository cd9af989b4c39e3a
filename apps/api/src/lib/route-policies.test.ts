import { expect, it } from 'vitest';
import { ROUTE_POLICIES, type RoutePolicy } from './route-policies';
import { describeOnPglite } from '../test/test-app';
import { type Identity, type World, createWorld, sessionCookieFor } from '../test/world';

// The generated security matrix: every route of the built app × anonymous / USER / ADMIN /
// OWNER × with and without spoofed `user-role: OWNER`, `x-impersonation-token` and
// `x-preview-mode: owner` headers, compared with the route's declared policy. The server decides
// from the session alone. A third variant sends the admin preview header `x-preview-mode: user`:
// it may only lower an OWNER or ADMIN to USER, never raise anyone.

interface RouteKey {
  method: string;
  path: string;
}

function routesOf(doc: unknown): RouteKey[] {
  const paths = (doc as { paths: Record<string, Record<string, unknown>> }).paths;
  return Object.entries(paths).flatMap(([path, ops]) =>
    Object.keys(ops).map((method) => ({ method: method.toUpperCase(), path })),
  );
}

/** A concrete URL for a route: ids that exist where that exercises more of the route. */
function urlFor(route: RouteKey, world: World): string {
  const otherUserId = route.path.startsWith('/api/users/') ? world.outsider.id : 999_999;
  return route.path
    .replace('{id}', String(otherUserId))
    .replace('{roomId}', String(world.rooms.shared))
    .replace('{userId}', String(world.user.id))
    .replace('{agent_id}', world.agent.agentId)
    .replace('{key}', 'missing-file.pdf');
}

function userOf(world: World, who: Exclude<Identity, 'anonymous'>) {
  return who === 'OWNER' ? world.owner : who === 'ADMIN' ? world.admin : world.user;
}

/** From a loopback client (inject's default address); see REMOTE for the other side. */
function allowed(policy: RoutePolicy, who: Identity): boolean {
  if (policy === 'public' || policy === 'metrics') return true;
  if (who === 'anonymous') return false;
  if (policy === 'owner' || policy === 'self-or-owner') return who === 'OWNER';
  if (policy === 'owner-or-admin') return who === 'OWNER' || who === 'ADMIN';
  return true;
}

/** A client on another machine (TEST-NET-3), for the `metrics` policy. */
const REMOTE = '203.0.113.9';

const SPOOFED = {
  'user-role': 'OWNER',
  // Shaped like a real token (three dot-separated segments), signed by nobody.
  'x-impersonation-token': 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOjF9.c2lnbmF0dXJl',
  // Preview mode names a role to view as; no value but 'user' means anything.
  'x-preview-mode': 'owner',
};

/** Admin preview mode (with a spoofed role beside it): served as a USER if signed in. */
const PREVIEW = { 'x-preview-mode': 'user', 'user-role': 'OWNER' };

type Variant = 'plain' | 'spoofed' | 'preview';

/** Who the server must take the caller for: preview lowers OWNER and ADMIN to USER. */
function effectiveIdentity(who: Identity, variant: Variant): Identity {
  return variant === 'preview' && (who === 'OWNER' || who === 'ADMIN') ? 'USER' : who;
}

describeOnPglite('route policy matrix', (ctx) => {
  it('declares a policy for every route, and every declared route exists', () => {
    const routes = routesOf(ctx.app.swagger()).map((r) => `${r.method} ${r.path}`);
    const undeclared = routes.filter((key) => !(key in ROUTE_POLICIES));
    expect(undeclared, 'routes without a declared policy (add them to route-policies.ts)').toEqual(
      [],
    );
    const stale = Object.keys(ROUTE_POLICIES).filter((key) => !routes.includes(key));
    expect(stale, 'declared policies for routes that do not exist').toEqual([]);
  });

  it('answers every route as its policy says, for every identity, spoofed headers or not', async () => {
    const world = await createWorld(ctx);
    const failures: string[] = [];
    for (const route of routesOf(ctx.app.swagger())) {
      const policy = ROUTE_POLICIES[`${route.method} ${route.path}`];
      if (!policy) continue; // reported by the test above
      for (const who of ['anonymous', 'USER', 'ADMIN', 'OWNER'] as const) {
        for (const variant of ['plain', 'spoofed', 'preview'] as const) {
          const spoofed = variant !== 'plain';
          const extra = variant === 'spoofed' ? SPOOFED : variant === 'preview' ? PREVIEW : {};
          const as = effectiveIdentity(who, variant);
          // A fresh session each time: the logout routes end the session they are given.
          const cookie =
            who === 'anonymous' ? undefined : await sessionCookieFor(ctx.db, userOf(world, who).id);
          const response = await ctx.app.inject({
            method: route.method as 'GET',
            url: urlFor(route, world),
            headers: {
              ...(cookie && { cookie }),
              ...extra,
              ...(route.method !== 'GET' && { 'content-type': 'application/json' }),
            },
            ...(route.method !== 'GET' && { payload: '{}' }),
          });
          const status = response.statusCode;
          const label = `${route.method} ${route.path} as ${who}${spoofed ? ` (${variant} headers)` : ''} → ${status}`;
          if (status >= 500) failures.push(`${label}: server error`);
          const refused = status === 401 || status === 403;
          if (allowed(policy, as) && refused) failures.push(`${label}: refused, policy ${policy}`);
          if (!allowed(policy, as)) {
            const expected = as === 'anonymous' ? 401 : 403;
            if (status !== expected) failures.push(`${label}: expected ${expected}`);
          }
          if (policy === 'metrics') {
            // No session or role opens it to another machine, nor a forged X-Forwarded-For.
            const remote = await ctx.app.inject({
              method: route.method as 'GET',
              url: urlFor(route, world),
              remoteAddress: REMOTE,
              headers: {
                ...(cookie && { cookie }),
                ...extra,
                'x-forwarded-for': '127.0.0.1',
              },
            });
            if (remote.statusCode !== 403) {
              failures.push(`${label}, from ${REMOTE} → ${remote.statusCode}: expected 403`);
            }
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });
});

import fc from 'fast-check';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { TABLES } from '../db/schema';
import { describeEachDatabase } from '../test/test-app';
import { createWorld, sessionCookieFor } from '../test/world';

// Property-based fuzzing of every route's params, query and body, as the OWNER (the identity
// that reaches deepest into each handler): no answer is a 5xx, and a rejected request (4xx)
// writes nothing. Sessions and login attempts are left out of the count: the fuzzer creates a
// session per request, and a failed sign-in is recorded on purpose (throttling).

const UNCOUNTED = new Set(['sessions', 'login_throttle']);

interface RouteKey {
  method: string;
  path: string;
  query: string[];
}

function routesOf(doc: unknown): RouteKey[] {
  type Op = { parameters?: { in: string; name: string }[] };
  const paths = (doc as { paths: Record<string, Record<string, Op>> }).paths;
  return Object.entries(paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      query: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
    })),
  );
}

const nasty = fc.constantFrom(
  '',
  '0',
  '-1',
  '1e309',
  'NaN',
  '../../etc/passwd',
  '..%2f..%2fetc%2fpasswd',
  '%00',
  "' or 1=1 --",
  '<script>alert(1)</script>',
  'x'.repeat(5000),
  '💥',
  'null',
  'true',
  '[]',
  '{}',
);
const paramValue = fc.oneof(nasty, fc.string(), fc.integer().map(String), fc.nat().map(String));
const bodyValue = fc.oneof(
  fc.jsonValue(),
  fc.dictionary(
    fc.constantFrom(
      'name',
      'title',
      'email',
      'password',
      'status',
      'role',
      'id',
      'userId',
      'agentId',
      'category',
      'type',
      'url',
      'description',
      'isActive',
      'canAccess',
      'q',
      'currentPassword',
      'newPassword',
      'firstName',
      'username',
      'contentIds',
      'userIds',
    ),
    fc.oneof(fc.jsonValue(), nasty),
  ),
);

describeEachDatabase('route fuzzing', (ctx) => {
  async function counts(): Promise<Record<string, number>> {
    const tables = TABLES.filter((t) => !UNCOUNTED.has(t));
    const query = sql.join(
      tables.map((t) => sql`select ${t} as t, count(*)::int as n from ${sql.table(t)}`),
      sql` union all `,
    );
    const { rows } = await sql<{ t: string; n: number }>`${query}`.execute(ctx.db);
    return Object.fromEntries(rows.map((r) => [r.t, Number(r.n)]));
  }

  it('never answers 5xx and writes nothing when it rejects', async () => {
    const world = await createWorld(ctx);
    const failures: string[] = [];
    for (const route of routesOf(ctx.app.swagger())) {
      await fc
        .assert(
          fc.asyncProperty(
            fc.array(paramValue, { minLength: 3, maxLength: 3 }),
            fc.dictionary(fc.oneof(fc.constantFrom(...route.query, 'q'), fc.string()), paramValue, {
              maxKeys: 3,
            }),
            bodyValue,
            async (params, query, body) => {
              let i = 0;
              const path = route.path.replace(/\{[^}]+\}/g, () =>
                encodeURIComponent(params[i++ % params.length] ?? ''),
              );
              const search = new URLSearchParams(query).toString();
              const cookie = await sessionCookieFor(ctx.db, world.owner.id);
              const before = await counts();
              const response = await ctx.app.inject({
                method: route.method as 'GET',
                url: search ? `${path}?${search}` : path,
                headers: {
                  cookie,
                  ...(route.method !== 'GET' && { 'content-type': 'application/json' }),
                },
                ...(route.method !== 'GET' && { payload: JSON.stringify(body) }),
              });
              const label = `${route.method} ${route.path} (${path}?${search}) → ${response.statusCode}`;
              if (response.statusCode >= 500) {
                failures.push(`${label}: ${response.body.slice(0, 200)}`);
                return false;
              }
              if (response.statusCode >= 400) {
                const after = await counts();
                if (JSON.stringify(after) !== JSON.stringify(before)) {
                  failures.push(
                    `${label}: rejected but wrote ${JSON.stringify({ before, after })}`,
                  );
                  return false;
                }
                const error = response.json() as { error?: unknown; code?: unknown };
                if (typeof error.error !== 'string' || typeof error.code !== 'string') {
                  failures.push(`${label}: error body without error/code: ${response.body}`);
                  return false;
                }
              }
              return true;
            },
          ),
          { numRuns: 15 },
        )
        .catch(() => undefined);
    }
    expect(failures).toEqual([]);
  }, 120_000);
});

// The baseline for bench/load.mjs: a bare Fastify + pg server with one route,
// GET /api/user/rooms, doing the same work in SQL as the real API's hot read and nothing else —
// no helmet headers, no request ids, no CSRF hook, no zod, no OpenAPI, no logger.
//
//   1. the session cookie's sha256 looked up with its user (the API's findActiveSession query),
//   2. the caller's rooms with their agent (the API's listRooms query for a USER or an ADMIN;
//      every room for an OWNER),
//   3. the same JSON the API answers (bench/load.mjs checks both bodies are equal first).
//
// Run by bench/load.mjs as its own process, like the API: PORT, DATABASE_URL.
//
// For finding where the API's time goes, BARE_LAYERS (comma-separated) adds the API's layers one
// by one, configured as the API configures them; unset, the server stays bare:
//   logger   Fastify's pino logger at level warn, request ids from randomUUID, x-request-id header
//   helmet   helmet's headers with the API's options (CSP and the rest), computed once as the API does
//   hooks    @fastify/cookie and the API's async hooks: CSRF check, session lookup in onRequest,
//            requireUser, the forced-password-change preValidation
//   kysely   both statements built and compiled by Kysely at every request (as the API did
//            before db/compile-once.ts)
//   zod      the response checked and serialized by fastify-type-provider-zod with RoomSchema
import { createHash, randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';

const layers = new Set((process.env.BARE_LAYERS ?? '').split(',').filter(Boolean));
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 }); // as the API
const app = Fastify(
  layers.has('logger')
    ? { logger: { level: 'warn' }, genReqId: () => randomUUID() }
    : { logger: false },
);

const SESSION_SQL = `select "users".*, "sessions"."id" as "session_id",
  "sessions"."expires_at" as "session_expires_at", "sessions"."last_seen_at" as "session_last_seen_at"
  from "sessions" inner join "users" on "users"."id" = "sessions"."user_id"
  where "sessions"."id" = $1 and "sessions"."expires_at" > now() and "users"."deactivated_at" is null`;

const ROOMS_SELECT = `select "rooms"."id", "rooms"."name", "rooms"."category", "rooms"."status",
  "rooms"."description", "rooms"."background_color", "rooms"."badge_text", "rooms"."created_at",
  "agents"."name" as "agent_name", "agents"."agent_id" as "agent_agent_id"
  from "rooms" inner join "agents" on "agents"."id" = "rooms"."agent_id"`;
const MEMBER_ROOMS_SQL = `${ROOMS_SELECT} where exists (select "room_members"."room_id"
  from "room_members" where "room_members"."room_id" = "rooms"."id" and "room_members"."user_id" = $1)
  order by "rooms"."id"`;
const ALL_ROOMS_SQL = `${ROOMS_SELECT} order by "rooms"."id"`;

let findSession = async (id) => (await pool.query(SESSION_SQL, [id])).rows[0];
let findRooms = async (user) =>
  user.role === 'OWNER'
    ? (await pool.query(ALL_ROOMS_SQL)).rows
    : (await pool.query(MEMBER_ROOMS_SQL, [user.id])).rows;

if (layers.has('kysely')) {
  const { Kysely, PostgresDialect, sql } = await import('kysely');
  const db = new Kysely({ dialect: new PostgresDialect({ pool }) });
  findSession = (id) =>
    db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .selectAll('users')
      .select([
        'sessions.id as session_id',
        'sessions.expires_at as session_expires_at',
        'sessions.last_seen_at as session_last_seen_at',
      ])
      .where('sessions.id', '=', id)
      .where('sessions.expires_at', '>', sql`now()`)
      .where('users.deactivated_at', 'is', null)
      .executeTakeFirst();
  findRooms = (user) => {
    const query = db
      .selectFrom('rooms')
      .innerJoin('agents', 'agents.id', 'rooms.agent_id')
      .select([
        'rooms.id',
        'rooms.name',
        'rooms.category',
        'rooms.status',
        'rooms.description',
        'rooms.background_color',
        'rooms.badge_text',
        'rooms.created_at',
        'agents.name as agent_name',
        'agents.agent_id as agent_agent_id',
      ]);
    const scoped =
      user.role === 'OWNER'
        ? query
        : query.where((eb) =>
            eb.exists(
              eb
                .selectFrom('room_members')
                .select('room_members.room_id')
                .whereRef('room_members.room_id', '=', 'rooms.id')
                .where('room_members.user_id', '=', user.id),
            ),
          );
    return scoped.orderBy('rooms.id').execute();
  };
}

function sessionToken(cookieHeader) {
  const m = /(?:^|;\s*)fc_session=([^;]+)/.exec(cookieHeader ?? '');
  return m ? m[1] : null;
}

const unauthenticated = { error: 'Authentication required', code: 'UNAUTHENTICATED' };
const sessionId = (token) => createHash('sha256').update(token).digest('hex');

if (layers.has('logger')) {
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
}
if (layers.has('helmet')) {
  // As apps/api/src/plugins/security.ts: helmet run once with the API's options against a
  // recording response, the fixed headers then set on every reply in one onRequest hook.
  const { default: helmet } = await import('helmet');
  const headers = {};
  helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        frameSrc: ['https://player.vimeo.com'],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
    hidePoweredBy: true,
  })(
    { headers: {} },
    {
      setHeader: (name, value) => (headers[name.toLowerCase()] = String(value)),
      removeHeader: (name) => delete headers[name.toLowerCase()],
    },
    () => undefined,
  );
  const names = Object.keys(headers);
  app.addHook('onRequest', (request, reply, done) => {
    for (const name of names) reply.raw.setHeader(name, headers[name]);
    done();
  });
}
const routeOptions = {};
if (layers.has('hooks')) {
  const { default: cookie } = await import('@fastify/cookie');
  await app.register(cookie);
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    if (!['POST', 'PUT', 'PATCH', 'DELETE'].includes(request.method)) return;
  });
  app.addHook('onRequest', async (request) => {
    if (!/^\/(api|v1)(\/|\?|$)/.test(request.url)) return;
    const token = request.cookies.fc_session;
    if (!token || token.length > 128) return;
    request.user = (await findSession(sessionId(token))) ?? null;
  });
  app.addHook('preValidation', async (request) => {
    if (request.user?.password_change_required) throw new Error('password change required');
  });
  routeOptions.onRequest = async (request, reply) => {
    if (!request.user) return reply.code(401).send(unauthenticated);
  };
}
if (layers.has('zod')) {
  const { z } = await import('zod');
  const { serializerCompiler } = await import('fastify-type-provider-zod');
  app.setSerializerCompiler(serializerCompiler);
  const RoomSchema = z.object({
    id: z.number().int(),
    name: z.string(),
    category: z.string(),
    status: z.enum(['LIVE', 'PAUSED', 'INACTIVE']),
    description: z.string().nullable(),
    backgroundColor: z.string().nullable(),
    badgeText: z.string().nullable(),
    createdAt: z.string(),
    hasAccess: z.boolean(),
    agent: z.object({ name: z.string(), agentId: z.string() }),
  });
  const ApiErrorSchema = z.object({ error: z.string(), code: z.string() });
  routeOptions.schema = { response: { 200: z.array(RoomSchema), 401: ApiErrorSchema } };
}

app.get('/api/user/rooms', routeOptions, async (request, reply) => {
  let user = request.user;
  if (!layers.has('hooks')) {
    const token = sessionToken(request.headers.cookie);
    user = token ? await findSession(sessionId(token)) : undefined;
  }
  if (!user) return reply.code(401).send(unauthenticated);
  const rows = await findRooms(user);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    category: row.category,
    status: row.status,
    description: row.description,
    backgroundColor: row.background_color,
    badgeText: row.badge_text,
    createdAt: row.created_at.toISOString(),
    hasAccess: true,
    agent: { name: row.agent_name, agentId: row.agent_agent_id },
  }));
});

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
const stop = async () => {
  await app.close();
  await pool.end();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);

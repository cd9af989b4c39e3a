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
import { createHash } from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 }); // as the API
const app = Fastify({ logger: false });

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

function sessionToken(cookieHeader) {
  const m = /(?:^|;\s*)fc_session=([^;]+)/.exec(cookieHeader ?? '');
  return m ? m[1] : null;
}

app.get('/api/user/rooms', async (request, reply) => {
  const token = sessionToken(request.headers.cookie);
  const id = token ? createHash('sha256').update(token).digest('hex') : null;
  const session = id ? (await pool.query(SESSION_SQL, [id])).rows[0] : undefined;
  if (!session) {
    return reply.code(401).send({ error: 'Authentication required', code: 'UNAUTHENTICATED' });
  }
  const { rows } =
    session.role === 'OWNER'
      ? await pool.query(ALL_ROOMS_SQL)
      : await pool.query(MEMBER_ROOMS_SQL, [session.id]);
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
process.send?.('ready');
const stop = async () => {
  await app.close();
  await pool.end();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);

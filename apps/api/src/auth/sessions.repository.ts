import type { User } from '@fieldcraft/contracts';
import { type Kysely, sql } from 'kysely';
import { compileOnce } from '../db/compile-once';
import type { Database } from '../db/schema';
import { toUser } from '../people/users.repository';

type Db = Kysely<Database>;

export interface Session {
  /** sha256 of the cookie token. */
  id: string;
  userId: number;
  expiresAt: Date;
  lastSeenAt: Date;
}

export interface NewSession {
  id: string;
  userId: number;
  expiresAt: Date;
  ip: string | null;
  userAgent: string | null;
}

export async function insertSession(db: Db, session: NewSession): Promise<void> {
  await db
    .insertInto('sessions')
    .values({
      id: session.id,
      user_id: session.userId,
      expires_at: session.expiresAt,
      ip: session.ip,
      user_agent: session.userAgent?.slice(0, 512) ?? null,
    })
    .execute();
}

// Runs on every API request that carries a session cookie: compiled once (db/compile-once.ts).
const selectActiveSession = compileOnce(
  (db: Db, id: string) =>
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
      .where('sessions.expires_at', '>', sql<Date>`now()`)
      .where('users.deactivated_at', 'is', null),
  ['\u0000session-id'],
);

/** The session and its user, unless the session expired or the user was deactivated. */
export async function findActiveSession(
  db: Db,
  id: string,
): Promise<{ session: Session; user: User } | undefined> {
  const [row] = await selectActiveSession(db, id);
  if (!row) return undefined;
  return {
    session: {
      id: row.session_id,
      userId: row.id,
      expiresAt: row.session_expires_at,
      lastSeenAt: row.session_last_seen_at,
    },
    user: toUser(row),
  };
}

export async function touchSession(db: Db, id: string, ip: string | null): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ last_seen_at: sql<Date>`now()`, ip })
    .where('id', '=', id)
    .execute();
}

export async function deleteSession(db: Db, id: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', id).execute();
}

/** Revokes every session of a user; returns how many there were. */
export async function deleteUserSessions(db: Db, userId: number): Promise<number> {
  const result = await db.deleteFrom('sessions').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function deleteExpiredSessions(db: Db): Promise<void> {
  await db
    .deleteFrom('sessions')
    .where('expires_at', '<=', sql<Date>`now()`)
    .execute();
}

/** Unexpired sessions of a user other than `keepId`. */
export async function countOtherSessions(db: Db, userId: number, keepId: string): Promise<number> {
  const row = await db
    .selectFrom('sessions')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('user_id', '=', userId)
    .where('id', '!=', keepId)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Revokes every session of a user but `keepId`; returns how many there were. */
export async function deleteOtherSessions(db: Db, userId: number, keepId: string): Promise<number> {
  const result = await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where('id', '!=', keepId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

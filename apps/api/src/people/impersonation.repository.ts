import type { User } from '@fieldcraft/contracts';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';
import { toUser } from './users.repository';

type Db = Kysely<Database>;

export interface NewImpersonationToken {
  jti: string;
  actorId: number;
  targetId: number;
  sessionId: string;
  expiresAt: Date;
}

export async function insertImpersonationToken(db: Db, token: NewImpersonationToken) {
  await db
    .insertInto('impersonation_tokens')
    .values({
      jti: token.jti,
      actor_id: token.actorId,
      target_id: token.targetId,
      session_id: token.sessionId,
      expires_at: token.expiresAt,
    })
    .execute();
}

export interface LiveImpersonation {
  jti: string;
  actorId: number;
  sessionId: string;
  expiresAt: Date;
  target: User;
}

/**
 * The token's row when it is unrevoked and unexpired, with its target user unless that user
 * has been deactivated since.
 */
export async function findLiveImpersonation(
  db: Db,
  jti: string,
): Promise<LiveImpersonation | undefined> {
  const row = await db
    .selectFrom('impersonation_tokens')
    .innerJoin('users', 'users.id', 'impersonation_tokens.target_id')
    .selectAll('users')
    .select([
      'impersonation_tokens.jti',
      'impersonation_tokens.actor_id',
      'impersonation_tokens.session_id',
      'impersonation_tokens.expires_at as token_expires_at',
    ])
    .where('impersonation_tokens.jti', '=', jti)
    .where('impersonation_tokens.revoked_at', 'is', null)
    .where('impersonation_tokens.expires_at', '>', sql<Date>`now()`)
    .where('users.deactivated_at', 'is', null)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    jti: row.jti,
    actorId: row.actor_id,
    sessionId: row.session_id,
    expiresAt: row.token_expires_at,
    target: toUser(row),
  };
}

/** Returns whether a live token was revoked. */
export async function revokeImpersonationToken(db: Db, jti: string): Promise<boolean> {
  const result = await db
    .updateTable('impersonation_tokens')
    .set({ revoked_at: sql<Date>`now()` })
    .where('jti', '=', jti)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows ?? 0) > 0;
}

/** Ends every live impersonation of or by a user (deactivation, password reset). */
export async function revokeImpersonationsOf(db: Db, userId: number): Promise<number> {
  const result = await db
    .updateTable('impersonation_tokens')
    .set({ revoked_at: sql<Date>`now()` })
    .where('revoked_at', 'is', null)
    .where((eb) => eb.or([eb('target_id', '=', userId), eb('actor_id', '=', userId)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows ?? 0);
}

/**
 * A per-install secret shared by every API instance: the first instance to ask creates it,
 * everyone else reads the same row (insert … on conflict do nothing, then select).
 */
export async function ensureAppSecret(db: Db, name: string, fresh: string): Promise<string> {
  await db
    .insertInto('app_secrets')
    .values({ name, value: fresh })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('app_secrets')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.value;
}

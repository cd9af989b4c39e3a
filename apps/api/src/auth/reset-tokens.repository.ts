import { type Kysely, sql } from 'kysely';
import { createHash } from 'node:crypto';
import type { Database } from '../db/schema';

type Db = Kysely<Database>;

/** How long a mailed reset link works. */
export const RESET_TOKEN_TTL_MINUTES = 60;

/** What the table keeps of a token: its sha256 (hex), never the token itself. */
export function resetTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Stores a new token for the user in place of their unused ones, so only the latest link
 * works. Rows used or expired for more than a day go too: they only explain past resets.
 */
export async function replaceResetToken(db: Db, userId: number, tokenHash: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // Two requests at once for one user: the second waits here, then removes the first's token.
    await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
    await trx
      .deleteFrom('password_reset_tokens')
      .where((eb) =>
        eb.or([
          eb.and([eb('user_id', '=', userId), eb('used_at', 'is', null)]),
          eb('expires_at', '<', sql<Date>`now() - interval '1 day'`),
        ]),
      )
      .execute();
    await trx
      .insertInto('password_reset_tokens')
      .values({
        user_id: userId,
        token_hash: tokenHash,
        expires_at: sql<Date>`now() + ${RESET_TOKEN_TTL_MINUTES}::int * interval '1 minute'`,
      })
      .execute();
  });
}

/** The user a live token belongs to: unused, unexpired, of an account not deactivated. */
export async function findResetTokenUser(db: Db, tokenHash: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('password_reset_tokens as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select('t.user_id')
    .where('t.token_hash', '=', tokenHash)
    .where('t.used_at', 'is', null)
    .where('t.expires_at', '>', sql<Date>`now()`)
    .where('u.deactivated_at', 'is', null)
    .executeTakeFirst();
  return row?.user_id;
}

/**
 * Marks a live token used, in the caller's transaction; false when it no longer is (used by a
 * concurrent request, expired, or the account deactivated meanwhile). The row is locked by the
 * update, so of two requests with one token only one gets true.
 */
export async function useResetToken(db: Db, tokenHash: string, userId: number): Promise<boolean> {
  const result = await db
    .updateTable('password_reset_tokens')
    .set({ used_at: sql<Date>`now()` })
    .where('token_hash', '=', tokenHash)
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('users')
          .select('users.id')
          .whereRef('users.id', '=', 'password_reset_tokens.user_id')
          .where('users.deactivated_at', 'is', null),
      ),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows ?? 0) === 1;
}

/** Drops the user's other unused tokens (their password has just been set). */
export async function deleteUnusedResetTokens(db: Db, userId: number): Promise<void> {
  await db
    .deleteFrom('password_reset_tokens')
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}

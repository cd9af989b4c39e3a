import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

export async function recordLoginFailure(
  db: Db,
  email: string | null,
  ip: string | null,
): Promise<void> {
  await db.insertInto('login_attempts').values({ email, ip }).execute();
}

export async function clearLoginFailures(db: Db, email: string): Promise<void> {
  await db.deleteFrom('login_attempts').where('email', '=', email).execute();
}

export async function deleteLoginFailuresBefore(db: Db, windowMinutes: number): Promise<void> {
  await db
    .deleteFrom('login_attempts')
    .where('attempted_at', '<', sql<Date>`now() - ${windowMinutes}::int * interval '1 minute'`)
    .execute();
}

/**
 * Seconds until fewer than `limit` failures remain in the window for this email or address,
 * or null when the key is under its limit. Counted in SQL so every instance agrees.
 */
export async function secondsUntilBelowLimit(
  db: Db,
  key: { email: string } | { ip: string },
  limit: number,
  windowMinutes: number,
): Promise<number | null> {
  // The limit-th newest failure in the window: once it ages out, the key is under its limit.
  const row = await db
    .selectFrom('login_attempts')
    .select(
      sql<number>`ceil(extract(epoch from (attempted_at + ${windowMinutes}::int * interval '1 minute' - now())))::int`.as(
        'retry_after',
      ),
    )
    .$if('email' in key, (q) => q.where('email', '=', (key as { email: string }).email))
    .$if('ip' in key, (q) => q.where('ip', '=', (key as { ip: string }).ip))
    .where('attempted_at', '>', sql<Date>`now() - ${windowMinutes}::int * interval '1 minute'`)
    .orderBy('attempted_at', 'desc')
    .offset(limit - 1)
    .limit(1)
    .executeTakeFirst();
  return row ? Math.max(1, row.retry_after) : null;
}

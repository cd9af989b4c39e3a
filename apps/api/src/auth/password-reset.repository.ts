import type { PasswordResetRequest } from '@fieldcraft/contracts';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';

type Db = Kysely<Database>;

/** Requests from one address since `since`, for any email. */
export async function countRequestsFrom(db: Db, ip: string, since: Date): Promise<number> {
  const row = await db
    .selectFrom('password_reset_requests')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('ip', '=', ip)
    .where('requested_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Whether the user already has a request nobody has answered. */
export async function hasOpenRequest(db: Db, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('password_reset_requests')
    .select('id')
    .where('user_id', '=', userId)
    .where('resolved_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertResetRequest(
  db: Db,
  userId: number | null,
  ip: string | null,
): Promise<void> {
  await db.insertInto('password_reset_requests').values({ user_id: userId, ip }).execute();
}

/** Rows only kept for the address limit (no account, or answered) go after a day. */
export async function deleteStaleRequests(db: Db): Promise<void> {
  await db
    .deleteFrom('password_reset_requests')
    .where('requested_at', '<', sql<Date>`now() - interval '1 day'`)
    .where((eb) => eb.or([eb('user_id', 'is', null), eb('resolved_at', 'is not', null)]))
    .execute();
}

/**
 * Open requests of active accounts: every one, or (companyId given) those of one company's
 * USERs, the accounts a company admin manages. Oldest first.
 */
export async function listOpenRequests(
  db: Db,
  scope: { kind: 'all' } | { kind: 'company'; companyId: number | null },
): Promise<PasswordResetRequest[]> {
  let query = db
    .selectFrom('password_reset_requests as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select([
      'r.id',
      'r.requested_at',
      'u.id as user_id',
      'u.email',
      'u.first_name',
      'u.last_name',
      'u.role',
    ])
    .where('r.resolved_at', 'is', null)
    .where('u.deactivated_at', 'is', null);
  if (scope.kind === 'company') {
    query = query.where('u.company_id', '=', scope.companyId ?? -1).where('u.role', '=', 'USER');
  }
  const rows = await query.orderBy('r.requested_at').orderBy('r.id').execute();
  return rows.map((r) => ({
    id: Number(r.id),
    requestedAt: new Date(r.requested_at).toISOString(),
    user: {
      id: r.user_id,
      email: r.email,
      firstName: r.first_name,
      lastName: r.last_name,
      role: r.role,
    },
  }));
}

/** Answers the user's open requests (a temporary password was set); returns how many. */
export async function resolveRequestsOf(db: Db, userId: number, by: number): Promise<number> {
  const result = await db
    .updateTable('password_reset_requests')
    .set({ resolved_at: sql<Date>`now()`, resolved_by: by })
    .where('user_id', '=', userId)
    .where('resolved_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows ?? 0);
}

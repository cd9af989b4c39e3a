import type { AdminSummary } from '@fieldcraft/contracts';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';
import type { PeopleScope } from '../people/people.repository';

type Db = Kysely<Database>;

// -1 never matches an id: an ADMIN without a company counts nobody and nothing.
const companyOf = (scope: Extract<PeopleScope, { kind: 'company' }>) => scope.companyId ?? -1;

// count(*) comes back as a string (bigint) from PostgreSQL and as a number from PGlite.
const toCount = (value: unknown) => Number(value ?? 0);

export async function countUsers(db: Db, scope: PeopleScope): Promise<AdminSummary['users']> {
  let query = db
    .selectFrom('users')
    .select([
      sql<string>`count(*) filter (where deactivated_at is null and status = 'PENDING')`.as(
        'pending',
      ),
      sql<string>`count(*) filter (where deactivated_at is null and status = 'ACTIVE')`.as(
        'active',
      ),
      sql<string>`count(*) filter (where deactivated_at is not null)`.as('deactivated'),
    ]);
  if (scope.kind === 'company') {
    // The people rules: an ADMIN sees their company's users, never OWNERs.
    query = query.where('company_id', '=', companyOf(scope)).where('role', '!=', 'OWNER');
  }
  const row = await query.executeTakeFirstOrThrow();
  return {
    pending: toCount(row.pending),
    active: toCount(row.active),
    deactivated: toCount(row.deactivated),
  };
}

export async function countRooms(db: Db, scope: PeopleScope): Promise<AdminSummary['rooms']> {
  let query = db
    .selectFrom('rooms')
    .select([
      sql<string>`count(*) filter (where status = 'LIVE')`.as('live'),
      sql<string>`count(*) filter (where status = 'PAUSED')`.as('paused'),
      sql<string>`count(*) filter (where status = 'INACTIVE')`.as('inactive'),
    ]);
  if (scope.kind === 'company') query = query.where('company_id', '=', companyOf(scope));
  const row = await query.executeTakeFirstOrThrow();
  return { live: toCount(row.live), paused: toCount(row.paused), inactive: toCount(row.inactive) };
}

export async function countContent(db: Db): Promise<NonNullable<AdminSummary['content']>> {
  const row = await db
    .selectFrom('content_items')
    .select([
      sql<string>`count(*) filter (where is_active)`.as('live'),
      sql<string>`count(*) filter (where not is_active)`.as('offline'),
    ])
    .executeTakeFirstOrThrow();
  return { live: toCount(row.live), offline: toCount(row.offline) };
}

/**
 * Conversations started at or after `since` and their stored length in whole minutes (rounded
 * once over the total). An ADMIN's are those of their company's people (OWNERs excluded), in
 * any room; a conversation still running has no duration yet and adds no minutes.
 */
export async function countConversations(
  db: Db,
  scope: PeopleScope,
  since: Date,
): Promise<Omit<AdminSummary['conversations'], 'since'>> {
  let query = db
    .selectFrom('conversations')
    .select([
      sql<string>`count(*)`.as('count'),
      sql<string>`coalesce(sum(conversations.duration_seconds), 0)`.as('seconds'),
    ])
    .where('conversations.started_at', '>=', since);
  if (scope.kind === 'company') {
    query = query
      .innerJoin('users', 'users.id', 'conversations.user_id')
      .where('users.company_id', '=', companyOf(scope))
      .where('users.role', '!=', 'OWNER');
  }
  const row = await query.executeTakeFirstOrThrow();
  return { count: toCount(row.count), minutes: Math.round(toCount(row.seconds) / 60) };
}

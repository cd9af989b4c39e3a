import type { BulkAccess } from '@fieldcraft/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

type Db = Kysely<Database>;

/**
 * The access rule of a new item as the content screen's 'Grant all' / 'Revoke all' write it:
 * one row per non-owner user that exists now (owners see everything anyway). Returns the
 * number of rows written. Runs inside the caller's transaction.
 */
export async function writeAccessRows(
  db: Db,
  contentId: number,
  access: BulkAccess,
): Promise<number> {
  const users = await db.selectFrom('users').select('id').where('role', '!=', 'OWNER').execute();
  if (users.length === 0) return 0;
  await db
    .insertInto('content_permissions')
    .values(
      users.map((u) => ({ content_id: contentId, user_id: u.id, can_access: access === 'all' })),
    )
    .execute();
  return users.length;
}

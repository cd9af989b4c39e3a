import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

type Db = Kysely<Database>;

export interface AuditEntry {
  actorId: number | null;
  /** Dotted verb, e.g. `user.update`, `auth.login`. */
  action: string;
  targetType?: string | null;
  targetId?: string | number | null;
  /** Never secrets: field names changed, not their values. */
  details?: Record<string, unknown>;
  ip?: string | null;
}

export async function insertAuditEntry(db: Db, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      actor_id: entry.actorId,
      action: entry.action,
      target_type: entry.targetType ?? null,
      target_id: entry.targetId == null ? null : String(entry.targetId),
      details: JSON.stringify(entry.details ?? {}),
      ip: entry.ip ?? null,
    })
    .execute();
}

import { type Kysely, sql } from 'kysely';

// "Forgot password" requests. A row per request, also for an email no account has (user_id
// null), so the per-address limit counts those too; only rows with a user are ever listed.
// An open request is one with resolved_at null.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('password_reset_requests')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('ip', 'text')
    .addColumn('requested_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('resolved_at', 'timestamptz')
    .addColumn('resolved_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('password_reset_requests_ip_idx')
    .on('password_reset_requests')
    .columns(['ip', 'requested_at'])
    .execute();
  await db.schema
    .createIndex('password_reset_requests_open_idx')
    .on('password_reset_requests')
    .columns(['user_id', 'resolved_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('password_reset_requests').ifExists().execute();
}

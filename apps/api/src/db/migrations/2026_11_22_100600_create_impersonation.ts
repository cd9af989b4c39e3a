import { type Kysely, sql } from 'kysely';

// People and companies: impersonation tokens (kept so a token can be revoked, and
// bound to the session that asked for it) and per-install secrets that every API instance
// must agree on (the impersonation signing key when IMPERSONATION_SECRET is unset).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('app_secrets')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('impersonation_tokens')
    .addColumn('jti', 'text', (c) => c.primaryKey())
    .addColumn('actor_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('target_id', 'integer', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    // The sessions.id (sha256 of the cookie) of the actor's session; the session's end ends it.
    .addColumn('session_id', 'text', (c) =>
      c.notNull().references('sessions.id').onDelete('cascade'),
    )
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('impersonation_tokens_session_id_idx')
    .on('impersonation_tokens')
    .column('session_id')
    .execute();
  await db.schema
    .createIndex('impersonation_tokens_target_id_idx')
    .on('impersonation_tokens')
    .column('target_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('impersonation_tokens').ifExists().execute();
  await db.schema.dropTable('app_secrets').ifExists().execute();
}

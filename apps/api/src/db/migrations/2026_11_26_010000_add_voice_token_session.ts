import type { Kysely } from 'kysely';

// A signed conversation URL remembers the session that asked for it, so signing out
// (or a password change, which ends every session) ends the conversation opened with it too.
// Deleting the session deletes its unused URLs. Existing rows (at most a minute old) keep null:
// their conversations are bound to the user alone.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('voice_url_tokens')
    .addColumn('session_id', 'text', (c) => c.references('sessions.id').onDelete('cascade'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('voice_url_tokens').dropColumn('session_id').execute();
}

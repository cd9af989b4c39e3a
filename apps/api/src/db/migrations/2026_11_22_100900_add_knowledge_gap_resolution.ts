import { type Kysely, sql } from 'kysely';

// Analytics: the owner can mark a knowledge gap resolved (the library now answers
// it). Kept per ask, so a question asked again afterwards shows up as open again. The
// expression index serves the grouping by normalised question.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('knowledge_gaps')
    .addColumn('resolved_at', 'timestamptz')
    .addColumn('resolved_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await sql`create index knowledge_gaps_question_key_idx on knowledge_gaps
    (rtrim(regexp_replace(lower(btrim(question)), '\\s+', ' ', 'g'), '?!. '))`.execute(db);
  await db.schema
    .createIndex('conversations_started_at_idx')
    .on('conversations')
    .column('started_at')
    .execute();
  await db.schema
    .createIndex('content_access_accessed_at_idx')
    .on('content_access')
    .column('accessed_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('content_access_accessed_at_idx').ifExists().execute();
  await db.schema.dropIndex('conversations_started_at_idx').ifExists().execute();
  await db.schema.dropIndex('knowledge_gaps_question_key_idx').ifExists().execute();
  await db.schema
    .alterTable('knowledge_gaps')
    .dropColumn('resolved_at')
    .dropColumn('resolved_by')
    .execute();
}

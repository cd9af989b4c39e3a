import { type Kysely, sql } from 'kysely';

// The advisor runtime: what each agent may draw on and which client overrides it
// allows, the transcript of every conversation (searchable), the questions the advisor could
// not answer (the owner's knowledge-gap list), and single-use signed-URL tokens (kept in the
// database so any API instance can redeem one exactly once).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('agents')
    // Override paths the agent lets a client change: 'first_message', 'prompt', 'language',
    // 'voice'. Empty objects are always accepted; anything else not listed closes with 1008.
    .addColumn('allowed_overrides', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('output_format', 'text', (c) => c.notNull().defaultTo('pcm_16000'))
    .execute();

  // No rows for an agent: it draws on every item the user may see. Rows: only those items
  // (still filtered by what the user may see).
  await db.schema
    .createTable('agent_knowledge')
    .addColumn('agent_id', 'integer', (c) =>
      c.notNull().references('agents.id').onDelete('cascade'),
    )
    .addColumn('content_id', 'integer', (c) =>
      c.notNull().references('content_items.id').onDelete('cascade'),
    )
    .addPrimaryKeyConstraint('agent_knowledge_pkey', ['agent_id', 'content_id'])
    .execute();

  await db.schema
    .alterTable('conversations')
    .addColumn('text_only', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('end_reason', 'text')
    .addColumn('close_code', 'integer')
    .execute();

  await db.schema
    .createTable('conversation_messages')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('conversation_id', 'text', (c) =>
      c.notNull().references('conversations.id').onDelete('cascade'),
    )
    .addColumn('event_id', 'integer', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    // 'text' for a typed turn, 'voice' for a recognised one; agent turns: 'agent'.
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('citations', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('feedback', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('tsv', sql`tsvector`, (c) =>
      c.generatedAlwaysAs(sql`to_tsvector('english', text)`).stored(),
    )
    .addCheckConstraint('conversation_messages_role_check', sql`role in ('user', 'agent')`)
    .addCheckConstraint(
      'conversation_messages_feedback_check',
      sql`feedback is null or feedback in ('like', 'dislike')`,
    )
    .execute();
  await db.schema
    .createIndex('conversation_messages_conversation_idx')
    .on('conversation_messages')
    .columns(['conversation_id', 'event_id'])
    .execute();
  await db.schema
    .createIndex('conversation_messages_tsv_idx')
    .on('conversation_messages')
    .using('gin')
    .column('tsv')
    .execute();

  await db.schema
    .createTable('knowledge_gaps')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('question', 'text', (c) => c.notNull())
    .addColumn('agent_id', 'text', (c) => c.notNull())
    .addColumn('room_id', 'integer', (c) => c.references('rooms.id').onDelete('set null'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('conversation_id', 'text', (c) =>
      c.references('conversations.id').onDelete('set null'),
    )
    .addColumn('asked_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('knowledge_gaps_asked_at_idx')
    .on('knowledge_gaps')
    .column('asked_at')
    .execute();

  await db.schema
    .createTable('voice_url_tokens')
    // sha256 of the token; the token itself is only ever in the signed URL.
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('room_id', 'integer', (c) => c.notNull().references('rooms.id').onDelete('cascade'))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'voice_url_tokens',
    'knowledge_gaps',
    'conversation_messages',
    'agent_knowledge',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  await db.schema
    .alterTable('conversations')
    .dropColumn('text_only')
    .dropColumn('end_reason')
    .dropColumn('close_code')
    .execute();
  await db.schema
    .alterTable('agents')
    .dropColumn('allowed_overrides')
    .dropColumn('output_format')
    .execute();
}

import { type Kysely, sql } from 'kysely';

// The library shows how long a video or an audio runs (measured from the file when it is
// stored; null when it could not be measured, e.g. Vimeo) and resumes playback where each user
// left it, on any device: one row per user and item, overwritten by the player's saves.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('content_items')
    .addColumn('duration_seconds', 'real', (c) => c.check(sql`duration_seconds >= 0`))
    .execute();
  await db.schema
    .createTable('playback_positions')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('content_id', 'integer', (c) =>
      c.notNull().references('content_items.id').onDelete('cascade'),
    )
    .addColumn('position_seconds', 'real', (c) => c.notNull().check(sql`position_seconds >= 0`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('playback_positions_pkey', ['user_id', 'content_id'])
    .execute();
  await db.schema
    .createIndex('playback_positions_content_idx')
    .on('playback_positions')
    .column('content_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('playback_positions').execute();
  await db.schema.alterTable('content_items').dropColumn('duration_seconds').execute();
}

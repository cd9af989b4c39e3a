import { type Kysely, sql } from 'kysely';

// Voice conversations, for the per-agent usage figures. The room name is copied in so the
// history survives the room's deletion (room_id then becomes null).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('conversations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('agent_id', 'text', (c) => c.notNull())
    .addColumn('room_id', 'integer', (c) => c.references('rooms.id').onDelete('set null'))
    .addColumn('room_name', 'text')
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('started_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('ended_at', 'timestamptz')
    .addColumn('duration_seconds', 'integer')
    .execute();
  await db.schema
    .createIndex('conversations_agent_idx')
    .on('conversations')
    .columns(['agent_id', 'started_at'])
    .execute();
  await db.schema
    .createIndex('conversations_room_id_idx')
    .on('conversations')
    .column('room_id')
    .execute();
  await db.schema
    .createIndex('conversations_user_id_idx')
    .on('conversations')
    .column('user_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('conversations').ifExists().execute();
}

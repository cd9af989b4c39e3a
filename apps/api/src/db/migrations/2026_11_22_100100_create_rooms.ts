import { type Kysely, sql } from 'kysely';

// Agents (Field Advisors), rooms tied to one agent, and room membership.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('agents')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('agent_id', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull().defaultTo('local'))
    .addColumn('system_prompt', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('first_message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('en'))
    .addColumn('voice', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('agents_provider_check', sql`provider in ('local', 'elevenlabs')`)
    .execute();

  await db.schema
    .createTable('rooms')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull().defaultTo('Training'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('LIVE'))
    .addColumn('description', 'text')
    .addColumn('background_color', 'text')
    .addColumn('badge_text', 'text')
    // A room cannot lose its agent silently: deleting an agent in use is refused.
    .addColumn('agent_id', 'integer', (c) =>
      c.notNull().references('agents.id').onDelete('restrict'),
    )
    .addColumn('company_id', 'integer', (c) => c.references('companies.id').onDelete('set null'))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('rooms_status_check', sql`status in ('LIVE', 'PAUSED', 'INACTIVE')`)
    .execute();
  await db.schema.createIndex('rooms_agent_id_idx').on('rooms').column('agent_id').execute();
  await db.schema.createIndex('rooms_company_id_idx').on('rooms').column('company_id').execute();

  await db.schema
    .createTable('room_members')
    .addColumn('room_id', 'integer', (c) => c.notNull().references('rooms.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('room_members_pkey', ['room_id', 'user_id'])
    .execute();
  // The primary key serves "members of a room"; this serves "rooms of a user".
  await db.schema
    .createIndex('room_members_user_id_idx')
    .on('room_members')
    .column('user_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['room_members', 'rooms', 'agents']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}

import { type Kysely, sql } from 'kysely';

// The content library, per-user access grants and the "last clicked" access records.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('content_items')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('url', 'text')
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('file_key', 'text')
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      'content_items_category_check',
      sql`category in ('read', 'watch', 'listen')`,
    )
    .addCheckConstraint(
      'content_items_type_check',
      sql`type in ('VIMEO', 'VIDEO', 'AUDIO', 'PDF', 'DOCUMENT', 'LINK', 'NEWS', 'WORD')`,
    )
    .execute();
  await db.schema
    .createIndex('content_items_active_idx')
    .on('content_items')
    .columns(['is_active', 'created_at'])
    .execute();
  await db.schema
    .createIndex('content_items_file_key_idx')
    .on('content_items')
    .column('file_key')
    .execute();

  await db.schema
    .createTable('content_permissions')
    .addColumn('content_id', 'integer', (c) =>
      c.notNull().references('content_items.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('can_access', 'boolean', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('content_permissions_pkey', ['content_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('content_permissions_user_id_idx')
    .on('content_permissions')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('content_access')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('content_id', 'integer', (c) =>
      c.notNull().references('content_items.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('accessed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // "Last clicked" per item reads the newest record of each content id.
  await db.schema
    .createIndex('content_access_content_idx')
    .on('content_access')
    .columns(['content_id', 'accessed_at'])
    .execute();
  await db.schema
    .createIndex('content_access_user_id_idx')
    .on('content_access')
    .column('user_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['content_access', 'content_permissions', 'content_items']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}

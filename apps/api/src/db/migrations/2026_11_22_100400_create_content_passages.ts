import { type Kysely, sql } from 'kysely';

// Text extracted from content items (PDF pages, Word sections, document and news text), one
// row per page or section, searchable with PostgreSQL full-text search (PGlite too).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('content_passages')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('content_id', 'integer', (c) =>
      c.notNull().references('content_items.id').onDelete('cascade'),
    )
    .addColumn('page', 'integer', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('tsv', sql`tsvector`, (c) =>
      c.generatedAlwaysAs(sql`to_tsvector('english', text)`).stored(),
    )
    .execute();
  await db.schema
    .createIndex('content_passages_content_idx')
    .on('content_passages')
    .columns(['content_id', 'page'])
    .execute();
  await db.schema
    .createIndex('content_passages_tsv_idx')
    .on('content_passages')
    .using('gin')
    .column('tsv')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('content_passages').ifExists().execute();
}

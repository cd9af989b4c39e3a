import { type Kysely, sql } from 'kysely';

// Reading a file's text can fail (too slow, too big, damaged) or be cut short. The
// item and its file exist either way; these say whether its text is searchable and why not,
// for the owner's content list. Values: see TextStatusSchema / TextStatusReasonSchema
// (libs/contracts). Items indexed before this migration were read by the old code, which
// logged failures only: those with a document file and passages count as 'ok'.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('content_items')
    .addColumn('text_status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('none')
        .check(sql`text_status in ('ok', 'partial', 'failed', 'none')`),
    )
    .addColumn('text_status_reason', 'text')
    .execute();
  await sql`update content_items set text_status = 'ok'
    where file_key is not null and type in ('PDF', 'WORD', 'DOCUMENT')
      and exists (select 1 from content_passages p where p.content_id = content_items.id)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('content_items')
    .dropColumn('text_status')
    .dropColumn('text_status_reason')
    .execute();
}

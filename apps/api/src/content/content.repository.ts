// Over 300 lines on purpose: every query on content items and their passages shares the
// private `visibleItems` subquery, the one place the content access rule is written.
import type {
  ContentAccessRecord,
  ContentItem,
  ContentPermission,
  ContentSearchResult,
  ManagedContentItem,
  Role,
  TextStatus,
  TextStatusReason,
} from '@fieldcraft/contracts';
import { type Kysely, type Selectable, sql } from 'kysely';
import type {
  ContentCategoryValue,
  ContentItemsTable,
  ContentTypeValue,
  Database,
} from '../db/schema';

type Db = Kysely<Database>;

export interface NewContentItem {
  title: string;
  description: string;
  category: ContentCategoryValue;
  type: ContentTypeValue;
  url: string | null;
  isActive?: boolean;
  fileKey?: string | null;
  createdBy?: number | null;
}

export async function findContentIdByTitle(db: Db, title: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('content_items')
    .select('id')
    .where('title', '=', title)
    .executeTakeFirst();
  return row?.id;
}

export async function insertContentItem(db: Db, item: NewContentItem): Promise<number> {
  const row = await db
    .insertInto('content_items')
    .values({
      title: item.title,
      description: item.description,
      category: item.category,
      type: item.type,
      url: item.url,
      is_active: item.isActive ?? true,
      file_key: item.fileKey ?? null,
      created_by: item.createdBy ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function setContentPermission(
  db: Db,
  contentId: number,
  userId: number,
  canAccess: boolean,
): Promise<void> {
  await db
    .insertInto('content_permissions')
    .values({ content_id: contentId, user_id: userId, can_access: canAccess })
    .onConflict((oc) =>
      oc.columns(['content_id', 'user_id']).doUpdateSet({ can_access: canAccess }),
    )
    .execute();
}

// ---------------------------------------------------------------------------------------------
// Visibility. An OWNER sees every item. Anyone else sees an active item unless a permission
// row for them says canAccess false: no row means the default (visible to every signed-in
// user); a row decides for that user (grant true, revoke false). docs/decisions.md.

export interface Viewer {
  id: number;
  role: Role;
}

type ItemRow = Selectable<ContentItemsTable>;

export function toContentItem(row: ItemRow): ContentItem {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    category: row.category,
    type: row.type,
    url: row.url,
    isActive: row.is_active,
    createdAt: toIso(row.created_at),
    durationSeconds: row.duration_seconds == null ? null : Number(row.duration_seconds),
  };
}

/** The owner's view of an item: with whether its text is searchable, and why not. */
export function toManagedContentItem(row: ItemRow): ManagedContentItem {
  return {
    ...toContentItem(row),
    textStatus: row.text_status,
    textStatusReason: row.text_status_reason,
  };
}

function toIso(value: Date | string): string {
  return new Date(value).toISOString();
}

/** Active items `viewer` may see (owners: every active item). */
function visibleItems(db: Db, viewer: Viewer) {
  const query = db
    .selectFrom('content_items')
    .selectAll('content_items')
    .where('content_items.is_active', '=', true);
  if (viewer.role === 'OWNER') return query;
  return query.where((eb) =>
    eb.not(
      eb.exists(
        eb
          .selectFrom('content_permissions')
          .select('content_permissions.content_id')
          .whereRef('content_permissions.content_id', '=', 'content_items.id')
          .where('content_permissions.user_id', '=', viewer.id)
          .where('content_permissions.can_access', '=', false),
      ),
    ),
  );
}

export async function listVisibleContent(
  db: Db,
  viewer: Viewer,
  createdAfter?: Date | null,
): Promise<ContentItem[]> {
  let query = visibleItems(db, viewer);
  if (createdAfter) query = query.where('content_items.created_at', '>', createdAfter);
  const rows = await query
    .orderBy('content_items.created_at', 'desc')
    .orderBy('content_items.id', 'desc')
    .execute();
  return rows.map(toContentItem);
}

export async function isContentVisible(db: Db, viewer: Viewer, id: number): Promise<boolean> {
  const row = await visibleItems(db, viewer)
    .where('content_items.id', '=', id)
    .select('content_items.id as visible_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether `viewer` may download the file `key`: owners any; others via a visible item. */
export async function isFileVisible(db: Db, viewer: Viewer, key: string): Promise<boolean> {
  if (viewer.role === 'OWNER') return true;
  const row = await visibleItems(db, viewer)
    .where('content_items.file_key', '=', key)
    .select('content_items.id as visible_id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function listAllContent(db: Db): Promise<ManagedContentItem[]> {
  const rows = await db
    .selectFrom('content_items')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(toManagedContentItem);
}

export async function findContentRow(db: Db, id: number): Promise<ItemRow | undefined> {
  return db.selectFrom('content_items').selectAll().where('id', '=', id).executeTakeFirst();
}

export interface ContentPatch {
  title?: string;
  description?: string;
  category?: ContentCategoryValue;
  type?: ContentTypeValue;
  url?: string | null;
  isActive?: boolean;
  fileKey?: string | null;
}

export async function updateContentItem(
  db: Db,
  id: number,
  patch: ContentPatch,
): Promise<ItemRow | undefined> {
  return db
    .updateTable('content_items')
    .set({
      ...(patch.title !== undefined && { title: patch.title }),
      ...(patch.description !== undefined && { description: patch.description }),
      ...(patch.category !== undefined && { category: patch.category }),
      ...(patch.type !== undefined && { type: patch.type }),
      ...(patch.url !== undefined && { url: patch.url }),
      ...(patch.isActive !== undefined && { is_active: patch.isActive }),
      ...(patch.fileKey !== undefined && { file_key: patch.fileKey }),
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteContentItem(db: Db, id: number): Promise<ItemRow | undefined> {
  return db.deleteFrom('content_items').where('id', '=', id).returningAll().executeTakeFirst();
}

export async function countItemsUsingFile(db: Db, key: string): Promise<number> {
  const row = await db
    .selectFrom('content_items')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('file_key', '=', key)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function listPermissions(db: Db): Promise<ContentPermission[]> {
  const rows = await db
    .selectFrom('content_permissions')
    .select(['content_id', 'user_id', 'can_access'])
    .orderBy('content_id')
    .orderBy('user_id')
    .execute();
  return rows.map((r) => ({ contentId: r.content_id, userId: r.user_id, canAccess: r.can_access }));
}

export async function recordAccess(db: Db, contentId: number, userId: number): Promise<void> {
  await db
    .insertInto('content_access')
    .values({ content_id: contentId, user_id: userId })
    .execute();
}

export async function listAccessRecords(db: Db): Promise<ContentAccessRecord[]> {
  const rows = await db
    .selectFrom('content_access')
    .select(['content_id', 'user_id', 'accessed_at'])
    .orderBy('accessed_at', 'desc')
    .orderBy('id', 'desc')
    .limit(10_000)
    .execute();
  return rows.map((r) => ({
    contentId: r.content_id,
    userId: r.user_id,
    accessedAt: toIso(r.accessed_at),
  }));
}

export async function replacePassages(
  db: Db,
  contentId: number,
  passages: { page: number; text: string }[],
): Promise<void> {
  await db.deleteFrom('content_passages').where('content_id', '=', contentId).execute();
  // In chunks: one statement's parameters are limited (65,535), and an item may have hundreds.
  for (let i = 0; i < passages.length; i += 500) {
    await db
      .insertInto('content_passages')
      .values(
        passages
          .slice(i, i + 500)
          .map((p) => ({ content_id: contentId, page: p.page, text: p.text })),
      )
      .execute();
  }
}

/** Records whether an item's file text is searchable, and why not. */
export async function setTextStatus(
  db: Db,
  contentId: number,
  status: TextStatus,
  reason: TextStatusReason | null,
): Promise<void> {
  await db
    .updateTable('content_items')
    .set({ text_status: status, text_status_reason: reason })
    .where('id', '=', contentId)
    .execute();
}

/** Full-text search over the passages of items `viewer` may see, best first. */
export async function searchPassages(
  db: Db,
  viewer: Viewer,
  q: string,
  limit: number,
): Promise<ContentSearchResult[]> {
  const visible = visibleItems(db, viewer).select('content_items.id as visible_id');
  const query = sql`websearch_to_tsquery('english', ${q})`;
  const rows = await db
    .selectFrom('content_passages as p')
    .innerJoin('content_items as i', 'i.id', 'p.content_id')
    .where('p.content_id', 'in', db.selectFrom(visible.as('v')).select('v.visible_id'))
    .where(sql<boolean>`p.tsv @@ ${query}`)
    .select([
      'p.content_id',
      'p.page',
      'p.text',
      'i.title',
      'i.type',
      sql<number>`ts_rank(p.tsv, ${query})`.as('rank'),
    ])
    .orderBy('rank', 'desc')
    .orderBy('p.content_id')
    .orderBy('p.page')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    contentId: r.content_id,
    title: r.title,
    type: r.type,
    page: r.page,
    text: r.text,
    rank: Number(r.rank),
  }));
}

/** A passage the advisor may draw on, with which of the query's term groups it contains. */
export interface AdvisorPassageRow {
  contentId: number;
  title: string;
  type: ContentItem['type'];
  url: string | null;
  fileKey: string | null;
  page: number;
  text: string;
  rank: number;
  /** '1' or '0' per term group, in the order given: whether the passage contains it. */
  matched: string;
  /** How many passages the item has (a text file of one passage is cited by title alone). */
  parts: number;
}

/**
 * The advisor's retrieval: passages of items `viewer` may see that match ANY of the
 * to_tsquery `groups` (the question's meaningful words, each possibly `(word:* | synonym)`),
 * ranked by cover density. When the agent has agent_knowledge rows, only those items (still
 * filtered by what the viewer may see). `groups` must be to_tsquery-safe (the advisor builds
 * them from [a-z0-9] words).
 */
export async function searchPassagesForAgent(
  db: Db,
  viewer: Viewer,
  agentId: number,
  groups: string[],
  limit: number,
): Promise<AdvisorPassageRow[]> {
  if (groups.length === 0) return [];
  const visible = visibleItems(db, viewer).select('content_items.id as visible_id');
  const query = sql`to_tsquery('english', ${groups.join(' | ')})`;
  const matched = sql.join(
    groups.map((g) => sql`(case when p.tsv @@ to_tsquery('english', ${g}) then '1' else '0' end)`),
    sql` || `,
  );
  const rows = await db
    .selectFrom('content_passages as p')
    .innerJoin('content_items as i', 'i.id', 'p.content_id')
    .where('p.content_id', 'in', db.selectFrom(visible.as('v')).select('v.visible_id'))
    .where((eb) =>
      eb.or([
        eb.not(
          eb.exists(
            eb
              .selectFrom('agent_knowledge as k')
              .select('k.content_id')
              .where('k.agent_id', '=', agentId),
          ),
        ),
        eb(
          'p.content_id',
          'in',
          eb
            .selectFrom('agent_knowledge as k2')
            .select('k2.content_id')
            .where('k2.agent_id', '=', agentId),
        ),
      ]),
    )
    .where(sql<boolean>`p.tsv @@ ${query}`)
    .select([
      'p.content_id',
      'p.page',
      'p.text',
      'i.title',
      'i.type',
      'i.url',
      'i.file_key',
      sql<number>`ts_rank_cd(p.tsv, ${query}, 1)`.as('rank'),
      sql<string>`${matched}`.as('matched'),
      sql<number>`(select count(*) from content_passages c where c.content_id = p.content_id)`.as(
        'parts',
      ),
    ])
    .orderBy('rank', 'desc')
    .orderBy('p.content_id')
    .orderBy('p.page')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    contentId: r.content_id,
    title: r.title,
    type: r.type,
    url: r.url,
    fileKey: r.file_key,
    page: r.page,
    text: r.text,
    rank: Number(r.rank),
    matched: r.matched,
    parts: Number(r.parts),
  }));
}

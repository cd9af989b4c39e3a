import type { Kysely } from 'kysely';
import type { ContentCategoryValue, ContentTypeValue, Database } from '../../db/schema';

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

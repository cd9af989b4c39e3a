import type { PlaybackPosition } from '@fieldcraft/contracts';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';

type Db = Kysely<Database>;

/** The caller's saved places in videos and audio, most recent first. */
export async function listPlaybackPositions(db: Db, userId: number): Promise<PlaybackPosition[]> {
  const rows = await db
    .selectFrom('playback_positions')
    .select(['content_id', 'position_seconds', 'updated_at'])
    .where('user_id', '=', userId)
    .orderBy('updated_at', 'desc')
    .orderBy('content_id')
    .execute();
  return rows.map((r) => ({
    contentId: r.content_id,
    positionSeconds: Number(r.position_seconds),
    updatedAt: new Date(r.updated_at).toISOString(),
  }));
}

export async function findPlaybackPosition(
  db: Db,
  userId: number,
  contentId: number,
): Promise<number> {
  const row = await db
    .selectFrom('playback_positions')
    .select('position_seconds')
    .where('user_id', '=', userId)
    .where('content_id', '=', contentId)
    .executeTakeFirst();
  return row ? Number(row.position_seconds) : 0;
}

/** One row per user and item: the newest save wins, from whichever device sent it. */
export async function savePlaybackPosition(
  db: Db,
  userId: number,
  contentId: number,
  positionSeconds: number,
): Promise<PlaybackPosition> {
  const row = await db
    .insertInto('playback_positions')
    .values({ user_id: userId, content_id: contentId, position_seconds: positionSeconds })
    .onConflict((oc) =>
      oc.columns(['user_id', 'content_id']).doUpdateSet({
        position_seconds: positionSeconds,
        updated_at: sql<Date>`now()`,
      }),
    )
    .returning(['content_id', 'position_seconds', 'updated_at'])
    .executeTakeFirstOrThrow();
  return {
    contentId: row.content_id,
    positionSeconds: Number(row.position_seconds),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

export async function setContentDuration(
  db: Db,
  contentId: number,
  seconds: number | null,
): Promise<void> {
  await db
    .updateTable('content_items')
    .set({ duration_seconds: seconds })
    .where('id', '=', contentId)
    .execute();
}

/** Points an item at another stored file (the demo's made media replacing a shipped clip). */
export async function setContentFile(
  db: Db,
  contentId: number,
  url: string,
  fileKey: string,
): Promise<void> {
  await db
    .updateTable('content_items')
    .set({ url, file_key: fileKey, updated_at: sql<Date>`now()` })
    .where('id', '=', contentId)
    .execute();
}

/** The title of the (oldest) item using file `key`: the name a download is given. */
export async function findTitleOfFile(db: Db, key: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('content_items')
    .select('title')
    .where('file_key', '=', key)
    .orderBy('id')
    .executeTakeFirst();
  return row?.title;
}

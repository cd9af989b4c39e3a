import type { Kysely } from 'kysely';
import type { Database, RoomStatusValue } from '../../db/schema';

type Db = Kysely<Database>;

export interface NewRoom {
  name: string;
  category: string;
  status: RoomStatusValue;
  description?: string | null;
  backgroundColor?: string | null;
  badgeText?: string | null;
  /** agents.id (the numeric key, not the text agentId). */
  agentId: number;
  createdBy?: number | null;
}

export async function findRoomIdByName(db: Db, name: string): Promise<number | undefined> {
  const row = await db.selectFrom('rooms').select('id').where('name', '=', name).executeTakeFirst();
  return row?.id;
}

export async function insertRoom(db: Db, room: NewRoom): Promise<number> {
  const row = await db
    .insertInto('rooms')
    .values({
      name: room.name,
      category: room.category,
      status: room.status,
      description: room.description ?? null,
      background_color: room.backgroundColor ?? null,
      badge_text: room.badgeText ?? null,
      agent_id: room.agentId,
      created_by: room.createdBy ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function addRoomMember(db: Db, roomId: number, userId: number): Promise<void> {
  await db
    .insertInto('room_members')
    .values({ room_id: roomId, user_id: userId })
    .onConflict((oc) => oc.columns(['room_id', 'user_id']).doNothing())
    .execute();
}

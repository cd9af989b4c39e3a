import type { OwnerRoom, Room, RoomMember } from '@fieldcraft/contracts';
import type { Kysely } from 'kysely';
import { compileOnce } from '../db/compile-once';
import type { Database, RoomStatusValue } from '../db/schema';

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

export interface RoomPatch {
  name?: string;
  category?: string;
  /** The agents table's id (not the voice-agent identifier). */
  agentId?: number;
  status?: RoomStatusValue;
  description?: string | null;
  backgroundColor?: string | null;
  badgeText?: string | null;
}

function selectRooms(db: Db) {
  return db
    .selectFrom('rooms')
    .innerJoin('agents', 'agents.id', 'rooms.agent_id')
    .select([
      'rooms.id',
      'rooms.name',
      'rooms.category',
      'rooms.status',
      'rooms.description',
      'rooms.background_color',
      'rooms.badge_text',
      'rooms.created_at',
      'agents.name as agent_name',
      'agents.agent_id as agent_agent_id',
    ]);
}

type RoomRow = Awaited<ReturnType<ReturnType<typeof selectRooms>['execute']>>[number];

/** The one mapper for `rooms` (with its agent). Only rooms the caller may enter are read. */
function toRoom(row: RoomRow): Room {
  return {
    id: row.id,
    name: row.name,
    category: row.category,
    status: row.status,
    description: row.description,
    backgroundColor: row.background_color,
    badgeText: row.badge_text,
    createdAt: row.created_at.toISOString(),
    hasAccess: true,
    agent: { name: row.agent_name, agentId: row.agent_agent_id },
  };
}

export interface RoomScope {
  /** Only rooms this user is a member of; undefined = every room (the owner). */
  memberId?: number;
}

function scoped(db: Db, scope: RoomScope) {
  const query = selectRooms(db);
  const { memberId } = scope;
  if (memberId === undefined) return query;
  return query.where((eb) =>
    eb.exists(
      eb
        .selectFrom('room_members')
        .select('room_members.room_id')
        .whereRef('room_members.room_id', '=', 'rooms.id')
        .where('room_members.user_id', '=', memberId),
    ),
  );
}

// The rooms list is the first call of every signed-in page: compiled once per scope shape
// (db/compile-once.ts).
const listAllRooms = compileOnce((db: Db) => selectRooms(db).orderBy('rooms.id'), []);
const listMemberRooms = compileOnce(
  (db: Db, memberId: number) => scoped(db, { memberId }).orderBy('rooms.id'),
  [-2_147_483_001],
);

export async function listRooms(db: Db, scope: RoomScope = {}): Promise<Room[]> {
  const rows =
    scope.memberId === undefined
      ? await listAllRooms(db)
      : await listMemberRooms(db, scope.memberId);
  return rows.map(toRoom);
}

export async function findRoom(
  db: Db,
  id: number,
  scope: RoomScope = {},
): Promise<Room | undefined> {
  const row = await scoped(db, scope).where('rooms.id', '=', id).executeTakeFirst();
  return row && toRoom(row);
}

/** Members of the given rooms, by room id, ordered by user id. */
export async function listRoomMembers(
  db: Db,
  roomIds: number[],
): Promise<Map<number, RoomMember[]>> {
  const byRoom = new Map<number, RoomMember[]>(roomIds.map((id) => [id, []]));
  if (roomIds.length === 0) return byRoom;
  const rows = await db
    .selectFrom('room_members')
    .innerJoin('users', 'users.id', 'room_members.user_id')
    .select([
      'room_members.room_id',
      'users.id',
      'users.email',
      'users.username',
      'users.first_name',
      'users.last_name',
      'users.role',
    ])
    .where('room_members.room_id', 'in', roomIds)
    .orderBy('users.id')
    .execute();
  for (const row of rows) {
    byRoom.get(row.room_id)?.push({
      id: row.id,
      email: row.email,
      username: row.username,
      firstName: row.first_name,
      lastName: row.last_name,
      role: row.role,
    });
  }
  return byRoom;
}

export async function listOwnerRooms(db: Db): Promise<OwnerRoom[]> {
  const rooms = await listRooms(db);
  const members = await listRoomMembers(
    db,
    rooms.map((r) => r.id),
  );
  return rooms.map((room) => ({ ...room, members: members.get(room.id) ?? [] }));
}

export async function findOwnerRoom(db: Db, id: number): Promise<OwnerRoom | undefined> {
  const room = await findRoom(db, id);
  if (!room) return undefined;
  const members = await listRoomMembers(db, [id]);
  return { ...room, members: members.get(id) ?? [] };
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

/** Returns the room's values before the change, or undefined when there is no such room. */
export async function updateRoom(
  db: Db,
  id: number,
  patch: RoomPatch,
): Promise<RoomPatch | undefined> {
  const before = await db
    .selectFrom('rooms')
    .select([
      'name',
      'category',
      'agent_id',
      'status',
      'description',
      'background_color',
      'badge_text',
    ])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!before) return undefined;
  await db
    .updateTable('rooms')
    .set({
      ...(patch.name !== undefined && { name: patch.name }),
      ...(patch.category !== undefined && { category: patch.category }),
      ...(patch.agentId !== undefined && { agent_id: patch.agentId }),
      ...(patch.status !== undefined && { status: patch.status }),
      ...(patch.description !== undefined && { description: patch.description }),
      ...(patch.backgroundColor !== undefined && { background_color: patch.backgroundColor }),
      ...(patch.badgeText !== undefined && { badge_text: patch.badgeText }),
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .execute();
  return {
    name: before.name,
    category: before.category,
    agentId: before.agent_id,
    status: before.status,
    description: before.description,
    backgroundColor: before.background_color,
    badgeText: before.badge_text,
  };
}

/**
 * Deletes the room and (by cascade) its memberships. Its conversations keep their history:
 * the room name is copied into any that lack it before room_id is set null by the foreign key.
 * Returns what was deleted, or undefined when there was no such room.
 */
export async function deleteRoom(
  db: Db,
  id: number,
): Promise<{ name: string; members: number; conversations: number } | undefined> {
  const room = await db
    .selectFrom('rooms')
    .select('name')
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!room) return undefined;
  await db
    .updateTable('conversations')
    .set({ room_name: room.name })
    .where('room_id', '=', id)
    .where('room_name', 'is', null)
    .execute();
  const conversations = await db
    .selectFrom('conversations')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('room_id', '=', id)
    .executeTakeFirstOrThrow();
  const members = await db.deleteFrom('room_members').where('room_id', '=', id).executeTakeFirst();
  await db.deleteFrom('rooms').where('id', '=', id).execute();
  return {
    name: room.name,
    members: Number(members.numDeletedRows),
    conversations: Number(conversations.count),
  };
}

/** Adds the membership unless it exists; returns whether it was added. */
export async function addRoomMember(db: Db, roomId: number, userId: number): Promise<boolean> {
  const result = await db
    .insertInto('room_members')
    .values({ room_id: roomId, user_id: userId })
    .onConflict((oc) => oc.columns(['room_id', 'user_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Removes the membership; returns whether there was one. */
export async function removeRoomMember(db: Db, roomId: number, userId: number): Promise<boolean> {
  const result = await db
    .deleteFrom('room_members')
    .where('room_id', '=', roomId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

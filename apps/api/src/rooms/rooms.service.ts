import { ErrorCode, type OwnerRoom, type RoomStatus, type User } from '@fieldcraft/contracts';
import {
  addRoomMember,
  findOwnerRoom,
  insertRoom,
  removeRoomMember,
  type RoomPatch,
  updateRoom,
} from './rooms.repository';
import { AppError } from '../lib/app-error';
import type { Db } from '../plugins/db';
import { findAgentByAgentId } from '../agents/agents.repository';
import { insertAuditEntry } from '../audit/audit.repository';

export interface CreateRoomInput {
  name: string;
  category: string;
  agentId: string;
  status: RoomStatus;
  description?: string | null;
  backgroundColor?: string | null;
  badgeText?: string | null;
}

/** Empty optional text is stored as null, so "no description" has one representation. */
export const emptyToNull = (value: string | null | undefined): string | null | undefined =>
  value === '' ? null : value;

export const roomNotFound = () => new AppError(404, ErrorCode.ROOM_NOT_FOUND, 'Room not found');

/** Creates a room (both the room form and the navigation's quick add) and audits it. */
export async function createRoom(
  trx: Db,
  actor: User,
  input: CreateRoomInput,
  ip: string,
  action: 'room.create' | 'room.quick_create',
): Promise<OwnerRoom> {
  const agent = await findAgentByAgentId(trx, input.agentId);
  if (!agent) {
    throw new AppError(400, ErrorCode.AGENT_NOT_FOUND, 'Agent not found', {
      issues: { formErrors: [], fieldErrors: { agentId: ['Agent not found'] } },
    });
  }
  const id = await insertRoom(trx, {
    name: input.name,
    category: input.category,
    status: input.status,
    description: emptyToNull(input.description),
    backgroundColor: emptyToNull(input.backgroundColor),
    badgeText: emptyToNull(input.badgeText),
    agentId: agent.id,
    createdBy: actor.id,
  });
  await auditRoom(trx, { actorId: actor.id, ip }, id, action, {
    name: input.name,
    category: input.category,
    status: input.status,
    agentId: agent.agentId,
  });
  const room = await findOwnerRoom(trx, id);
  if (!room) throw roomNotFound();
  return room;
}

/** Who changed a room and from where, for its audit row. */
export interface RoomActor {
  actorId: number;
  ip: string;
}

/** The audit row of a change to a room. */
export function auditRoom(
  trx: Db,
  { actorId, ip }: RoomActor,
  roomId: number,
  action: string,
  details: Record<string, unknown>,
): Promise<void> {
  return insertAuditEntry(trx, {
    actorId,
    action,
    targetType: 'room',
    targetId: roomId,
    details,
    ip,
  });
}

/**
 * Changes a room (the room form's edit, pause/resume), audits it with details made from the
 * room as it was, and returns the room as the owner's list shows it.
 */
export async function updateRoomAudited(
  trx: Db,
  who: RoomActor,
  roomId: number,
  patch: RoomPatch,
  action: 'room.update' | 'room.status_change',
  details: (before: RoomPatch) => Record<string, unknown>,
): Promise<OwnerRoom> {
  const before = await updateRoom(trx, roomId, patch);
  if (!before) throw roomNotFound();
  await auditRoom(trx, who, roomId, action, details(before));
  const room = await findOwnerRoom(trx, roomId);
  if (!room) throw roomNotFound();
  return room;
}

/**
 * Adds a user to a room or removes them. Only a real change is a mutation worth an audit row;
 * a repeat changes nothing and records nothing.
 */
export async function changeRoomMember(
  trx: Db,
  who: RoomActor,
  roomId: number,
  userId: number,
  add: boolean,
): Promise<void> {
  const changed = add
    ? await addRoomMember(trx, roomId, userId)
    : await removeRoomMember(trx, roomId, userId);
  if (changed) {
    await auditRoom(trx, who, roomId, add ? 'room.member_add' : 'room.member_remove', { userId });
  }
}

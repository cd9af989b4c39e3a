import { z } from 'zod';
import { UserSchema } from '../auth/auth.schemas';

export const RoomStatusSchema = z.enum(['LIVE', 'PAUSED', 'INACTIVE']);
export type RoomStatus = z.infer<typeof RoomStatusSchema>;

/** The spec's room form defaults (also used by the navigation's quick add). */
export const ROOM_DEFAULTS = {
  category: 'Training',
  status: 'LIVE',
  backgroundColor: '#1a1a1a',
  agentId: 'field-advisor',
} as const;

/** The agent a room is tied to, as rooms carry it. `agentId` is the voice-agent identifier. */
export const RoomAgentSchema = z.object({
  name: z.string(),
  agentId: z.string(),
});
export type RoomAgent = z.infer<typeof RoomAgentSchema>;

/** A room as GET /api/user/rooms lists it. */
export const RoomSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  category: z.string(),
  status: RoomStatusSchema,
  description: z.string().nullable(),
  backgroundColor: z.string().nullable(),
  badgeText: z.string().nullable(),
  createdAt: z.string(),
  hasAccess: z.boolean(),
  agent: RoomAgentSchema,
});
export type Room = z.infer<typeof RoomSchema>;

/** A member of a room, as the owner's tools show it. */
export const RoomMemberSchema = UserSchema.pick({
  id: true,
  email: true,
  username: true,
  firstName: true,
  lastName: true,
  role: true,
});
export type RoomMember = z.infer<typeof RoomMemberSchema>;

/** A room as GET /api/owner/rooms lists it: with its members. */
export const OwnerRoomSchema = RoomSchema.extend({
  members: z.array(RoomMemberSchema),
});
export type OwnerRoom = z.infer<typeof OwnerRoomSchema>;

const roomName = z
  .string({ error: 'Room name is required' })
  .trim()
  .min(1, { error: 'Room name is required' })
  .max(120, { error: 'Room name must be at most 120 characters' });
const description = z
  .string()
  .trim()
  .max(2000, { error: 'Description must be at most 2000 characters' });
const badgeText = z.string().trim().max(40, { error: 'Badge text must be at most 40 characters' });
const backgroundColor = z
  .string()
  .trim()
  .regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/, {
    error: 'Background colour must be a hex colour like #1a1a1a',
  });

/**
 * Create room (rooms screen), POST /api/owner/rooms. `agentId` is the voice-agent identifier
 * (`Agent.agentId`, e.g. `field-advisor`). Empty description / badge text are stored as null.
 */
export const CreateRoomBodySchema = z.object({
  name: roomName,
  category: z
    .string({ error: 'Category is required' })
    .trim()
    .min(1, { error: 'Category is required' })
    .max(60, { error: 'Category must be at most 60 characters' })
    .default(ROOM_DEFAULTS.category),
  agentId: z.string({ error: 'Agent is required' }).trim().min(1, { error: 'Agent is required' }),
  status: RoomStatusSchema.default(ROOM_DEFAULTS.status),
  description: description.nullable().optional(),
  backgroundColor: backgroundColor.default(ROOM_DEFAULTS.backgroundColor),
  badgeText: badgeText.nullable().optional(),
});
export type CreateRoomBody = z.infer<typeof CreateRoomBodySchema>;
export type CreateRoomInput = z.input<typeof CreateRoomBodySchema>;

/**
 * PATCH /api/owner/rooms/{id} (Edit Room): any of the room form's fields; null or '' clears the
 * optional ones. Members are never touched by an edit.
 */
export const UpdateRoomBodySchema = z
  .object({
    name: roomName.optional(),
    category: z
      .string()
      .trim()
      .min(1, { error: 'Category is required' })
      .max(60, { error: 'Category must be at most 60 characters' })
      .optional(),
    agentId: z.string().trim().min(1, { error: 'Agent is required' }).optional(),
    status: RoomStatusSchema.optional(),
    description: description.nullable().optional(),
    backgroundColor: z
      .union([backgroundColor, z.literal('')])
      .nullable()
      .optional(),
    badgeText: badgeText.nullable().optional(),
  })
  .strict();
export type UpdateRoomBody = z.infer<typeof UpdateRoomBodySchema>;

/** PATCH /api/test-rooms/{roomId}/status. */
export const UpdateRoomStatusBodySchema = z.object({
  status: RoomStatusSchema,
});
export type UpdateRoomStatusBody = z.infer<typeof UpdateRoomStatusBodySchema>;

/** Navigation add-room dialog, POST /api/test-rooms: the room form's defaults fill the rest. */
export const QuickCreateRoomBodySchema = z.object({
  name: roomName,
  description: description.nullable().optional(),
});
export type QuickCreateRoomBody = z.infer<typeof QuickCreateRoomBodySchema>;

/** POST /api/owner/rooms/{roomId}/users. Assigning twice is not an error. */
export const AssignRoomUserBodySchema = z.object({
  userId: z.coerce
    .number({ error: 'User is required' })
    .int({ error: 'User is required' })
    .positive({ error: 'User is required' }),
});
export type AssignRoomUserBody = z.infer<typeof AssignRoomUserBodySchema>;

export const RoomIdParamsSchema = z.object({
  roomId: z.coerce.number().int().positive(),
});
export type RoomIdParams = z.infer<typeof RoomIdParamsSchema>;

export const RoomUserParamsSchema = z.object({
  roomId: z.coerce.number().int().positive(),
  userId: z.coerce.number().int().positive(),
});
export type RoomUserParams = z.infer<typeof RoomUserParamsSchema>;

/** PATCH /api/owner/rooms/{id} names its parameter `id` (spec section 7). */
export const OwnerRoomIdParamsSchema = z.object({
  id: z.coerce.number().int().positive(),
});
export type OwnerRoomIdParams = z.infer<typeof OwnerRoomIdParamsSchema>;

/** Answer of the membership mutations and DELETE /api/test-rooms/{roomId}. */
export const SuccessResponseSchema = z.object({ success: z.literal(true) });
export type SuccessResponse = z.infer<typeof SuccessResponseSchema>;

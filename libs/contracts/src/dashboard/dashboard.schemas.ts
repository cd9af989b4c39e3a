import { z } from 'zod';
import { ContentItemSchema } from '../content/content.schemas';
import { RoomSchema } from '../rooms/rooms.schemas';

/** A recent conversation of the caller, as GET /api/user/dashboard lists it. */
export const DashboardConversationSchema = z.object({
  id: z.string(),
  roomId: z.number().int().nullable(),
  roomName: z.string().nullable(),
  agentName: z.string().nullable(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  durationSeconds: z.number().int().nullable(),
});
export type DashboardConversation = z.infer<typeof DashboardConversationSchema>;

/**
 * GET /api/user/dashboard (USER and OWNER): the caller's own summary. `newContent` lists
 * visible active items created since `lastVisitAt` (the caller's previous sign-in; null on the
 * first one, then every visible item counts as new).
 */
export const UserDashboardSchema = z.object({
  rooms: z.array(RoomSchema),
  newContent: z.array(ContentItemSchema),
  newContentCount: z.number().int(),
  recentConversations: z.array(DashboardConversationSchema),
  lastVisitAt: z.string().nullable(),
});
export type UserDashboard = z.infer<typeof UserDashboardSchema>;

/** GET /api/user/login-stats: the caller's sign-in count and last sign-in (null when unknown). */
export const LoginStatsSchema = z.object({
  loginCount: z.number().int(),
  lastLoginAt: z.string().nullable(),
});
export type LoginStats = z.infer<typeof LoginStatsSchema>;

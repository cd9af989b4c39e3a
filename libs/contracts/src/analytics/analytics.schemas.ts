import { z } from 'zod';
import { ContentTypeSchema } from '../content/content.schemas';

// The owner's Analytics screens: voice usage, content engagement, knowledge gaps.
// Every figure is computed by the server over whole UTC days (docs/analytics.md).

/** The periods the screens offer: the last N days, today included. */
export const ANALYTICS_PERIODS = [7, 30, 90] as const;
export const AnalyticsPeriodSchema = z.union([z.literal(7), z.literal(30), z.literal(90)]);
export type AnalyticsPeriod = z.infer<typeof AnalyticsPeriodSchema>;

/** Query of every analytics route: `?days=7|30|90`, 30 when absent. */
export const AnalyticsQuerySchema = z.object({
  days: z.preprocess(
    (v) => (v === undefined || v === '' ? undefined : Number(v)),
    AnalyticsPeriodSchema.default(30),
  ),
});
export type AnalyticsQuery = z.infer<typeof AnalyticsQuerySchema>;
export type AnalyticsQueryInput = z.input<typeof AnalyticsQuerySchema>;

/** The window the figures cover: `from` is the start of the first day, `to` the answer time. */
export const AnalyticsWindowSchema = z.object({
  days: AnalyticsPeriodSchema,
  from: z.string(),
  to: z.string(),
});
export type AnalyticsWindow = z.infer<typeof AnalyticsWindowSchema>;

/** Conversation figures of one agent, one room, or all of them. */
export const UsageFiguresSchema = z.object({
  conversations: z.number().int(),
  /** Sum of the stored durations; conversations still open count 0 until they end. */
  seconds: z.number().int(),
  distinctUsers: z.number().int(),
  /** Mean length of the ended conversations, in whole seconds; 0 when none ended. */
  averageSeconds: z.number().int(),
});
export type UsageFigures = z.infer<typeof UsageFiguresSchema>;

export const AgentUsageSchema = UsageFiguresSchema.extend({
  agentId: z.string(),
  /** The agent's current name; null when the agent was deleted since. */
  agentName: z.string().nullable(),
});
export type AgentUsage = z.infer<typeof AgentUsageSchema>;

export const RoomUsageSchema = UsageFiguresSchema.extend({
  /** Null for a room deleted since (its name is the snapshot kept with the conversations). */
  roomId: z.number().int().nullable(),
  roomName: z.string().nullable(),
});
export type RoomUsage = z.infer<typeof RoomUsageSchema>;

export const UsageDaySchema = z.object({
  /** YYYY-MM-DD, UTC. */
  date: z.string(),
  conversations: z.number().int(),
  seconds: z.number().int(),
});
export type UsageDay = z.infer<typeof UsageDaySchema>;

/** GET /api/owner/analytics/usage */
export const VoiceUsageReportSchema = z.object({
  window: AnalyticsWindowSchema,
  totals: UsageFiguresSchema,
  byAgent: z.array(AgentUsageSchema),
  byRoom: z.array(RoomUsageSchema),
  /** One entry per day of the window, oldest first, zero days included. */
  daily: z.array(UsageDaySchema),
});
export type VoiceUsageReport = z.infer<typeof VoiceUsageReportSchema>;

export const ItemEngagementSchema = z.object({
  contentId: z.number().int(),
  title: z.string(),
  type: ContentTypeSchema,
  isActive: z.boolean(),
  opens: z.number().int(),
  distinctUsers: z.number().int(),
  /** Newest open in the window; null when not opened in it. */
  lastOpenedAt: z.string().nullable(),
});
export type ItemEngagement = z.infer<typeof ItemEngagementSchema>;

export const UserEngagementSchema = z.object({
  userId: z.number().int(),
  name: z.string(),
  email: z.string(),
  opens: z.number().int(),
  itemsOpened: z.number().int(),
  lastActiveAt: z.string().nullable(),
});
export type UserEngagement = z.infer<typeof UserEngagementSchema>;

export const EngagementDaySchema = z.object({ date: z.string(), opens: z.number().int() });
export type EngagementDay = z.infer<typeof EngagementDaySchema>;

/** GET /api/owner/analytics/engagement */
export const EngagementReportSchema = z.object({
  window: AnalyticsWindowSchema,
  totals: z.object({
    opens: z.number().int(),
    distinctUsers: z.number().int(),
    itemsOpened: z.number().int(),
  }),
  /** Every content item, most opened first (unopened ones too: they are the news). */
  items: z.array(ItemEngagementSchema),
  /** Every user, most active first; deactivated users only when they opened something. */
  users: z.array(UserEngagementSchema),
  daily: z.array(EngagementDaySchema),
});
export type EngagementReport = z.infer<typeof EngagementReportSchema>;

export const KnowledgeGapStatusSchema = z.enum(['open', 'resolved', 'all']);
export type KnowledgeGapStatus = z.infer<typeof KnowledgeGapStatusSchema>;

export const KnowledgeGapsQuerySchema = AnalyticsQuerySchema.extend({
  status: z.preprocess((v) => (v === '' ? undefined : v), KnowledgeGapStatusSchema.default('all')),
});
export type KnowledgeGapsQuery = z.infer<typeof KnowledgeGapsQuerySchema>;
export type KnowledgeGapsQueryInput = z.input<typeof KnowledgeGapsQuerySchema>;

/** One question as the owner reads it: every ask of it (same words, any case or spacing). */
export const KnowledgeGapGroupSchema = z.object({
  /** The normalised question (lower case, single spaces, no trailing ?!.): the group's key. */
  key: z.string(),
  /** The newest wording asked. */
  question: z.string(),
  timesAsked: z.number().int(),
  distinctUsers: z.number().int(),
  agentIds: z.array(z.string()),
  /** The agents' current names, in the order of agentIds (the text id for a deleted agent). */
  agentNames: z.array(z.string()),
  /** Room names; a deleted room is left out. */
  rooms: z.array(z.string()),
  firstAskedAt: z.string(),
  lastAskedAt: z.string(),
  /** Set when every ask in the window is resolved; a new ask reopens the question. */
  resolvedAt: z.string().nullable(),
});
export type KnowledgeGapGroup = z.infer<typeof KnowledgeGapGroupSchema>;

export const KnowledgeGapDaySchema = z.object({ date: z.string(), asked: z.number().int() });
export type KnowledgeGapDay = z.infer<typeof KnowledgeGapDaySchema>;

/** GET /api/owner/analytics/knowledge-gaps */
export const KnowledgeGapReportSchema = z.object({
  window: AnalyticsWindowSchema,
  totals: z.object({
    asked: z.number().int(),
    distinctQuestions: z.number().int(),
    openQuestions: z.number().int(),
  }),
  /** Most asked first, then most recent. */
  questions: z.array(KnowledgeGapGroupSchema),
  daily: z.array(KnowledgeGapDaySchema),
});
export type KnowledgeGapReport = z.infer<typeof KnowledgeGapReportSchema>;

/** POST /api/owner/analytics/knowledge-gaps/resolution: resolve or reopen one question. */
export const KnowledgeGapResolutionBodySchema = z.object({
  key: z.string().trim().min(1, 'Question is required').max(2000),
  resolved: z.boolean(),
});
export type KnowledgeGapResolutionBody = z.infer<typeof KnowledgeGapResolutionBodySchema>;

export const KnowledgeGapResolutionSchema = z.object({
  key: z.string(),
  resolved: z.boolean(),
  /** How many asks changed. */
  updated: z.number().int(),
});
export type KnowledgeGapResolution = z.infer<typeof KnowledgeGapResolutionSchema>;

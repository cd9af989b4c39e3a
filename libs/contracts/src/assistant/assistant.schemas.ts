import { z } from 'zod';
import { RoomStatusSchema } from '../rooms/rooms.schemas';
import { AgentDetailSchema, CitationSchema } from '../voice/voice-api.schemas';

// The owner area's assistant chat (/simple-chat) and agent management (/fast-redeploy).
// docs/assistant-and-agents.md.

/** Turns of the chat so far, oldest first: the advisor leans on them for follow-ups. */
export const AssistantTurnSchema = z.object({
  role: z.enum(['user', 'assistant']),
  text: z.string().max(4000),
});
export type AssistantTurn = z.infer<typeof AssistantTurnSchema>;

/** POST /api/assistant/messages. The chat is not stored: the client sends its recent turns. */
export const AssistantMessageBodySchema = z.object({
  question: z
    .string()
    .trim()
    .min(1, 'Type a question first')
    .max(2000, 'Questions can be at most 2000 characters'),
  history: z.array(AssistantTurnSchema).max(20).default([]),
});
export type AssistantMessageBody = z.input<typeof AssistantMessageBodySchema>;

export const AssistantAnswerSchema = z.object({
  text: z.string(),
  /** The passages the answer rests on, best first; empty when nothing relevant was found. */
  citations: z.array(CitationSchema),
  /** False when the library holds nothing relevant (the question is logged as a knowledge gap). */
  answered: z.boolean(),
});
export type AssistantAnswer = z.infer<typeof AssistantAnswerSchema>;

export const AgentRoomSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  status: RoomStatusSchema,
});
export type AgentRoom = z.infer<typeof AgentRoomSchema>;

/** GET /api/owner/agents: every agent with its settings and the rooms that use it. */
export const AgentOverviewSchema = AgentDetailSchema.extend({
  rooms: z.array(AgentRoomSchema),
  /** Last change of the agent's settings. */
  updatedAt: z.string(),
  /** Last redeploy, null when never redeployed. */
  redeployedAt: z.string().nullable(),
});
export type AgentOverview = z.infer<typeof AgentOverviewSchema>;

/** POST /api/owner/agents/{id}/redeploy: what re-applying the agent's settings did. */
export const AgentRedeployResultSchema = z.object({
  agentId: z.string(),
  name: z.string(),
  /** Rooms that use the agent: their next conversation starts with the current settings. */
  rooms: z.array(AgentRoomSchema),
  /** Open conversations in those rooms ended on this server so they restart with the new settings. */
  sessionsEnded: z.number().int(),
  redeployedAt: z.string(),
});
export type AgentRedeployResult = z.infer<typeof AgentRedeployResultSchema>;

import { z } from 'zod';

/** GET /api/agents (owner tools): `agentId` is what CreateRoomBody.agentId takes. */
export const AgentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  agentId: z.string(),
});
export type Agent = z.infer<typeof AgentSchema>;

/** GET /api/voice/agents: the voice provider's shape (snake_case, as the spec's table reads). */
export const VoiceAgentSchema = z.object({
  agent_id: z.string(),
  name: z.string(),
});
export type VoiceAgent = z.infer<typeof VoiceAgentSchema>;

export const VoiceAgentParamsSchema = z.object({
  agent_id: z.string().min(1).max(200),
});
export type VoiceAgentParams = z.infer<typeof VoiceAgentParamsSchema>;

export const VoiceConversationSchema = z.object({
  conversation_id: z.string(),
  room_id: z.number().int().nullable(),
  room_name: z.string().nullable(),
  started_at: z.string(),
  ended_at: z.string().nullable(),
  duration_seconds: z.number().int().nullable(),
});
export type VoiceConversation = z.infer<typeof VoiceConversationSchema>;

/**
 * GET /api/voice/agents/{agent_id}/usage. An OWNER sees every conversation with the agent;
 * anyone else only their own.
 */
export const VoiceAgentUsageSchema = z.object({
  total_conversations: z.number().int(),
  total_duration_seconds: z.number().int(),
  conversations: z.array(VoiceConversationSchema),
});
export type VoiceAgentUsage = z.infer<typeof VoiceAgentUsageSchema>;

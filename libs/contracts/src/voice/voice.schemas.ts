import { z } from 'zod';

// The convai websocket protocol (../shared/voice-protocol.md). Objects are loose: receivers
// must ignore unknown fields, and a newer peer may add some at any time.

/** `<codec>_<sample rate>`, codec pcm or ulaw. */
export const VoiceAudioFormatSchema = z.string().regex(/^(pcm|ulaw)_\d+$/);
export type VoiceAudioFormat = z.infer<typeof VoiceAudioFormatSchema>;

const EventId = z.number().int().nonnegative();
const DynamicValue = z.union([z.string(), z.number(), z.boolean()]);

// ---- client → server ------------------------------------------------------------------------

export const ConversationConfigOverrideSchema = z.looseObject({
  agent: z
    .looseObject({
      prompt: z
        .looseObject({ prompt: z.string().optional(), llm: z.string().optional() })
        .optional(),
      first_message: z.string().optional(),
      language: z.string().optional(),
    })
    .optional(),
  tts: z
    .looseObject({
      voice_id: z.string().optional(),
      speed: z.number().optional(),
      stability: z.number().optional(),
      similarity_boost: z.number().optional(),
    })
    .optional(),
  asr: z.looseObject({ keywords: z.array(z.string()).optional() }).optional(),
  conversation: z.looseObject({ text_only: z.boolean().optional() }).optional(),
});
export type ConversationConfigOverride = z.infer<typeof ConversationConfigOverrideSchema>;

export const ConversationInitiationClientDataSchema = z.looseObject({
  type: z.literal('conversation_initiation_client_data'),
  conversation_config_override: ConversationConfigOverrideSchema.optional(),
  custom_llm_extra_body: z.record(z.string(), z.unknown()).optional(),
  dynamic_variables: z.record(z.string(), DynamicValue).optional(),
  user_id: z.string().optional(),
  source_info: z.looseObject({ source: z.string(), version: z.string() }).optional(),
});
export type ConversationInitiationClientData = z.infer<
  typeof ConversationInitiationClientDataSchema
>;

export const UserAudioChunkSchema = z.looseObject({ user_audio_chunk: z.string() });
export const UserMessageSchema = z.looseObject({
  type: z.literal('user_message'),
  text: z.string(),
  rich_content_id: z.string().optional(),
});
export const UserActivitySchema = z.looseObject({ type: z.literal('user_activity') });
export const ContextualUpdateSchema = z.looseObject({
  type: z.literal('contextual_update'),
  text: z.string(),
  context_id: z.string().optional(),
});
export const FeedbackSchema = z.looseObject({
  type: z.literal('feedback'),
  score: z.enum(['like', 'dislike']).nullable(),
  event_id: EventId,
});
export const ClientToolResultSchema = z.looseObject({
  type: z.literal('client_tool_result'),
  tool_call_id: z.string(),
  result: z.string(),
  is_error: z.boolean(),
});
export const PongSchema = z.looseObject({ type: z.literal('pong'), event_id: EventId });

/** Every typed frame the client sends (the mic chunk has no `type`; see UserAudioChunkSchema). */
export const VoiceClientTypedMessageSchema = z.discriminatedUnion('type', [
  ConversationInitiationClientDataSchema,
  UserMessageSchema,
  UserActivitySchema,
  ContextualUpdateSchema,
  FeedbackSchema,
  ClientToolResultSchema,
  PongSchema,
]);

/** Any frame a client may send. */
export const VoiceClientMessageSchema = z.union([
  UserAudioChunkSchema,
  VoiceClientTypedMessageSchema,
]);
export type VoiceClientMessage = z.infer<typeof VoiceClientMessageSchema>;

// ---- server → client ------------------------------------------------------------------------

export const ConversationInitiationMetadataSchema = z.looseObject({
  type: z.literal('conversation_initiation_metadata'),
  conversation_initiation_metadata_event: z.looseObject({
    conversation_id: z.string().min(1),
    agent_output_audio_format: VoiceAudioFormatSchema,
    user_input_audio_format: VoiceAudioFormatSchema.optional(),
  }),
});
export const PingSchema = z.looseObject({
  type: z.literal('ping'),
  ping_event: z.looseObject({ event_id: EventId, ping_ms: z.number().nullable().optional() }),
});
export const AgentResponseSchema = z.looseObject({
  type: z.literal('agent_response'),
  agent_response_event: z.looseObject({
    agent_response: z.string(),
    event_id: EventId.optional(),
  }),
});
export const AudioSchema = z.looseObject({
  type: z.literal('audio'),
  audio_event: z.looseObject({ audio_base_64: z.string(), event_id: EventId }),
});
export const UserTranscriptSchema = z.looseObject({
  type: z.literal('user_transcript'),
  user_transcription_event: z.looseObject({
    user_transcript: z.string(),
    event_id: EventId.optional(),
  }),
});
export const InterruptionSchema = z.looseObject({
  type: z.literal('interruption'),
  interruption_event: z.looseObject({ event_id: EventId }),
});
export const AgentResponseCorrectionSchema = z.looseObject({
  type: z.literal('agent_response_correction'),
  agent_response_correction_event: z.looseObject({
    original_agent_response: z.string(),
    corrected_agent_response: z.string(),
    event_id: EventId.optional(),
  }),
});
export const ClientToolCallSchema = z.looseObject({
  type: z.literal('client_tool_call'),
  client_tool_call: z.looseObject({
    tool_name: z.string(),
    tool_call_id: z.string(),
    parameters: z.record(z.string(), z.unknown()).default({}),
    event_id: EventId.optional(),
  }),
});
export const InternalTentativeAgentResponseSchema = z.looseObject({
  type: z.literal('internal_tentative_agent_response'),
  tentative_agent_response_internal_event: z.looseObject({ tentative_agent_response: z.string() }),
});
export const VadScoreSchema = z.looseObject({
  type: z.literal('vad_score'),
  vad_score_event: z.looseObject({ vad_score: z.number() }),
});
export const AgentToolResponseSchema = z.looseObject({
  type: z.literal('agent_tool_response'),
  agent_tool_response: z.looseObject({
    tool_name: z.string(),
    tool_call_id: z.string().optional(),
    tool_type: z.string().optional(),
    is_error: z.boolean().optional(),
    event_id: EventId.optional(),
  }),
});
export const VoiceErrorEventSchema = z.looseObject({
  type: z.literal('error'),
  error_event: z.looseObject({
    code: z.number().int().optional(),
    message: z.string().optional(),
    error_type: z.string().optional(),
    reason: z.string().optional(),
  }),
});

export const AgentChatResponsePartSchema = z.looseObject({
  type: z.literal('agent_chat_response_part'),
  text_response_part: z.looseObject({
    text: z.string(),
    type: z.enum(['start', 'delta', 'stop']),
    event_id: EventId.optional(),
  }),
});
export const TentativeUserTranscriptSchema = z.looseObject({
  type: z.literal('tentative_user_transcript'),
  tentative_user_transcription_event: z.looseObject({
    user_transcript: z.string(),
    event_id: EventId.optional(),
  }),
});

/** Server frames of the protocol this product uses; receivers ignore any other type. */
export const VoiceServerMessageSchema = z.discriminatedUnion('type', [
  ConversationInitiationMetadataSchema,
  PingSchema,
  AgentResponseSchema,
  AudioSchema,
  UserTranscriptSchema,
  InterruptionSchema,
  AgentResponseCorrectionSchema,
  ClientToolCallSchema,
  InternalTentativeAgentResponseSchema,
  VadScoreSchema,
  AgentToolResponseSchema,
  VoiceErrorEventSchema,
  AgentChatResponsePartSchema,
  TentativeUserTranscriptSchema,
]);
export type VoiceServerMessage = z.infer<typeof VoiceServerMessageSchema>;

/** Close codes of the protocol (§9) and what they mean. */
export const VOICE_CLOSE_CODES = {
  NORMAL: 1000,
  OPERATIONAL_FAILURE: 1002,
  ABNORMAL: 1006,
  POLICY: 1008,
  INTERNAL: 1011,
} as const;

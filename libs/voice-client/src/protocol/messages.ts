// Typed frames of the convai protocol (voice-protocol.md §4–5). They mirror the zod schemas in
// libs/contracts (a test proves the two agree) but are declared here so the published library
// carries no zod and no private package at run time.

export interface ConversationInitiationMetadata {
  type: 'conversation_initiation_metadata';
  conversation_initiation_metadata_event: {
    conversation_id: string;
    agent_output_audio_format: string;
    user_input_audio_format?: string;
  };
}
export interface PingMessage {
  type: 'ping';
  ping_event: { event_id: number; ping_ms?: number | null };
}
/**
 * A file an agent response points to (voice-protocol.md §5): `url`, `name`, `mime_type`, plus
 * whatever else the server adds (our server: `content_id`, `content_type`, `page`).
 */
export interface MessageAttachment {
  url: string;
  name: string;
  mime_type: string;
  [field: string]: unknown;
}
export interface AgentResponseMessage {
  type: 'agent_response';
  agent_response_event: {
    agent_response: string;
    event_id?: number;
    attachments?: unknown;
  };
}
export interface AudioMessage {
  type: 'audio';
  audio_event: { audio_base_64: string; event_id: number };
}
export interface UserTranscriptMessage {
  type: 'user_transcript';
  user_transcription_event: { user_transcript: string; event_id?: number };
}
export interface InterruptionMessage {
  type: 'interruption';
  interruption_event: { event_id: number };
}
export interface AgentResponseCorrectionMessage {
  type: 'agent_response_correction';
  agent_response_correction_event: {
    original_agent_response: string;
    corrected_agent_response: string;
    event_id?: number;
  };
}
export interface ClientToolCallMessage {
  type: 'client_tool_call';
  client_tool_call: {
    tool_name: string;
    tool_call_id: string;
    parameters: Record<string, unknown>;
    event_id?: number;
  };
}
export interface InternalTentativeAgentResponseMessage {
  type: 'internal_tentative_agent_response';
  tentative_agent_response_internal_event: { tentative_agent_response: string };
}
export interface VadScoreMessage {
  type: 'vad_score';
  vad_score_event: { vad_score: number };
}
export interface AgentToolResponseMessage {
  type: 'agent_tool_response';
  agent_tool_response: { tool_name: string; tool_call_id?: string; is_error?: boolean };
}
export interface ErrorEventMessage {
  type: 'error';
  error_event: { code?: number; message?: string; error_type?: string; reason?: string };
}

export interface AgentChatResponsePartMessage {
  type: 'agent_chat_response_part';
  text_response_part: { text: string; type: 'start' | 'delta' | 'stop'; event_id?: number };
}

/** Every server frame the client acts on. */
export type IncomingMessage =
  | ConversationInitiationMetadata
  | PingMessage
  | AgentResponseMessage
  | AudioMessage
  | UserTranscriptMessage
  | InterruptionMessage
  | AgentResponseCorrectionMessage
  | ClientToolCallMessage
  | InternalTentativeAgentResponseMessage
  | VadScoreMessage
  | AgentToolResponseMessage
  | ErrorEventMessage
  | AgentChatResponsePartMessage;

/** Client → server frames. */
export type OutgoingMessage =
  | {
      type: 'conversation_initiation_client_data';
      conversation_config_override?: Record<string, unknown>;
      custom_llm_extra_body?: Record<string, unknown>;
      dynamic_variables?: Record<string, string | number | boolean>;
      user_id?: string;
      source_info?: { source: string; version: string };
    }
  | { user_audio_chunk: string }
  | { type: 'user_message'; text: string }
  | { type: 'user_activity' }
  | { type: 'contextual_update'; text: string; context_id?: string }
  | { type: 'feedback'; score: 'like' | 'dislike' | null; event_id: number }
  | { type: 'client_tool_result'; tool_call_id: string; result: string; is_error: boolean }
  | { type: 'pong'; event_id: number };

import {
  ClientToolResultSchema,
  ContextualUpdateSchema,
  FeedbackSchema,
  PongSchema,
  stripControlCharacters,
  UserAudioChunkSchema,
  UserMessageSchema,
} from '@fieldcraft/contracts';
import { VoiceRefusal } from './auth';

// The client's messages once the conversation is open (voice-protocol.md §4): each is checked
// against its schema (1008 when it does not fit) and handed to its handler.

export interface ClientFrameHandlers {
  /** Any input from the user (not audio, not pong): resets the idle timer. */
  userInput(): void;
  audio(base64: string): void;
  userMessage(text: string): void;
  userActivity(): void;
  contextualUpdate(text: string, contextId: string | undefined): void;
  feedback(eventId: number, score: 'like' | 'dislike' | null): void;
  toolResult(callId: string, result: string, isError: boolean): void;
  pong(eventId: number): void;
}

type Schema<T> = { safeParse(v: unknown): { success: boolean; data?: T } };

export function dispatchClientFrame(frame: Record<string, unknown>, on: ClientFrameHandlers): void {
  if ('user_audio_chunk' in frame) {
    const chunk = UserAudioChunkSchema.safeParse(frame);
    if (!chunk.success) throw new VoiceRefusal('user_audio_chunk must be a base64 string');
    on.audio(chunk.data.user_audio_chunk);
    return;
  }
  const parse = <T>(schema: Schema<T>) => {
    const r = schema.safeParse(frame);
    if (!r.success) throw new VoiceRefusal(`Invalid ${String(frame.type)} frame`);
    return r.data as T;
  };
  switch (frame.type) {
    case 'user_message': {
      const m = parse<{ text: string }>(UserMessageSchema);
      on.userInput();
      // What is answered is what is stored (a NUL would not store at all).
      const text = stripControlCharacters(m.text).trim();
      if (text) on.userMessage(text);
      return;
    }
    case 'user_activity':
      on.userInput();
      on.userActivity();
      return;
    case 'contextual_update': {
      const m = parse<{ text: string; context_id?: string }>(ContextualUpdateSchema);
      on.userInput();
      on.contextualUpdate(stripControlCharacters(m.text), m.context_id);
      return;
    }
    case 'feedback': {
      const m = parse<{ score: 'like' | 'dislike' | null; event_id: number }>(FeedbackSchema);
      on.userInput();
      on.feedback(m.event_id, m.score);
      return;
    }
    case 'client_tool_result': {
      const m = parse<{ tool_call_id: string; result: string; is_error: boolean }>(
        ClientToolResultSchema,
      );
      on.userInput();
      on.toolResult(m.tool_call_id, m.result, m.is_error);
      return;
    }
    case 'pong':
      on.pong(parse<{ event_id: number }>(PongSchema).event_id);
      return;
    default:
      // conversation_initiation_client_data again, mcp_*, multimodal_message, unknown: ignored.
      return;
  }
}

import type { DisconnectDetails } from '../connection/disconnect';
import type { MessageAttachment } from '../protocol/messages';
import type { WorkletUrls } from '../worklets/worklet-loader';
import type { Mode, Status } from './status';

/** A client tool the agent may call; its return value is sent back (objects as JSON). */
export type ClientTool = (parameters: Record<string, unknown>) => unknown;

/** A tool call as the app sees it. */
export interface ClientToolCall {
  toolName: string;
  toolCallId: string;
  parameters: Record<string, unknown>;
  eventId?: number;
}

/** Per-conversation overrides the agent must allow. */
export interface SessionOverrides {
  agent?: { prompt?: { prompt?: string; llm?: string }; firstMessage?: string; language?: string };
  tts?: { voiceId?: string; speed?: number; stability?: number; similarityBoost?: number };
  asr?: { keywords?: string[] };
  conversation?: { textOnly?: boolean };
}

/** Everything the session reports. All optional. */
export interface SessionCallbacks {
  onConnect?: (props: { conversationId: string }) => void;
  /** Every end of a session, with who ended it and a readable message. */
  onDisconnect?: (details: DisconnectDetails) => void;
  /** Final transcripts and agent responses; an agent response may carry `attachments`. */
  onMessage?: (props: {
    source: 'user' | 'ai';
    message: string;
    eventId?: number;
    attachments?: MessageAttachment[];
  }) => void;
  onModeChange?: (props: { mode: Mode }) => void;
  onStatusChange?: (props: { status: Status }) => void;
  onError?: (message: string, context?: unknown) => void;
  /** Dropped frames, tentative responses, corrections, reconnect attempts. */
  onDebug?: (info: unknown) => void;
  /** Each agent audio chunk (base64, output format) as it is queued for playback. */
  onAudio?: (base64: string) => void;
  onVadScore?: (props: { vadScore: number }) => void;
  /** Streamed agent text (mainly text-only sessions): start, deltas, stop; then onMessage. */
  onAgentChatResponsePart?: (props: {
    text: string;
    type: 'start' | 'delta' | 'stop';
    eventId?: number;
  }) => void;
  onCanSendFeedbackChange?: (props: { canSendFeedback: boolean }) => void;
  /** Called for a tool not in `clientTools`; the app must then answer with sendClientToolResult. */
  onUnhandledClientToolCall?: (call: ClientToolCall) => void;
}

/** Options of {@link Conversation.startSession}. Give exactly one of `agentId` or `signedUrl`. */
export interface SessionOptions extends SessionCallbacks {
  agentId?: string;
  signedUrl?: string;
  /** Websocket origin for `agentId`; default `wss://api.elevenlabs.io`. */
  origin?: string;
  /** Bearer token, offered as the `bearer.<token>` subprotocol. */
  authorization?: string;
  overrides?: SessionOverrides;
  dynamicVariables?: Record<string, string | number | boolean>;
  customLlmExtraBody?: Record<string, unknown>;
  userId?: string;
  clientTools?: Record<string, ClientTool>;
  /** No microphone, no audio: a text conversation over the same socket. */
  textOnly?: boolean;
  /** Input format when the server's metadata names none; default `pcm_16000`. */
  inputFormat?: string;
  /** Wait before opening the socket, in ms: default 0, Android 3000. */
  connectionDelay?: number | { default?: number; android?: number; ios?: number };
  /** Keep the screen awake during the session; default true. */
  useWakeLock?: boolean;
  /** On iOS, prefer an input named like headphones or earphones; default false. */
  preferHeadphonesOnIOS?: boolean;
  /** Send silence while the agent speaks, so loud rooms cannot feed it its own voice. */
  muteMicWhileAgentSpeaks?: boolean;
  /** Reopen a dropped socket (1006 / socket error) automatically; off by default. */
  reconnect?: boolean | { maxAttempts?: number; delayMs?: number };
  /** Same-origin URLs of the worklet module files, if not beside the library. */
  workletUrls?: WorkletUrls;
}

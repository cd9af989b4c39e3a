// The session and its error class are the product; the lower layers are exported for hosts
// that bring their own transport or audio (and for the API's tests).
export {
  Conversation,
  DUPLICATE_WINDOW_MS,
  USER_ACTIVITY_INTERVAL_MS,
} from './session/conversation';
export type {
  ClientTool,
  ClientToolCall,
  SessionCallbacks,
  SessionOptions,
  SessionOverrides,
} from './session/options';
export type { Mode, Status } from './session/status';
export { VoiceClientError } from './voice-client-error';
export type { VoiceClientErrorCode } from './voice-client-error';
export type { VoicePlatform, WebSocketLike, WakeLockLike } from './platform';

export type { DisconnectDetails, DisconnectReason } from './connection/disconnect';
export { describeClose } from './connection/disconnect';
export { BaseConnection } from './connection/base-connection';
export { WebSocketConnection } from './connection/websocket-connection';
export type { WebSocketConnectionConfig } from './connection/websocket-connection';
export { DEFAULT_ORIGIN, buildSocketUrl } from './connection/socket-url';
export type { SocketTarget } from './connection/socket-url';

export { parseServerFrame } from './protocol/guard';
export type { ParsedFrame } from './protocol/guard';
export type { IncomingMessage, MessageAttachment, OutgoingMessage } from './protocol/messages';

export { DEFAULT_INPUT_FORMAT, parseFormat } from './audio/format';
export type { AudioCodec, AudioFormat } from './audio/format';
export { decodeAudio, encodeAudio } from './audio/encoders';
// The codecs are libs/audio's (shared with the API), bundled into the client.
export {
  base64ToBytes,
  bytesToBase64,
  floatToPcm16,
  floatToUlaw,
  linearToUlaw,
  pcm16ToFloat,
  ulawToFloat,
  ulawToLinear,
} from '@fieldcraft/audio';
export type { WorkletUrls } from './worklets/worklet-loader';

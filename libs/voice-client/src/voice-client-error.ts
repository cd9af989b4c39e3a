/** Stable codes of {@link VoiceClientError}. */
export type VoiceClientErrorCode =
  | 'INVALID_FORMAT'
  | 'INVALID_OPTIONS'
  | 'MICROPHONE_FAILED'
  | 'WORKLET_LOAD_FAILED'
  | 'AUDIO_FAILED'
  | 'CONNECTION_FAILED'
  | 'HANDSHAKE_FAILED'
  | 'NOT_SUPPORTED';

/** The one error type the library throws or rejects with; `message` is safe to show. */
export class VoiceClientError extends Error {
  override readonly name = 'VoiceClientError';

  constructor(
    readonly code: VoiceClientErrorCode,
    message: string,
    /** Socket close code, when the error comes from a closed connection. */
    readonly closeCode?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

import type { User } from '@fieldcraft/contracts';
import { Conversation, type SessionCallbacks, VoiceClientError } from '@fieldcraft/voice-client';
import type { TextOnlyReason } from './use-room-audio';

const AUDIO_FAILURES = new Set(['MICROPHONE_FAILED', 'WORKLET_LOAD_FAILED', 'AUDIO_FAILED']);

/** A signed URL as the socket needs it: absolute, ws(s). The server may answer with a path. */
function socketUrl(signedUrl: string): string {
  const scheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  if (signedUrl.startsWith('/')) return `${scheme}//${window.location.host}${signedUrl}`;
  return signedUrl.replace(/^http(s?):/i, 'ws$1:');
}

export interface OpenRoomSessionOptions {
  /** A fresh signed URL for each attempt. */
  signedUrl: () => Promise<string>;
  user: User;
  withVoice: boolean;
  /** Read at each attempt: the room's choice may change meanwhile. */
  muteMicWhileAgentSpeaks: () => boolean;
  callbacks: SessionCallbacks;
  /**
   * Voice could not start (no microphone, no audio support): says why; returns false to stop
   * there (the page is gone) rather than start a text-only session.
   */
  onVoiceUnavailable: (reason: Exclude<TextOnlyReason, null>) => boolean;
}

/**
 * Opens the room's conversation socket with the user's dynamic variables: with voice if asked,
 * falling back to a text-only session when the microphone cannot be opened (typed chat still
 * works). Resolves with the session and whether it has voice, or null when stopped.
 */
export async function openRoomSession({
  signedUrl,
  user,
  withVoice,
  muteMicWhileAgentSpeaks,
  callbacks,
  onVoiceUnavailable,
}: OpenRoomSessionOptions): Promise<{ conversation: Conversation; voiceOn: boolean } | null> {
  const attempt = async (textOnly: boolean) =>
    Conversation.startSession({
      signedUrl: socketUrl(await signedUrl()),
      textOnly,
      muteMicWhileAgentSpeaks: muteMicWhileAgentSpeaks(),
      dynamicVariables: {
        user_name: user.firstName?.trim() || user.username,
        user_role: user.role,
        username: user.username,
      },
      ...callbacks,
    });
  if (!withVoice) return { conversation: await attempt(true), voiceOn: false };
  try {
    return { conversation: await attempt(false), voiceOn: true };
  } catch (error) {
    if (!(error instanceof VoiceClientError) || !AUDIO_FAILURES.has(error.code)) throw error;
    console.warn('Voice is unavailable; continuing with a text-only session', error);
    if (!onVoiceUnavailable(error.code === 'MICROPHONE_FAILED' ? 'microphone' : 'audio'))
      return null;
    return { conversation: await attempt(true), voiceOn: false };
  }
}

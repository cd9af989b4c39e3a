import type { Conversation, Mode } from '@fieldcraft/voice-client';
import { useEffect, useState, type RefObject } from 'react';
import type { VoicePreferences } from '../voice-preferences';

/** Why a session runs without the microphone; null while voice is on (or no session). */
export type TextOnlyReason = 'microphone' | 'audio' | null;

export interface UseRoomAudioOptions {
  /** The running session (null: none). */
  session: Conversation | null;
  /** The running session was started with voice (so its microphone can be switched). */
  sessionVoice: boolean;
  preferences: VoicePreferences;
  onPreferencesChange?: (change: Partial<VoicePreferences>) => void;
  mountedRef: RefObject<boolean>;
}

/**
 * The session's audio side: the agent's mode, the audio received, the noisy-site microphone
 * controls (mute, hold-to-talk, mute while the agent speaks) and text mode during a voice session.
 */
export function useRoomAudio({
  session,
  sessionVoice,
  preferences,
  onPreferencesChange,
  mountedRef,
}: UseRoomAudioOptions) {
  const [mode, setMode] = useState<Mode>('listening');
  const [textOnlyReason, setTextOnlyReason] = useState<TextOnlyReason>(null);
  const [audioChunks, setAudioChunks] = useState(0);
  const [talkHeld, setTalkHeld] = useState(false);
  const [micFailed, setMicFailed] = useState(false);

  // The microphone: off by the one voice control (or an older stored hold-to-talk choice),
  // except while that control is held down.
  const micMuted = (preferences.muted || preferences.holdToTalk) && !talkHeld;
  useEffect(() => {
    session?.setMicMuted(micMuted);
  }, [session, micMuted]);
  useEffect(() => {
    session?.setMuteMicWhileAgentSpeaks(preferences.muteWhileAgentSpeaks);
  }, [session, preferences.muteWhileAgentSpeaks]);

  // Text mode during a voice session: the microphone's tracks are stopped (its indicator goes
  // off) and agent audio is not played; back to voice opens the microphone again.
  const textMode = preferences.textMode;
  useEffect(() => {
    if (!session || !sessionVoice) return;
    session.setOutputEnabled(!textMode);
    setMode('listening');
    setTalkHeld(false);
    session.setInputEnabled(!textMode).then(
      () => {
        if (!textMode && mountedRef.current) setMicFailed(false);
      },
      (error: unknown) => {
        console.warn('The microphone could not be opened again', error);
        if (!mountedRef.current) return;
        session.setOutputEnabled(false);
        setMicFailed(true);
        onPreferencesChange?.({ textMode: true });
      },
    );
  }, [session, sessionVoice, textMode, onPreferencesChange, mountedRef]);

  return {
    mode,
    setMode,
    textOnlyReason,
    setTextOnlyReason,
    audioChunks,
    setAudioChunks,
    talkHeld,
    setTalkHeld,
    micFailed,
    setMicFailed,
    micMuted,
    textMode,
  };
}

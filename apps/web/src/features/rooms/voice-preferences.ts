import { useCallback, useState } from 'react';

/** The noisy-site controls of a room, remembered per room on this device. */
export interface VoicePreferences {
  /** The microphone is off. */
  muted: boolean;
  /** The microphone is off unless the Hold to talk button is held. */
  holdToTalk: boolean;
  /** The microphone is off while the agent speaks (no headset on a loud site). */
  muteWhileAgentSpeaks: boolean;
  /**
   * Typing instead of talking: no microphone and no agent audio; answers arrive as text.
   * (Added later: a stored choice without it reads as false, i.e. voice.)
   */
  textMode: boolean;
}

export const defaultVoicePreferences: VoicePreferences = {
  muted: false,
  holdToTalk: false,
  muteWhileAgentSpeaks: false,
  textMode: false,
};

export const voicePreferencesKey = (roomId: number) => `room_voice_preferences_${roomId}`;

export function readVoicePreferences(roomId: number): VoicePreferences {
  try {
    const raw = localStorage.getItem(voicePreferencesKey(roomId));
    const stored = raw ? (JSON.parse(raw) as Partial<Record<keyof VoicePreferences, unknown>>) : {};
    return {
      muted: stored.muted === true,
      holdToTalk: stored.holdToTalk === true,
      muteWhileAgentSpeaks: stored.muteWhileAgentSpeaks === true,
      textMode: stored.textMode === true,
    };
  } catch {
    return defaultVoicePreferences;
  }
}

function writeVoicePreferences(roomId: number, preferences: VoicePreferences): void {
  try {
    localStorage.setItem(voicePreferencesKey(roomId), JSON.stringify(preferences));
  } catch {
    // Private mode or a full quota: the choice holds for this visit only.
  }
}

/** The room's preferences and a setter that also stores them. */
export function useVoicePreferences(roomId: number) {
  const [state, setState] = useState(() => ({ roomId, preferences: readVoicePreferences(roomId) }));
  // Another room (same page component): read its own choices.
  const current =
    state.roomId === roomId ? state : { roomId, preferences: readVoicePreferences(roomId) };
  if (current !== state) setState(current);
  const update = useCallback(
    (change: Partial<VoicePreferences>) =>
      setState((s) => {
        const preferences = { ...s.preferences, ...change };
        writeVoicePreferences(s.roomId, preferences);
        return { roomId: s.roomId, preferences };
      }),
    [],
  );
  return [current.preferences, update] as const;
}

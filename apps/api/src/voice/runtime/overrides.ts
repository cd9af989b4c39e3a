import {
  type ConversationInitiationClientData,
  stripControlCharacters,
} from '@fieldcraft/contracts';
import { type AudioFormat, parseAudioFormat } from '../speech/audio-format';
import type { VoiceIdentity } from './auth';
import { VoiceRefusal } from './auth';
import { fillVariables } from './text';
import type { RoomForVoice } from './voice-access.repository';

// What the client's initiation frame may change about a conversation (voice-protocol.md §4),
// within what the room's agent allows.

/** How one conversation speaks, fixed when it opens. */
export interface SessionSettings {
  textOnly: boolean;
  systemPrompt: string;
  language: string;
  voice: string | null;
  /** null until the conversation's agent is known. */
  outputFormat: AudioFormat | null;
}

export const DEFAULT_SETTINGS: SessionSettings = {
  textOnly: false,
  systemPrompt: '',
  language: 'en',
  voice: null,
  outputFormat: null,
};

/** The agent's settings with the client's overrides; refuses (1008) an override not allowed. */
export function settingsFor(
  init: ConversationInitiationClientData | null,
  room: RoomForVoice,
): SessionSettings {
  const o = init?.conversation_config_override ?? {};
  const agent = room.agent;
  const requested: [string, unknown][] = [
    ['first_message', o.agent?.first_message],
    ['prompt', o.agent?.prompt?.prompt],
    ['language', o.agent?.language],
    ['voice', o.tts?.voice_id],
  ];
  for (const [path, value] of requested) {
    if (value === undefined || value === null) continue;
    if (!agent.allowedOverrides.includes(path)) {
      throw new VoiceRefusal(`Override not allowed for this agent: ${path}`);
    }
  }
  return {
    textOnly: o.conversation?.text_only === true,
    systemPrompt: o.agent?.prompt?.prompt ?? agent.systemPrompt,
    language: o.agent?.language ?? agent.language,
    voice: o.tts?.voice_id ?? agent.voice,
    outputFormat: parseAudioFormat(agent.outputFormat),
  };
}

/** The agent's first message with the client's variables filled in; '' for none. */
export function firstMessageFor(
  init: ConversationInitiationClientData | null,
  room: RoomForVoice,
  identity: VoiceIdentity,
): string {
  return stripControlCharacters(
    fillVariables(
      (room.agent.allowedOverrides.includes('first_message')
        ? init?.conversation_config_override?.agent?.first_message
        : undefined) ?? room.agent.firstMessage,
      {
        ...(init?.dynamic_variables ?? {}),
        // The server's own record wins; the client's value only fills a missing first name.
        user_name: identity.user.firstName ?? init?.dynamic_variables?.user_name ?? '',
      },
    ),
  ).trim();
}

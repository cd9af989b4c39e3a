import { describe, expect, it } from 'vitest';
import * as voiceClient from './index';

describe('the public entry point', () => {
  it('imports in Node without touching browser globals', () => {
    expect(typeof globalThis.AudioContext).toBe('undefined');
    expect(voiceClient.Conversation.startSession).toBeTypeOf('function');
    expect(new voiceClient.VoiceClientError('AUDIO_FAILED', 'x')).toBeInstanceOf(Error);
    expect(voiceClient.DUPLICATE_WINDOW_MS).toBe(1000);
    expect(voiceClient.USER_ACTIVITY_INTERVAL_MS).toBe(5000);
  });
});

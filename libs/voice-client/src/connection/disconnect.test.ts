import { describe, expect, it } from 'vitest';
import { describeClose } from './disconnect';
import { buildSocketUrl, socketProtocols } from './socket-url';

describe('describeClose', () => {
  it('maps close codes to reasons with the spec texts', () => {
    expect(describeClose(1000, '')).toEqual({
      reason: 'agent',
      code: 1000,
      message: 'The agent ended the conversation.',
    });
    expect(describeClose(1002, 'LLM timeout')).toEqual({
      reason: 'error',
      code: 1002,
      message: 'LLM timeout',
    });
    expect(describeClose(1008, '')).toEqual({
      reason: 'error',
      code: 1008,
      message: 'The connection was closed by the server.',
    });
    expect(describeClose(1006, '', { socketError: true })).toEqual({
      reason: 'error',
      code: 1006,
      message: 'The connection was closed due to a socket error.',
    });
    expect(describeClose(1000, 'x', { userInitiated: true })).toMatchObject({ reason: 'user' });
  });
});

describe('socket URL and subprotocols', () => {
  it('builds the agent URL on the default or a given origin', () => {
    expect(buildSocketUrl({ agentId: 'field advisor' })).toBe(
      'wss://api.elevenlabs.io/v1/convai/conversation?agent_id=field%20advisor&source=js_sdk&version=0.1.0',
    );
    expect(buildSocketUrl({ agentId: 'a', origin: 'ws://127.0.0.1:3800/' })).toMatch(
      /^ws:\/\/127\.0\.0\.1:3800\/v1\/convai/,
    );
  });

  it('appends to a signed URL with & or ?', () => {
    expect(buildSocketUrl({ signedUrl: 'wss://h/p?token=t' })).toBe(
      'wss://h/p?token=t&source=js_sdk&version=0.1.0',
    );
    expect(buildSocketUrl({ signedUrl: 'wss://h/p' })).toBe(
      'wss://h/p?source=js_sdk&version=0.1.0',
    );
  });

  it('offers convai and, with a token, the bearer entry', () => {
    expect(socketProtocols()).toEqual(['convai']);
    expect(socketProtocols('tok')).toEqual(['convai', 'bearer.tok']);
  });
});

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { fakePlatform, flush } from '../../test-support/fakes';
import {
  type VoiceTestServer,
  startVoiceTestServer,
} from '../../test-support/voice-test-server.mjs';
import type { WebSocketLike } from '../platform';
import { Conversation } from '../session/conversation';
import type { SessionOptions } from '../session/options';
import { WebSocketConnection } from './websocket-connection';

// Against a real websocket server (the `ws` package) on 127.0.0.1:38xx.
let server: VoiceTestServer;
beforeAll(async () => {
  server = await startVoiceTestServer();
});
afterAll(() => server.close());

const realSocket = {
  createWebSocket: (url: string, p: string[]) => new WebSocket(url, p) as unknown as WebSocketLike,
};
const until = (check: () => boolean, timeout = 3000) =>
  vi.waitFor(() => expect(check()).toBe(true), { timeout, interval: 10 });

function session(agentId: string, extra: Partial<SessionOptions> = {}, audio = false) {
  const events: Array<[string, unknown]> = [];
  const fake = fakePlatform();
  const promise = Conversation.startSession(
    {
      agentId,
      origin: server.origin,
      textOnly: !audio,
      useWakeLock: false,
      onMessage: (m) => events.push(['message', m]),
      onDisconnect: (d) => events.push(['disconnect', d]),
      onModeChange: (m) => events.push(['mode', m.mode]),
      onError: (e) => events.push(['error', e]),
      ...extra,
    },
    { ...fake.platform, ...realSocket },
  );
  return { promise, events, fake };
}

describe('WebSocketConnection against a real server', () => {
  it('negotiates convai, never echoes the bearer entry, and resolves on metadata', async () => {
    const connection = await WebSocketConnection.create({
      target: { agentId: 'chat', origin: server.origin },
      authorization: 'secret-token',
      initiation: { type: 'conversation_initiation_client_data' },
      platform: realSocket,
    });
    const conn = server.connections.at(-1)!;
    expect(conn.offered).toBe('convai,bearer.secret-token');
    expect(conn.protocol).toBe('convai');
    expect(conn.url).toContain('agent_id=chat&source=js_sdk&version=');
    expect(conn.received[0]).toEqual({ type: 'conversation_initiation_client_data' });
    expect(connection.conversationId).toMatch(/^conv_/);
    expect(connection.outputFormat).toEqual({ format: 'pcm', sampleRate: 16000 });
    connection.close();
    await until(() => conn.closed !== null);
    expect(conn.closed).toEqual({ code: 1000, reason: 'User ended conversation' });
  });

  it('rejects with the close code and reason when closed before the metadata', async () => {
    await expect(
      WebSocketConnection.create({
        target: { agentId: 'reject', origin: server.origin },
        initiation: { type: 'conversation_initiation_client_data' },
        platform: realSocket,
      }),
    ).rejects.toMatchObject({
      name: 'VoiceClientError',
      closeCode: 1008,
      message: 'Override not allowed',
    });
  });

  it('rejects with the socket error text when nothing listens', async () => {
    await expect(
      WebSocketConnection.create({
        target: { agentId: 'x', origin: 'ws://127.0.0.1:1' },
        initiation: { type: 'conversation_initiation_client_data' },
        platform: realSocket,
      }),
    ).rejects.toThrow('The connection was closed due to a socket error.');
  });
});

describe('Conversation against a real server', () => {
  it('keeps frames sent in the same tick as the metadata and answers ping with pong', async () => {
    const { promise, events } = session('first-message');
    const conversation = await promise;
    await until(() => events.some(([n]) => n === 'message'));
    expect(events).toContainEqual(['message', { source: 'ai', message: 'Morning!', eventId: 1 }]);
    await until(() => server.connections.at(-1)!.received.some((m) => m['type'] === 'pong'));
    expect(server.connections.at(-1)!.received).toContainEqual({ type: 'pong', event_id: 2 });
    expect(conversation.getPingMs()).toBe(5);
    await conversation.endSession();
  });

  it('sends a text turn and receives the agent response', async () => {
    const { promise, events } = session('chat');
    const conversation = await promise;
    expect(conversation.sendUserMessage('How deep is the footing?')).toBe(true);
    expect(conversation.sendUserMessage('How deep is the footing?')).toBe(false);
    await until(() => events.some(([n]) => n === 'message'));
    expect(events).toContainEqual([
      'message',
      expect.objectContaining({ source: 'ai', message: 'You said: How deep is the footing?' }),
    ]);
    await conversation.endSession();
    const conn = server.connections.at(-1)!;
    await until(() => conn.closed !== null);
    expect(conn.received.filter((m) => m['type'] === 'user_message')).toHaveLength(1);
    expect(conn.received[0]).toMatchObject({
      conversation_config_override: { conversation: { text_only: true } },
    });
  });

  it('answers client tool calls, including a missing tool', async () => {
    const { promise } = session('tool', {
      clientTools: { open_module: (p) => ({ opened: p['id'] }) },
    });
    const conversation = await promise;
    const conn = server.connections.at(-1)!;
    await until(() => conn.received.filter((m) => m['type'] === 'client_tool_result').length === 2);
    const results = conn.received.filter((m) => m['type'] === 'client_tool_result');
    expect(results).toHaveLength(2);
    expect(results).toEqual(
      expect.arrayContaining([
        {
          type: 'client_tool_result',
          tool_call_id: 'call_1',
          result: '{"opened":3}',
          is_error: false,
        },
        {
          type: 'client_tool_result',
          tool_call_id: 'call_2',
          result: 'Client tool with name nope is not defined on client',
          is_error: true,
        },
      ]),
    );
    await conversation.endSession();
  });

  it.each([
    ['agent-close', { reason: 'agent', code: 1000, message: 'The agent ended the conversation.' }],
    ['error-close', { reason: 'error', code: 1002, message: 'LLM timed out' }],
  ])('reports the %s close and tears everything down', async (scenario, expected) => {
    const { promise, events, fake } = session(scenario, {}, true);
    await promise;
    await until(() => events.some(([n]) => n === 'disconnect'));
    expect(events).toContainEqual(['disconnect', expected]);
    expect(fake.everythingStopped()).toBe(true);
  });

  it('reports a dropped connection (1006) as an error with a readable message', async () => {
    const { promise, events, fake } = session('drop', {}, true);
    await promise;
    await until(() => events.some(([n]) => n === 'disconnect'));
    const [, details] = events.find(([n]) => n === 'disconnect')!;
    expect(details).toMatchObject({ reason: 'error', code: 1006 });
    expect([
      'The connection was closed due to a socket error.',
      'The connection was closed by the server.',
    ]).toContain((details as { message: string }).message);
    expect(fake.everythingStopped()).toBe(true);
  });

  it('reconnects a dropped socket when enabled', async () => {
    const connects: string[] = [];
    const { promise, events } = session('drop', {
      reconnect: { maxAttempts: 1, delayMs: 10 },
      onConnect: ({ conversationId }) => connects.push(conversationId),
    });
    const conversation = await promise;
    await until(() => connects.length === 2);
    expect(conversation.getStatus()).toBe('connected');
    await conversation.endSession();
    // The second socket is dropped too; only one disconnect is reported, by the user's end or the drop.
    await flush();
    expect(events.filter(([n]) => n === 'disconnect')).toHaveLength(1);
  });

  it('drops audio older than an interruption and goes back to listening', async () => {
    const { promise, events, fake } = session('interrupt', {}, true);
    const conversation = await promise;
    await until(() => events.some(([n, m]) => n === 'mode' && m === 'listening'));
    const playback = fake.nodes[1]!;
    await until(() => playback.posted.some((m) => m['type'] === 'buffer'));
    await flush(20);
    const buffers = playback.posted.filter((m) => m['type'] === 'buffer').length;
    expect(buffers).toBe(30); // 3 s in 100 ms chunks; the stale chunk after the interruption is dropped
    await conversation.endSession();
    expect(fake.everythingStopped()).toBe(true);
  });
});

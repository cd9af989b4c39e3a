// Over 300 lines: the public Conversation class's behaviours, one case each, over one fake platform
// and clock; one case per behaviour.
import { describe, expect, it, vi } from 'vitest';
import { ManualClock, fakePlatform, flush, metadata } from '../../test-support/fakes';
import { bytesToBase64, floatToPcm16 } from '@fieldcraft/audio';
import { VoiceClientError } from '../voice-client-error';
import { Conversation } from './conversation';
import type { SessionOptions } from './options';

type Fake = ReturnType<typeof fakePlatform>;

// Starts a session against the fakes, playing the server's handshake.
async function start(
  options: Partial<SessionOptions> = {},
  fake: Fake = fakePlatform(),
  clock = new ManualClock(),
) {
  const events: Array<[string, unknown]> = [];
  const record = (name: string) => (v: unknown) => events.push([name, v]);
  const promise = Conversation.startSession(
    {
      agentId: 'field-advisor',
      origin: 'ws://127.0.0.1:3800',
      onConnect: record('connect'),
      onDisconnect: record('disconnect'),
      onStatusChange: (s) => events.push(['status', s.status]),
      onModeChange: (m) => events.push(['mode', m.mode]),
      onMessage: record('message'),
      onError: record('error'),
      onDebug: record('debug'),
      onAudio: record('audio'),
      onVadScore: record('vad'),
      ...options,
    },
    { ...fake.platform, ...clock.platform },
  );
  await flush();
  const socket = fake.sockets[0];
  if (socket) {
    socket.open();
    socket.receive(metadata());
  }
  const conversation = await promise;
  return { conversation, socket: socket!, events, fake, clock };
}

const statuses = (events: Array<[string, unknown]>) =>
  events.filter(([n]) => n === 'status').map(([, s]) => s);

describe('Conversation start sequence', () => {
  it('opens the mic, connects, builds capture and playback, then reports connected', async () => {
    const { conversation, socket, events, fake } = await start({
      overrides: {
        agent: { firstMessage: 'Hi', prompt: { prompt: 'Be brief' } },
        tts: { voiceId: 'v1' },
      },
      dynamicVariables: { user_name: 'Sam' },
      customLlmExtraBody: { temperature: 0.3 },
      authorization: 'tok',
    });
    expect(socket.url).toBe(
      'ws://127.0.0.1:3800/v1/convai/conversation?agent_id=field-advisor&source=js_sdk&version=0.1.0',
    );
    expect(socket.protocols).toEqual(['convai', 'bearer.tok']);
    expect(socket.sent[0]).toEqual({
      type: 'conversation_initiation_client_data',
      conversation_config_override: {
        agent: { prompt: { prompt: 'Be brief' }, first_message: 'Hi' },
        tts: { voice_id: 'v1' },
      },
      custom_llm_extra_body: { temperature: 0.3 },
      dynamic_variables: { user_name: 'Sam' },
      source_info: { source: 'js_sdk', version: '0.1.0' },
    });
    expect(statuses(events)).toEqual(['connecting', 'connected']);
    expect(events).toContainEqual(['connect', { conversationId: 'conv_1' }]);
    expect(conversation.getId()).toBe('conv_1');
    expect(fake.tracks).toHaveLength(1);
    expect(fake.contexts.map((c) => c.sampleRate)).toEqual([16000, 16000]);
    expect(fake.nodes.map((n) => n.name)).toEqual(['fieldcraft-capture', 'fieldcraft-playback']);
    expect(fake.nodes[0]?.posted[0]).toEqual({
      type: 'config',
      sampleRate: 16000,
      chunkSamples: 4000,
    });
    expect(fake.wakeLocks).toHaveLength(1);
    await conversation.endSession();
  });

  it('waits 3000 ms on Android before opening the socket', async () => {
    const fake = fakePlatform({ userAgent: 'Mozilla/5.0 (Linux; Android 14)' });
    const clock = new ManualClock();
    const promise = Conversation.startSession(
      { agentId: 'a' },
      { ...fake.platform, ...clock.platform },
    );
    await flush();
    expect(fake.sockets).toHaveLength(0);
    clock.advance(2999);
    await flush();
    expect(fake.sockets).toHaveLength(0);
    clock.advance(1);
    await flush();
    expect(fake.sockets).toHaveLength(1);
    fake.sockets[0]?.open();
    fake.sockets[0]?.receive(metadata());
    await (await promise).endSession();
  });

  it('runs text-only sessions without microphone or audio', async () => {
    const { conversation, socket, fake } = await start({ textOnly: true });
    expect(fake.tracks).toHaveLength(0);
    expect(fake.contexts).toHaveLength(0);
    expect(socket.sent[0]).toMatchObject({
      conversation_config_override: { conversation: { text_only: true } },
    });
    await conversation.endSession();
  });

  it('rejects bad options before touching anything', async () => {
    const fake = fakePlatform();
    await expect(Conversation.startSession({}, fake.platform)).rejects.toThrow(
      'Give exactly one of agentId or signedUrl.',
    );
    await expect(
      Conversation.startSession({ agentId: 'a', inputFormat: 'mp3_1' }, fake.platform),
    ).rejects.toThrow('Invalid format: mp3_1');
    expect(fake.tracks).toHaveLength(0);
  });
});

describe('Conversation messages', () => {
  it('answers ping with pong and exposes ping_ms', async () => {
    const { conversation, socket } = await start();
    socket.receive({ type: 'ping', ping_event: { event_id: 12, ping_ms: 38 } });
    expect(socket.typed('pong')).toEqual([{ type: 'pong', event_id: 12 }]);
    expect(conversation.getPingMs()).toBe(38);
    await conversation.endSession();
  });

  it('reports malformed and unknown frames through onDebug and keeps going', async () => {
    const { conversation, socket, events } = await start();
    socket.receive('{oops');
    socket.receive({ type: 'mcp_tool_call' });
    socket.receive({
      type: 'agent_response',
      agent_response_event: { agent_response: 'Still here', event_id: 1 },
    });
    expect(
      events.filter(([n]) => n === 'debug').map(([, d]) => (d as { reason?: string }).reason),
    ).toEqual(expect.arrayContaining(['malformed', 'unknown']));
    expect(events).toContainEqual(['message', { source: 'ai', message: 'Still here', eventId: 1 }]);
    await conversation.endSession();
  });

  it('passes the attachments of an agent response through, dropping malformed entries', async () => {
    const { conversation, socket, events } = await start({ textOnly: true });
    const citation = {
      url: '/uploads/ppe.pdf#page=3',
      name: 'PPE Guide',
      mime_type: 'application/pdf',
      content_id: 4,
      content_type: 'PDF',
      page: 3,
    };
    socket.receive({
      type: 'agent_response',
      agent_response_event: {
        agent_response: 'Wear a P100 mask (PPE Guide, page 3).',
        event_id: 2,
        attachments: [citation, { url: 5 }, 'x', null],
      },
    });
    socket.receive({
      type: 'agent_response',
      agent_response_event: { agent_response: 'No sources.', event_id: 3, attachments: [{}] },
    });
    const messages = events.filter(([n]) => n === 'message').map(([, m]) => m);
    expect(messages).toStrictEqual([
      {
        source: 'ai',
        message: 'Wear a P100 mask (PPE Guide, page 3).',
        eventId: 2,
        attachments: [citation],
      },
      { source: 'ai', message: 'No sources.', eventId: 3 },
    ]);
    await conversation.endSession();
  });

  it('plays agent audio, switches modes, and drops audio older than an interruption', async () => {
    const { conversation, socket, events, fake } = await start();
    const playback = fake.nodes[1]!;
    const chunk = bytesToBase64(floatToPcm16(new Float32Array([0.5, -0.5])));
    socket.receive({
      type: 'user_transcript',
      user_transcription_event: { user_transcript: 'mask?', event_id: 6 },
    });
    socket.receive({
      type: 'agent_response',
      agent_response_event: { agent_response: 'P100', event_id: 7 },
    });
    socket.receive({ type: 'audio', audio_event: { audio_base_64: chunk, event_id: 7 } });
    expect(events).toContainEqual(['message', { source: 'user', message: 'mask?', eventId: 6 }]);
    expect(events).toContainEqual(['audio', chunk]);
    expect(conversation.getMode()).toBe('speaking');
    const buffered = playback.posted.filter((m) => m['type'] === 'buffer');
    expect(buffered).toHaveLength(1);
    socket.receive({ type: 'interruption', interruption_event: { event_id: 8 } });
    expect(conversation.getMode()).toBe('listening');
    socket.receive({ type: 'audio', audio_event: { audio_base_64: chunk, event_id: 7 } });
    expect(playback.posted.filter((m) => m['type'] === 'buffer')).toHaveLength(1);
    socket.receive({ type: 'audio', audio_event: { audio_base_64: chunk, event_id: 9 } });
    // A new turn during the fade drops the old queue at once.
    expect(playback.posted.slice(-2).map((m) => m['type'])).toEqual(['clear', 'buffer']);
    playback.emit({ type: 'drained' });
    expect(conversation.getMode()).toBe('listening');
    expect(events.filter(([n]) => n === 'mode').map(([, m]) => m)).toEqual([
      'speaking',
      'listening',
      'speaking',
      'listening',
    ]);
    await conversation.endSession();
  });

  it('stays listening while an interrupted turn fades out, whatever its audio does', async () => {
    const { conversation, socket, events, fake, clock } = await start();
    const playback = fake.nodes[1]!;
    const chunk = bytesToBase64(floatToPcm16(new Float32Array([0.5, -0.5])));
    socket.receive({ type: 'audio', audio_event: { audio_base_64: chunk, event_id: 4 } });
    playback.emit({ type: 'playing' });
    socket.receive({ type: 'interruption', interruption_event: { event_id: 5 } });
    // The old turn's queued audio stalls and plays on under the fade (a busy page).
    playback.emit({ type: 'drained' });
    playback.emit({ type: 'playing' });
    expect(conversation.getMode()).toBe('listening');
    clock.advance(2000);
    playback.emit({ type: 'drained' });
    // A new turn after the fade is the agent speaking again.
    socket.receive({ type: 'audio', audio_event: { audio_base_64: chunk, event_id: 6 } });
    playback.emit({ type: 'playing' });
    expect(events.filter(([n]) => n === 'mode').map(([, m]) => m)).toEqual([
      'speaking',
      'listening',
      'speaking',
    ]);
    await conversation.endSession();
  });

  it('restores volume and clears the queue 2 s after an interruption', async () => {
    const { conversation, socket, fake, clock } = await start();
    const playback = fake.nodes[1]!;
    socket.receive({ type: 'interruption', interruption_event: { event_id: 3 } });
    clock.advance(1999);
    expect(playback.posted.some((m) => m['type'] === 'clear')).toBe(false);
    clock.advance(1);
    expect(playback.posted.at(-1)).toEqual({ type: 'clear' });
    await conversation.endSession();
  });

  it('encodes microphone chunks in the input format', async () => {
    const fake = fakePlatform();
    const socket = (await start({}, fake)).socket;
    const capture = fake.nodes[0]!;
    capture.emit({ type: 'chunk', samples: new Float32Array([0.5, -0.5]) });
    expect(socket.sent.at(-1)).toEqual({
      user_audio_chunk: bytesToBase64(floatToPcm16(new Float32Array([0.5, -0.5]))),
    });
  });

  it('uses µ-law when the server asks for it', async () => {
    const fake = fakePlatform();
    const promise = Conversation.startSession({ agentId: 'a' }, fake.platform);
    await flush();
    fake.sockets[0]!.open();
    fake.sockets[0]!.receive(metadata('c', 'ulaw_8000', 'ulaw_8000'));
    const conversation = await promise;
    fake.nodes[0]!.emit({ type: 'chunk', samples: new Float32Array(3) });
    expect(fake.sockets[0]!.sent.at(-1)).toEqual({ user_audio_chunk: '////' });
    expect(fake.contexts.map((c) => c.sampleRate)).toEqual([8000, 8000]);
    await conversation.endSession();
  });

  it('mutes the microphone on request and, if asked, while the agent speaks', async () => {
    const { conversation, socket, fake } = await start({ muteMicWhileAgentSpeaks: true });
    const capture = fake.nodes[0]!;
    conversation.setMicMuted(true);
    expect(capture.posted.at(-1)).toEqual({ type: 'mute', muted: true });
    conversation.setMicMuted(false);
    expect(capture.posted.at(-1)).toEqual({ type: 'mute', muted: false });
    socket.receive({ type: 'audio', audio_event: { audio_base_64: 'AAAA', event_id: 1 } });
    expect(capture.posted.at(-1)).toEqual({ type: 'mute', muted: true });
    fake.nodes[1]!.emit({ type: 'drained' });
    expect(capture.posted.at(-1)).toEqual({ type: 'mute', muted: false });
    await conversation.endSession();
  });

  it('turns mute-while-the-agent-speaks on and off during a session', async () => {
    const { conversation, socket, fake } = await start();
    const capture = fake.nodes[0]!;
    socket.receive({ type: 'audio', audio_event: { audio_base_64: 'AAAA', event_id: 1 } });
    expect(capture.posted.filter((m) => m['type'] === 'mute').at(-1)).not.toEqual({
      type: 'mute',
      muted: true,
    });
    conversation.setMuteMicWhileAgentSpeaks(true);
    expect(capture.posted.at(-1)).toEqual({ type: 'mute', muted: true });
    conversation.setMuteMicWhileAgentSpeaks(false);
    expect(capture.posted.at(-1)).toEqual({ type: 'mute', muted: false });
    await conversation.endSession();
  });

  it('switches to typing and back mid-session: the microphone tracks stop, agent audio is dropped', async () => {
    const { conversation, socket, events, fake } = await start({ muteMicWhileAgentSpeaks: true });
    const chunk = bytesToBase64(floatToPcm16(new Float32Array([0.25])));
    expect(conversation.isInputEnabled()).toBe(true);
    expect(conversation.isOutputEnabled()).toBe(true);
    conversation.setMicMuted(true);

    await conversation.setInputEnabled(false);
    conversation.setOutputEnabled(false);
    expect(fake.tracks.map((t) => t.readyState)).toEqual(['ended']);
    expect(fake.contexts[0]?.state).toBe('closed');
    expect(conversation.isInputEnabled()).toBe(false);
    expect(conversation.isOutputEnabled()).toBe(false);
    // Chunks the old capture might still post are not sent; agent audio is not played.
    const sentBefore = socket.sent.length;
    fake.nodes[0]!.emit({ type: 'chunk', samples: new Float32Array(2) });
    socket.receive({ type: 'audio', audio_event: { audio_base_64: chunk, event_id: 3 } });
    socket.receive({
      type: 'agent_response',
      agent_response_event: { agent_response: 'Typed answer', event_id: 3 },
    });
    expect(socket.sent.length).toBe(sentBefore);
    expect(fake.nodes[1]!.posted.filter((m) => m['type'] === 'buffer')).toHaveLength(0);
    expect(events.filter(([n]) => n === 'audio')).toHaveLength(0);
    expect(conversation.getMode()).toBe('listening');
    expect(events).toContainEqual([
      'message',
      { source: 'ai', message: 'Typed answer', eventId: 3 },
    ]);
    // Typing still works over the same socket.
    expect(conversation.sendUserMessage('And gloves?')).toBe(true);

    // Back to voice: a new microphone at the session's format, the mute choice kept.
    await conversation.setInputEnabled(true);
    conversation.setOutputEnabled(true);
    expect(fake.tracks.map((t) => t.readyState)).toEqual(['ended', 'live']);
    const capture = fake.nodes[2]!;
    expect(capture.name).toBe('fieldcraft-capture');
    expect(capture.posted.at(-1)).toEqual({ type: 'mute', muted: true });
    conversation.setMicMuted(false);
    capture.emit({ type: 'chunk', samples: new Float32Array([0.5]) });
    expect(socket.sent.at(-1)).toEqual({
      user_audio_chunk: bytesToBase64(floatToPcm16(new Float32Array([0.5]))),
    });
    socket.receive({ type: 'audio', audio_event: { audio_base_64: chunk, event_id: 4 } });
    expect(events.filter(([n]) => n === 'audio')).toHaveLength(1);
    expect(conversation.getMode()).toBe('speaking');
    await conversation.endSession();
    expect(fake.everythingStopped()).toBe(true);
  });

  it('refuses to open a microphone in a text-only session; a denied microphone stays off', async () => {
    const text = await start({ textOnly: true });
    await expect(text.conversation.setInputEnabled(true)).rejects.toMatchObject({
      code: 'NOT_SUPPORTED',
    });
    await text.conversation.setInputEnabled(false); // nothing to close: fine
    expect(text.fake.tracks).toHaveLength(0);
    await text.conversation.endSession();

    // The second request for the microphone is refused (permission withdrawn meanwhile).
    const fake = fakePlatform();
    const open = fake.platform.getUserMedia!;
    let requests = 0;
    fake.platform.getUserMedia = (c) => {
      requests += 1;
      return requests > 1 ? Promise.reject(new Error('NotAllowedError')) : open(c);
    };
    const { conversation } = await start({}, fake);
    await conversation.setInputEnabled(false);
    await expect(conversation.setInputEnabled(true)).rejects.toMatchObject({
      code: 'MICROPHONE_FAILED',
    });
    expect(conversation.isInputEnabled()).toBe(false);
    expect(conversation.isOpen()).toBe(true);
    expect(fake.tracks.map((t) => t.readyState)).toEqual(['ended']);
    await conversation.endSession();
  });

  it('runs client tools and answers unknown ones with the spec error', async () => {
    const { conversation, socket, events } = await start({
      clientTools: {
        open_module: async (p) => ({ opened: p['id'] }),
        silent: () => undefined,
        broken: () => {
          throw new Error('nope');
        },
      },
    });
    const call = (tool_name: string, id: string) =>
      socket.receive({
        type: 'client_tool_call',
        client_tool_call: { tool_name, tool_call_id: id, parameters: { id: 3 } },
      });
    call('open_module', 'c1');
    call('silent', 'c2');
    call('broken', 'c3');
    call('missing', 'c4');
    call('toString', 'c5');
    await flush();
    const results = socket.typed('client_tool_result');
    expect(results).toEqual(
      expect.arrayContaining([
        { type: 'client_tool_result', tool_call_id: 'c1', result: '{"opened":3}', is_error: false },
        {
          type: 'client_tool_result',
          tool_call_id: 'c2',
          result: 'Client tool execution successful.',
          is_error: false,
        },
        {
          type: 'client_tool_result',
          tool_call_id: 'c3',
          result: 'Client tool execution failed with following error: nope',
          is_error: true,
        },
        {
          type: 'client_tool_result',
          tool_call_id: 'c4',
          result: 'Client tool with name missing is not defined on client',
          is_error: true,
        },
        {
          type: 'client_tool_result',
          tool_call_id: 'c5',
          result: 'Client tool with name toString is not defined on client',
          is_error: true,
        },
      ]),
    );
    expect(events).toContainEqual([
      'error',
      'Client tool with name missing is not defined on client',
    ]);
    await conversation.endSession();
  });

  it('hands unknown tools to onUnhandledClientToolCall when given', async () => {
    const onUnhandledClientToolCall = vi.fn();
    const { conversation, socket } = await start({ onUnhandledClientToolCall });
    socket.receive({
      type: 'client_tool_call',
      client_tool_call: { tool_name: 'x', tool_call_id: 'c9', parameters: {} },
    });
    expect(onUnhandledClientToolCall).toHaveBeenCalledWith({
      toolName: 'x',
      toolCallId: 'c9',
      parameters: {},
      eventId: undefined,
    });
    expect(socket.typed('client_tool_result')).toHaveLength(0);
    conversation.sendClientToolResult('c9', 'done');
    expect(socket.typed('client_tool_result')).toEqual([
      { type: 'client_tool_result', tool_call_id: 'c9', result: 'done', is_error: false },
    ]);
    await conversation.endSession();
  });

  it('sends feedback once per agent response', async () => {
    const onCanSendFeedbackChange = vi.fn();
    const { conversation, socket } = await start({ onCanSendFeedbackChange });
    expect(conversation.sendFeedback(true)).toBe(false);
    socket.receive({
      type: 'agent_response',
      agent_response_event: { agent_response: 'a', event_id: 7 },
    });
    expect(conversation.canSendFeedback()).toBe(true);
    expect(conversation.sendFeedback(true)).toBe(true);
    expect(conversation.sendFeedback(false)).toBe(false);
    socket.receive({ type: 'audio', audio_event: { audio_base_64: 'AAAA', event_id: 9 } });
    expect(conversation.sendFeedback(false)).toBe(true);
    expect(socket.typed('feedback')).toEqual([
      { type: 'feedback', score: 'like', event_id: 7 },
      { type: 'feedback', score: 'dislike', event_id: 9 },
    ]);
    expect(onCanSendFeedbackChange.mock.calls.map(([p]) => p.canSendFeedback)).toEqual([
      true,
      false,
      true,
      false,
    ]);
    await conversation.endSession();
  });

  it('drops the same text within 1000 ms and sends activity every 5000 ms while typing', async () => {
    const { conversation, socket, clock } = await start({ textOnly: true });
    expect(conversation.sendUserMessage('How deep?')).toBe(true);
    expect(conversation.sendUserMessage(' How deep? ')).toBe(false);
    clock.advance(999);
    expect(conversation.sendUserMessage('How deep?')).toBe(false);
    clock.advance(1);
    expect(conversation.sendUserMessage('How deep?')).toBe(true);
    expect(conversation.sendUserMessage('   ')).toBe(false);
    expect(socket.typed('user_message')).toHaveLength(2);

    conversation.setDraft('H');
    conversation.setDraft('He');
    expect(socket.typed('user_activity')).toHaveLength(2);
    clock.advance(5000);
    expect(socket.typed('user_activity')).toHaveLength(3);
    clock.advance(10000);
    expect(socket.typed('user_activity')).toHaveLength(5);
    conversation.setDraft('');
    clock.advance(20000);
    expect(socket.typed('user_activity')).toHaveLength(5);
    conversation.sendContextualUpdate('Opened module 3', 'nav');
    expect(socket.typed('contextual_update')).toEqual([
      { type: 'contextual_update', text: 'Opened module 3', context_id: 'nav' },
    ]);
    await conversation.endSession();
    expect(clock.pending).toBe(0);
  });

  it('reports VAD scores, streamed text parts and volumes', async () => {
    const onAgentChatResponsePart = vi.fn();
    const { conversation, socket, events } = await start({ onAgentChatResponsePart });
    socket.receive({ type: 'vad_score', vad_score_event: { vad_score: 0.8 } });
    expect(events).toContainEqual(['vad', { vadScore: 0.8 }]);
    socket.receive({
      type: 'agent_chat_response_part',
      text_response_part: { text: 'Use', type: 'delta', event_id: 4 },
    });
    expect(onAgentChatResponsePart).toHaveBeenCalledWith({
      text: 'Use',
      type: 'delta',
      eventId: 4,
    });
    expect(conversation.getInputVolume()).toBeCloseTo(0.5);
    expect(conversation.getOutputByteFrequencyData()).toHaveLength(16);
    conversation.setVolume({ volume: 0.3 });
    await conversation.endSession();
    expect(conversation.getInputVolume()).toBe(0);
  });
});

describe('Conversation teardown on every exit path', () => {
  it('user end: closes with 1000 and reports reason user', async () => {
    const { conversation, socket, events, fake } = await start();
    await conversation.endSession();
    await conversation.endSession();
    expect(socket.closedWith).toEqual({ code: 1000, reason: 'User ended conversation' });
    expect(fake.everythingStopped()).toBe(true);
    expect(events.filter(([n]) => n === 'disconnect')).toEqual([
      ['disconnect', { reason: 'user', message: 'User ended conversation', code: 1000 }],
    ]);
    expect(statuses(events)).toEqual(['connecting', 'connected', 'disconnecting', 'disconnected']);
    expect(conversation.sendUserMessage('late')).toBe(false);
  });

  it('agent close 1000: reason agent', async () => {
    const { socket, events, fake } = await start();
    socket.serverClose(1000, '');
    await flush();
    expect(fake.everythingStopped()).toBe(true);
    expect(events).toContainEqual([
      'disconnect',
      { reason: 'agent', code: 1000, message: 'The agent ended the conversation.' },
    ]);
  });

  it('server error close: the close reason, or the spec text', async () => {
    const a = await start();
    a.socket.serverClose(1002, 'Idle timeout');
    await flush();
    expect(a.events).toContainEqual([
      'disconnect',
      { reason: 'error', code: 1002, message: 'Idle timeout' },
    ]);
    const b = await start();
    b.socket.serverClose(1011);
    await flush();
    expect(b.fake.everythingStopped()).toBe(true);
    expect(b.events).toContainEqual([
      'disconnect',
      { reason: 'error', code: 1011, message: 'The connection was closed by the server.' },
    ]);
  });

  it('socket error: the spec text', async () => {
    const { socket, events, fake } = await start();
    socket.fail();
    await flush();
    expect(fake.everythingStopped()).toBe(true);
    expect(events).toContainEqual([
      'disconnect',
      { reason: 'error', code: 1006, message: 'The connection was closed due to a socket error.' },
    ]);
  });

  it('end_call tool response and max duration end the session as the agent', async () => {
    const a = await start();
    a.socket.receive({
      type: 'agent_tool_response',
      agent_tool_response: { tool_name: 'end_call' },
    });
    await flush();
    expect(a.fake.everythingStopped()).toBe(true);
    expect(a.events).toContainEqual([
      'disconnect',
      { reason: 'agent', message: 'The agent ended the conversation.' },
    ]);
    const b = await start();
    b.socket.receive({
      type: 'error',
      error_event: { error_type: 'max_duration_exceeded', message: 'Max duration', code: 1000 },
    });
    await flush();
    expect(b.events).toContainEqual(['error', 'Max duration']);
    expect(b.events).toContainEqual([
      'disconnect',
      { reason: 'agent', message: 'Max duration', code: 1000 },
    ]);
  });

  it('start failure: microphone denied', async () => {
    const fake = fakePlatform({ failMic: true });
    const onStatusChange = vi.fn();
    await expect(
      Conversation.startSession({ agentId: 'a', onStatusChange }, fake.platform),
    ).rejects.toMatchObject({
      code: 'MICROPHONE_FAILED',
    });
    expect(fake.sockets).toHaveLength(0);
    expect(fake.everythingStopped()).toBe(true);
    expect(onStatusChange.mock.calls.map(([s]) => s.status)).toEqual([
      'connecting',
      'disconnected',
    ]);
  });

  it('start failure: worklets cannot load', async () => {
    const fake = fakePlatform({ failWorklets: true });
    const promise = Conversation.startSession({ agentId: 'a' }, fake.platform);
    await flush();
    fake.sockets[0]!.open();
    fake.sockets[0]!.receive(metadata());
    await expect(promise).rejects.toThrow(
      'Failed to load the fieldcraft-capture worklet module. Make sure the browser supports AudioWorklets.',
    );
    expect(fake.tracks[0]?.readyState).toBe('ended');
    expect(fake.contexts.length).toBeGreaterThan(0);
    expect(fake.everythingStopped()).toBe(true);
    expect(fake.sockets[0]!.closedWith).toBeDefined();
  });

  it('start failure: server closes before the metadata', async () => {
    const fake = fakePlatform();
    const promise = Conversation.startSession({ agentId: 'a' }, fake.platform);
    await flush();
    fake.sockets[0]!.open();
    fake.sockets[0]!.serverClose(1008, 'Override not allowed');
    const error = await promise.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VoiceClientError);
    expect(error).toMatchObject({ message: 'Override not allowed', closeCode: 1008 });
    expect(fake.everythingStopped()).toBe(true);
  });

  it('start failure: a first frame other than the metadata', async () => {
    const fake = fakePlatform();
    const promise = Conversation.startSession({ agentId: 'a' }, fake.platform);
    await flush();
    fake.sockets[0]!.open();
    fake.sockets[0]!.receive({ type: 'ping', ping_event: { event_id: 1 } });
    await expect(promise).rejects.toMatchObject({ code: 'HANDSHAKE_FAILED' });
    expect(fake.everythingStopped()).toBe(true);
  });
});

describe('Conversation automatic reconnect', () => {
  it('is off by default', async () => {
    const { socket, fake } = await start();
    socket.fail();
    await flush();
    expect(fake.sockets).toHaveLength(1);
  });

  it('reopens a dropped socket, keeping the audio pipeline', async () => {
    const { conversation, socket, events, fake, clock } = await start({
      reconnect: { maxAttempts: 2, delayMs: 100 },
    });
    socket.fail();
    await flush();
    expect(conversation.getStatus()).toBe('connecting');
    clock.advance(100);
    await flush();
    expect(fake.sockets).toHaveLength(2);
    fake.sockets[1]!.open();
    fake.sockets[1]!.receive(metadata('conv_2'));
    await flush();
    expect(conversation.getStatus()).toBe('connected');
    expect(conversation.getId()).toBe('conv_2');
    expect(fake.contexts.every((c) => c.state === 'running')).toBe(true);
    fake.nodes[0]!.emit({ type: 'chunk', samples: new Float32Array(2) });
    expect(fake.sockets[1]!.sent.at(-1)).toHaveProperty('user_audio_chunk');
    expect(events.filter(([n]) => n === 'disconnect')).toHaveLength(0);
    await conversation.endSession();
    expect(fake.everythingStopped()).toBe(true);
  });

  it('gives up after the last attempt and reports the original drop', async () => {
    const { conversation, socket, events, fake, clock } = await start({
      reconnect: { maxAttempts: 2, delayMs: 10 },
    });
    socket.fail();
    await flush();
    clock.advance(10);
    await flush();
    fake.sockets[1]!.serverClose(1006);
    await flush();
    clock.advance(20);
    await flush();
    fake.sockets[2]!.fail();
    await flush();
    expect(conversation.getStatus()).toBe('disconnected');
    expect(fake.everythingStopped()).toBe(true);
    expect(events).toContainEqual([
      'disconnect',
      { reason: 'error', code: 1006, message: 'The connection was closed due to a socket error.' },
    ]);
  });

  it('does not reconnect after a deliberate server close', async () => {
    const { socket, fake } = await start({ reconnect: true });
    socket.serverClose(1002, 'Idle timeout');
    await flush();
    expect(fake.sockets).toHaveLength(1);
    expect(fake.everythingStopped()).toBe(true);
  });
});

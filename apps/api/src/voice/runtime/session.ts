import {
  type Citation,
  ClientToolResultSchema,
  ContextualUpdateSchema,
  ConversationInitiationClientDataSchema,
  type ConversationInitiationClientData,
  FeedbackSchema,
  PongSchema,
  stripControlCharacters,
  UserAudioChunkSchema,
  UserMessageSchema,
} from '@fieldcraft/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { setImmediate as nextMacrotask } from 'node:timers/promises';
import type { RawData, WebSocket } from 'ws';
import type { Db } from '../../plugins/db';
import type { VoiceConfig } from '../../plugins/config';
import type { AppMetrics } from '../../plugins/metrics';
import type { Advisor, AdvisorTurn } from '../advisor/advisor.types';
import { MIN_CONFIDENCE } from '../speech/index';
import {
  type AudioFormat,
  decodeUserAudio,
  encodeAgentAudio,
  parseAudioFormat,
} from '../speech/audio-format';
import { Endpointer } from '../speech/endpointer';
import type { SpeechEngines } from '../speech/speech.types';
import { authorizeRoom, identify, type VoiceIdentity, VoiceRefusal } from './auth';
import {
  closeReason,
  fillVariables,
  matchOpenRequest,
  nextSentence,
  splitFirstClause,
  toAttachment,
} from './text';
import {
  endConversation,
  insertConversation,
  insertMessage,
  type RoomForVoice,
  setFeedback,
  type VoiceAccessKey,
} from './voice.repository';

// One conversation on /v1/convai/conversation (voice-protocol.md §3–§9; docs/voice-runtime.md).

/** Counts open sessions per user and per server (the concurrency limits). */
export interface SessionRegistry {
  /** Reserves a slot; a string is the refusal (code, reason). */
  reserve(userId: number): { code: number; reason: string } | null;
  release(userId: number): void;
}

export interface SessionDeps {
  db: Db;
  log: FastifyBaseLogger;
  advisor: Advisor;
  speech: SpeechEngines;
  limits: VoiceConfig;
  registry: SessionRegistry;
  trustedOrigins: readonly string[];
  trustProxy: boolean;
  /** Prometheus figures: opened, open now, closed by code (plugins/metrics.ts). */
  metrics: AppMetrics['voice'];
}

const METADATA_GAP_MS = 60;
const USER_ACTIVITY_DEFER_MS = 1000;
const USER_ACTIVITY_DEFER_MAX_MS = 5000;
const AUDIO_RATE_GRACE_MS = 1000;
const TOOL_NAME = 'open_content';
const HISTORY_TURNS = 20;
const INPUT_FORMAT = 'pcm_16000';

export const SAY_AGAIN = "Sorry, I didn't catch that. Please say it again, or type your question.";
export const ANSWER_FAILED = 'Sorry, I could not answer that just now. Please try again.';
/** The close reason of a conversation ended by a redeploy of its agent (1012). */
export const REDEPLOY_REASON =
  "This agent's settings were updated. Start a new conversation to use them.";

type State = 'authenticating' | 'open' | 'closing' | 'closed';

interface Turn {
  /** 0 until the turn sends its first frame (see idOf). */
  id: number;
  /** Whether anything of this turn has gone out (text, audio or a tool call). */
  spoke: boolean;
  abort: AbortController;
  done: Promise<void>;
  finished: boolean;
}

const delay = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export class VoiceSession {
  private state: State = 'authenticating';
  private readonly inbox: Record<string, unknown>[] = [];
  private firstFrame: ((frame: Record<string, unknown> | null) => void) | null = null;
  private identity: VoiceIdentity | null = null;
  private room: RoomForVoice | null = null;
  private reserved = false;
  private conversationId: string | null = null;
  /** Whether this session was counted as open in the metrics (so it is uncounted once). */
  private counted = false;
  private startedAt = new Date();
  private textOnly = false;
  private outputFormat: AudioFormat | null = null;
  private systemPrompt = '';
  private language = 'en';
  private voice: string | null = null;

  private lastEventId = 0;
  private turn: Turn | null = null;
  private playbackEndsAt = 0;
  private lastUserInputAt = Date.now();
  private lastActivityAt = 0;
  private readonly history: AdvisorTurn[] = [];
  private readonly context = new Map<string, string>();
  private readonly cited: Citation[] = [];
  private readonly toolCalls = new Map<string, Citation>();
  private toolCallCount = 0;
  private readonly pendingPings = new Map<number, number>();
  private pingMs: number | null = null;

  private endpointer: Endpointer | null = null;
  private recognition: Promise<void> = Promise.resolve();
  private firstAudioAt = 0;
  private audioMsReceived = 0;
  private tokens: number;
  private tokensAt = Date.now();

  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly lifetime = new AbortController();
  /** Database writes of this conversation, in order (feedback lands after its row). */
  private writes: Promise<void> = Promise.resolve();
  private serverClose: { code: number; reason: string } | null = null;
  private receivedClose = 1006;
  private closeTimer: NodeJS.Timeout | null = null;
  private resolveFinished!: () => void;
  /** Resolves once the socket is closed and the conversation's end is stored. */
  readonly finished = new Promise<void>((r) => (this.resolveFinished = r));

  constructor(
    private readonly socket: WebSocket,
    private readonly request: IncomingMessage,
    private readonly url: URL,
    private readonly deps: SessionDeps,
  ) {
    this.tokens = deps.limits.maxMessagesPerSecond * 2;
    socket.on('message', (data, isBinary) => this.onFrame(data, isBinary));
    socket.on('close', (code, reason) => void this.onClosed(code, reason.toString()));
    socket.on('error', (err) => deps.log.debug({ err }, 'voice socket error'));
  }

  get userId(): number | null {
    return this.identity?.user.id ?? null;
  }

  /** Authenticates, waits for the initiation frame, checks the room, then opens the conversation. */
  async start(): Promise<void> {
    try {
      const { db, limits } = this.deps;
      this.identity = await identify(db, this.request, this.url, this.deps);
      if (this.state !== 'authenticating') return;
      const init = await this.waitForInitiation(limits.initiationTimeoutMs);
      if (this.state !== 'authenticating') return;
      const dyn = init?.dynamic_variables ?? {};
      const roomParam =
        this.url.searchParams.get('room_id') ??
        (dyn.room_id === undefined ? null : String(dyn.room_id));
      this.room = await authorizeRoom(db, this.identity, {
        roomId: roomParam,
        agentId: this.url.searchParams.get('agent_id'),
      });
      if (this.state !== 'authenticating') return;
      this.applyOverrides(init, this.room);
      const refusal = this.deps.registry.reserve(this.identity.user.id);
      if (refusal) throw new VoiceRefusal(refusal.reason, refusal.code);
      this.reserved = true;
      await this.open(init);
    } catch (err) {
      if (err instanceof VoiceRefusal) {
        this.closeWith(err.code, err.message);
      } else {
        this.deps.log.error({ err }, 'voice session failed to start');
        this.closeWith(1011, 'Internal error');
      }
      if (this.state === 'closed') this.resolveFinished();
    }
  }

  /** agents.id of the room's agent, once the room is known. */
  get agentDbId(): number | null {
    return this.room?.agent.id ?? null;
  }

  /**
   * Ends a conversation whose agent was redeployed (1012, "service restart": the client may
   * start again) so the next conversation reads the new settings. False when already ending.
   * docs/assistant-and-agents.md.
   */
  endForRedeploy(): boolean {
    if (this.state !== 'authenticating' && this.state !== 'open') return false;
    this.closeWith(1012, REDEPLOY_REASON);
    return true;
  }

  /** What this conversation stands on, while it is open (the access watch re-checks it). */
  get accessKey(): VoiceAccessKey | null {
    const identity = this.identity;
    const room = this.room;
    if (this.state !== 'open' || !identity || !room) return null;
    return { userId: identity.user.id, sessionId: identity.sessionId, roomId: room.id };
  }

  /**
   * Ends a conversation whose access ended (account, session, room; access-watch.ts): an
   * error event with the reason, then the close. False when already ending.
   */
  endForAccess(code: number, reason: string): boolean {
    if (this.state !== 'open') return false;
    this.closeWith(code, reason);
    return true;
  }

  /** Closes with 1001 (server shutting down) and waits until the end is stored. */
  async shutdown(): Promise<void> {
    if (this.state === 'authenticating' || this.state === 'open') {
      this.closeWith(1001, 'Server shutting down');
    }
    const cap = setTimeout(() => this.socket.terminate(), 1000);
    await this.finished;
    clearTimeout(cap);
  }

  // ---- opening ------------------------------------------------------------------------------

  private waitForInitiation(timeoutMs: number): Promise<ConversationInitiationClientData | null> {
    const asInit = (frame: Record<string, unknown> | null) => {
      if (!frame || frame.type !== 'conversation_initiation_client_data') return null;
      const parsed = ConversationInitiationClientDataSchema.safeParse(frame);
      if (!parsed.success) {
        throw new VoiceRefusal('Invalid conversation_initiation_client_data');
      }
      return parsed.data;
    };
    const first = this.inbox[0];
    if (first) {
      // Consumed: only the initiation frame; anything else stays for after the metadata.
      const init = asInit(first);
      if (init) this.inbox.shift();
      return Promise.resolve(init);
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.firstFrame = null;
        resolve(null);
      }, timeoutMs);
      this.firstFrame = (frame) => {
        clearTimeout(timer);
        this.firstFrame = null;
        try {
          const init = asInit(frame);
          if (init) this.inbox.shift();
          resolve(init);
        } catch (err) {
          reject(err);
        }
      };
    });
  }

  private applyOverrides(init: ConversationInitiationClientData | null, room: RoomForVoice): void {
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
    this.textOnly = o.conversation?.text_only === true;
    this.systemPrompt = o.agent?.prompt?.prompt ?? agent.systemPrompt;
    this.language = o.agent?.language ?? agent.language;
    this.voice = o.tts?.voice_id ?? agent.voice;
    this.outputFormat = parseAudioFormat(agent.outputFormat);
  }

  private async open(init: ConversationInitiationClientData | null): Promise<void> {
    const identity = this.identity;
    const room = this.room;
    if (!identity || !room) return;
    this.conversationId = `conv_${randomBytes(12).toString('hex')}`;
    this.startedAt = new Date();
    await insertConversation(this.deps.db, {
      id: this.conversationId,
      agentId: room.agent.agentId,
      roomId: room.id,
      roomName: room.name,
      userId: identity.user.id,
      startedAt: this.startedAt,
      textOnly: this.textOnly,
    });
    if (this.state !== 'authenticating') {
      // The client left while the row was written: the close handler ran before it existed.
      await this.storeEnd(this.receivedClose);
      return;
    }
    this.send({
      type: 'conversation_initiation_metadata',
      conversation_initiation_metadata_event: {
        conversation_id: this.conversationId,
        agent_output_audio_format: room.agent.outputFormat,
        user_input_audio_format: INPUT_FORMAT,
      },
    });
    this.state = 'open';
    this.counted = true;
    this.deps.metrics.started.inc();
    this.deps.metrics.active.inc();
    this.lastUserInputAt = Date.now();
    this.startTimers();
    // A client that attaches its handler a tick late loses frames that share a read (§3).
    await delay(METADATA_GAP_MS);
    if (this.state !== 'open') return;

    const { speech } = this.deps;
    if (!this.textOnly && speech.recognizer) this.endpointer = new Endpointer();

    // Client-supplied overrides and variables: the first message is stored like any turn.
    const firstMessage = stripControlCharacters(
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
    if (firstMessage) this.startTurn((turn) => this.speak(turn, firstMessage, []));
    if (!this.textOnly && (!speech.synthesizer || !speech.recognizer)) {
      const notice =
        `Voice is not fully available on this server: ${speech.missing.join(' ')} ` +
        'Typed messages keep working.';
      this.startTurn(
        (turn) => this.speak(turn, notice.replace(/\s+/g, ' ').trim(), [], false),
        false,
      );
    }
    // Frames that arrived during the handshake, in order.
    for (const frame of this.inbox.splice(0)) this.handle(frame);
  }

  // ---- frames in ----------------------------------------------------------------------------

  private onFrame(data: RawData, isBinary: boolean): void {
    if (this.state === 'closing' || this.state === 'closed') return;
    const size = Array.isArray(data)
      ? data.reduce((n, b) => n + b.length, 0)
      : (data as Buffer | ArrayBuffer).byteLength;
    const { limits } = this.deps;
    if (size > limits.maxFrameBytes) {
      this.closeWith(1009, `Frame too large (limit ${limits.maxFrameBytes} bytes)`);
      return;
    }
    const now = Date.now();
    this.tokens = Math.min(
      limits.maxMessagesPerSecond * 2,
      this.tokens + ((now - this.tokensAt) * limits.maxMessagesPerSecond) / 1000,
    );
    this.tokensAt = now;
    if (this.tokens < 1) {
      this.closeWith(1008, `Too many messages (limit ${limits.maxMessagesPerSecond} per second)`);
      return;
    }
    this.tokens -= 1;
    if (isBinary) {
      this.closeWith(1008, 'Binary frames are not supported; send JSON text frames');
      return;
    }
    let frame: unknown;
    try {
      frame = JSON.parse(Buffer.isBuffer(data) ? data.toString('utf8') : String(data));
    } catch {
      this.closeWith(1008, 'Invalid JSON');
      return;
    }
    if (typeof frame !== 'object' || frame === null || Array.isArray(frame)) {
      this.closeWith(1008, 'Every frame must be a JSON object');
      return;
    }
    const record = frame as Record<string, unknown>;
    if (this.state === 'authenticating') {
      if (this.inbox.length < 1000) this.inbox.push(record);
      if (this.inbox.length === 1) this.firstFrame?.(record);
      return;
    }
    this.handle(record);
  }

  private handle(frame: Record<string, unknown>): void {
    if (this.state !== 'open') return;
    try {
      this.dispatch(frame);
    } catch (err) {
      if (err instanceof VoiceRefusal) this.closeWith(err.code, err.message);
      else {
        this.deps.log.error({ err }, 'voice frame failed');
        this.closeWith(1011, 'Internal error');
      }
    }
  }

  private dispatch(frame: Record<string, unknown>): void {
    if ('user_audio_chunk' in frame) {
      const chunk = UserAudioChunkSchema.safeParse(frame);
      if (!chunk.success) throw new VoiceRefusal('user_audio_chunk must be a base64 string');
      this.onAudio(chunk.data.user_audio_chunk);
      return;
    }
    const parse = <T>(schema: { safeParse(v: unknown): { success: boolean; data?: T } }) => {
      const r = schema.safeParse(frame);
      if (!r.success) throw new VoiceRefusal(`Invalid ${String(frame.type)} frame`);
      return r.data as T;
    };
    switch (frame.type) {
      case 'user_message': {
        const m = parse<{ text: string }>(UserMessageSchema);
        this.userInput();
        // What is answered is what is stored (a NUL would not store at all).
        const text = stripControlCharacters(m.text).trim();
        if (text) this.onUserText(text, 'text', null);
        return;
      }
      case 'user_activity':
        this.userInput();
        this.lastActivityAt = Date.now();
        return;
      case 'contextual_update': {
        const m = parse<{ text: string; context_id?: string }>(ContextualUpdateSchema);
        this.userInput();
        const key = m.context_id ?? `anon-${this.context.size}-${Date.now()}`;
        this.context.delete(key); // re-insert: latest last
        this.context.set(key, stripControlCharacters(m.text).slice(0, 2000));
        while (this.context.size > 20) this.context.delete(this.context.keys().next().value!);
        return;
      }
      case 'feedback': {
        const m = parse<{ score: 'like' | 'dislike' | null; event_id: number }>(FeedbackSchema);
        this.userInput();
        const id = this.conversationId;
        if (id)
          this.write(() =>
            setFeedback(this.deps.db, id, m.event_id, m.score).then(() => undefined),
          );
        return;
      }
      case 'client_tool_result': {
        const m = parse<{ tool_call_id: string; result: string; is_error: boolean }>(
          ClientToolResultSchema,
        );
        this.userInput();
        this.onToolResult(m.tool_call_id, m.result, m.is_error);
        return;
      }
      case 'pong': {
        const m = parse<{ event_id: number }>(PongSchema);
        const sentAt = this.pendingPings.get(m.event_id);
        if (sentAt === undefined) return; // unknown id: ignored (§7)
        this.pingMs = Date.now() - sentAt;
        for (const id of [...this.pendingPings.keys()])
          if (id <= m.event_id) this.pendingPings.delete(id);
        return;
      }
      default:
        // conversation_initiation_client_data again, mcp_*, multimodal_message, unknown: ignored.
        return;
    }
  }

  private userInput(): void {
    this.lastUserInputAt = Date.now();
  }

  // ---- turns --------------------------------------------------------------------------------

  private nextId(): number {
    this.lastEventId += 1;
    return this.lastEventId;
  }

  /**
   * A turn's event id, drawn when it first sends something: larger than every id sent before
   * it (a ping sent while the advisor thinks included), shared by all of the turn's frames.
   */
  private idOf(turn: Turn): number {
    if (turn.id === 0) turn.id = this.nextId();
    return turn.id;
  }

  /** Barge-in (§6): stop the agent's turn if its audio is still produced or playing. */
  private interruptIfSpeaking(): void {
    const turn = this.turn;
    const active = turn !== null && !turn.finished;
    const playing = Date.now() < this.playbackEndsAt;
    if (!active && !playing) return;
    turn?.abort.abort();
    this.playbackEndsAt = 0;
    // A turn that has sent nothing yet is dropped silently: there is nothing to interrupt.
    if (playing || turn?.spoke) {
      this.send({ type: 'interruption', interruption_event: { event_id: this.nextId() } });
    }
  }

  /**
   * Runs an agent turn with a fresh event id after the previous one has stopped. `exclusive`
   * turns (answers) replace a running one; notices queue behind it.
   */
  private startTurn(run: (turn: Turn) => Promise<void>, exclusive = true): void {
    const previous = this.turn;
    if (exclusive && previous && !previous.finished) previous.abort.abort();
    const abort = new AbortController();
    const onEnd = () => abort.abort();
    this.lifetime.signal.addEventListener('abort', onEnd, { once: true });
    const turn: Turn = { id: 0, spoke: false, abort, done: Promise.resolve(), finished: false };
    turn.done = (async () => {
      await previous?.done;
      if (abort.signal.aborted || this.state !== 'open') return;
      try {
        await run(turn);
      } catch (err) {
        if (!abort.signal.aborted) {
          this.deps.log.error({ err }, 'voice turn failed');
          this.closeWith(1011, 'Internal error');
        }
      }
    })().finally(() => {
      turn.finished = true;
      this.lifetime.signal.removeEventListener('abort', onEnd);
    });
    this.turn = turn;
  }

  private onUserText(text: string, source: 'text' | 'voice', transcriptId: number | null): void {
    this.interruptIfSpeaking();
    const eventId = transcriptId ?? this.nextId();
    const conversationId = this.conversationId;
    if (conversationId) {
      this.write(() =>
        insertMessage(this.deps.db, { conversationId, eventId, role: 'user', source, text }),
      );
    }
    this.history.push({ role: 'user', text });
    const target = matchOpenRequest(text, this.cited);
    if (target) {
      this.startTurn(async (turn) => {
        const callId = `call_${++this.toolCallCount}`;
        this.toolCalls.set(callId, target);
        turn.spoke = true;
        this.send({
          type: 'client_tool_call',
          client_tool_call: {
            tool_name: TOOL_NAME,
            tool_call_id: callId,
            parameters: { content_id: target.contentId },
            event_id: this.idOf(turn),
          },
        });
        await this.speak(turn, `Opening ${target.title}.`, []);
      });
      return;
    }
    this.startTurn((turn) => this.answer(turn, text));
  }

  private onToolResult(callId: string, result: string, isError: boolean): void {
    const target = this.toolCalls.get(callId);
    if (!target) return;
    this.toolCalls.delete(callId);
    if (!isError) return;
    const why = result.trim().slice(0, 200) || 'no reason given';
    this.startTurn(
      (turn) => this.speak(turn, `I could not open ${target.title}: ${why}`, []),
      false,
    );
  }

  private async answer(turn: Turn, question: string): Promise<void> {
    const identity = this.identity;
    const room = this.room;
    if (!identity || !room) return;
    let answer;
    try {
      answer = await this.deps.advisor.answer({
        viewer: { id: identity.user.id, role: identity.user.role },
        agent: {
          id: room.agent.id,
          agentId: room.agent.agentId,
          name: room.agent.name,
          systemPrompt: this.systemPrompt,
          language: this.language,
        },
        question,
        history: this.history.slice(-HISTORY_TURNS - 1, -1),
        context: [...this.context.values()],
        userFirstName: identity.user.firstName,
        roomId: room.id,
        conversationId: this.conversationId,
        signal: turn.abort.signal,
      });
    } catch (err) {
      if (turn.abort.signal.aborted) return;
      this.deps.log.error({ err }, 'advisor failed');
      await this.speak(turn, ANSWER_FAILED, []);
      return;
    }
    if (turn.abort.signal.aborted) return;
    await this.deliver(turn, answer.text, answer.citations);
  }

  /** A fixed text as a turn (first message, notices, tool replies). */
  private speak(turn: Turn, text: string, citations: Citation[], withAudio = true): Promise<void> {
    return this.deliver(
      turn,
      (async function* () {
        yield text;
      })(),
      citations,
      withAudio,
    );
  }

  /**
   * Sends a turn: agent_response with the full text immediately before the first audio chunk
   * when the text is complete by then; otherwise (a streaming model) the text streams as
   * agent_chat_response_part start/delta…/stop, audio follows sentence by sentence as it is
   * synthesised, and agent_response comes when the text is complete. docs/voice-runtime.md.
   */
  private async deliver(
    turn: Turn,
    pieces: AsyncIterable<string>,
    citations: Citation[],
    withAudio = true,
  ): Promise<void> {
    const signal = turn.abort.signal;
    const synthesizer = withAudio && !this.textOnly ? this.deps.speech.synthesizer : null;
    let text = '';
    let textDone = false;
    let streaming = false;
    let responded = false;
    let wake: (() => void) | null = null;
    const notify = () => {
      wake?.();
      wake = null;
    };
    const waitForText = () => new Promise<void>((r) => (wake = r));
    const live = () => !signal.aborted && this.state === 'open';

    const reader = (async () => {
      try {
        for await (const piece of pieces) {
          if (!live()) return;
          text += piece;
          if (streaming) this.sendPart(turn, 'delta', piece);
          notify();
        }
      } finally {
        textDone = true;
        notify();
      }
    })();

    const respond = () => {
      if (responded || !live()) return;
      responded = true;
      turn.spoke = true;
      if (streaming) this.sendPart(turn, 'stop', '');
      const full = text.trim();
      this.send({
        type: 'agent_response',
        agent_response_event: {
          agent_response: full,
          event_id: this.idOf(turn),
          ...(citations.length > 0 && { attachments: citations.map(toAttachment) }),
        },
      });
      this.history.push({ role: 'agent', text: full });
      if (citations.length > 0) this.cited.unshift(...citations);
      const conversationId = this.conversationId;
      if (conversationId) {
        this.write(() =>
          insertMessage(this.deps.db, {
            conversationId,
            eventId: this.idOf(turn),
            role: 'agent',
            source: 'agent',
            text: full,
            citations,
          }),
        );
      }
    };
    const startStreaming = () => {
      if (streaming || responded || !live()) return;
      streaming = true;
      turn.spoke = true;
      this.sendPart(turn, 'start', '');
      if (text) this.sendPart(turn, 'delta', text);
    };

    // An interrupted turn stops waiting at once, even for a model that ignores the abort.
    signal.addEventListener('abort', notify, { once: true });
    const finish = async () => {
      if (!live()) return;
      await reader;
      respond();
    };

    if (!synthesizer) {
      while (live() && !textDone && text === '') await waitForText();
      await nextMacrotask(); // text produced within this turn of the event loop counts as known
      if (!textDone) startStreaming();
      await finish();
      return;
    }

    let consumed = 0;
    let firstAudio = true;
    let carried: string | null = null;
    for (;;) {
      if (!live()) break;
      let sentence: string;
      if (carried !== null) {
        sentence = carried;
        carried = null;
      } else {
        const next = nextSentence(text.slice(consumed), textDone);
        if (!next) {
          if (textDone) break;
          await waitForText();
          continue;
        }
        consumed += next.end;
        sentence = next.sentence;
        // The turn's first audio comes from its first clause alone: it is ready sooner.
        const split = firstAudio ? splitFirstClause(sentence) : null;
        if (split) [sentence, carried] = split;
      }
      let audio;
      try {
        audio = await synthesizer.synthesize(
          { text: sentence, language: this.language, voice: this.voice },
          signal,
        );
      } catch (err) {
        if (!live()) break;
        this.deps.log.warn({ err }, 'speech synthesis failed; this turn continues as text');
        break;
      }
      if (!live()) break;
      if (firstAudio) {
        firstAudio = false;
        await this.quietWhileTyping(signal);
        if (!live()) break;
        if (textDone) respond();
        else startStreaming();
      }
      const format = this.outputFormat;
      if (!format) break;
      for (const chunk of encodeAgentAudio(audio.samples, audio.sampleRate, format)) {
        this.send({
          type: 'audio',
          audio_event: { audio_base_64: chunk, event_id: this.idOf(turn) },
        });
      }
      const ms = (audio.samples.length / audio.sampleRate) * 1000;
      this.playbackEndsAt = Math.max(Date.now(), this.playbackEndsAt) + ms;
    }
    await finish();
  }

  private sendPart(turn: Turn, type: 'start' | 'delta' | 'stop', text: string): void {
    this.send({
      type: 'agent_chat_response_part',
      text_response_part: { text, type, event_id: this.idOf(turn) },
    });
  }

  /** user_activity (typing) defers the agent's speech a little, at most 5 s. */
  private async quietWhileTyping(signal: AbortSignal): Promise<void> {
    const until = Date.now() + USER_ACTIVITY_DEFER_MAX_MS;
    while (!signal.aborted && Date.now() < until) {
      const wait = this.lastActivityAt + USER_ACTIVITY_DEFER_MS - Date.now();
      if (wait <= 0) return;
      await delay(Math.min(wait, 200));
    }
  }

  // ---- audio in -----------------------------------------------------------------------------

  private onAudio(base64: string): void {
    if (this.textOnly) return;
    let samples: Int16Array;
    try {
      samples = decodeUserAudio(base64, parseAudioFormat(INPUT_FORMAT));
    } catch {
      throw new VoiceRefusal('user_audio_chunk is not valid base64 audio');
    }
    const now = Date.now();
    if (this.firstAudioAt === 0) this.firstAudioAt = now;
    this.audioMsReceived += samples.length / 16;
    const allowed =
      (now - this.firstAudioAt) * this.deps.limits.audioRateMargin + AUDIO_RATE_GRACE_MS;
    if (this.audioMsReceived > allowed) {
      throw new VoiceRefusal('Audio arrives faster than real time');
    }
    const endpointer = this.endpointer;
    if (!endpointer) return;
    for (const event of endpointer.push(samples)) {
      if (event.type === 'speech_start') {
        this.userInput();
        this.interruptIfSpeaking();
      } else if (event.type === 'utterance') {
        const utterance = event.samples;
        this.recognition = this.recognition.then(() => this.recognize(utterance));
      }
    }
  }

  private async recognize(samples: Int16Array): Promise<void> {
    const recognizer = this.deps.speech.recognizer;
    if (!recognizer || this.state !== 'open') return;
    let result;
    try {
      result = await recognizer.recognize(samples, this.lifetime.signal);
    } catch (err) {
      if (this.state !== 'open') return;
      this.deps.log.warn({ err }, 'speech recognition failed');
      result = { text: '', confidence: 0 };
    }
    if (this.state !== 'open') return;
    this.userInput();
    const text = result.text.trim();
    if (!text || result.confidence < MIN_CONFIDENCE) {
      // Never a question for the advisor: ask again (docs/voice-runtime.md).
      this.interruptIfSpeaking();
      this.startTurn((turn) => this.speak(turn, SAY_AGAIN, []));
      return;
    }
    const id = this.nextId();
    this.send({
      type: 'user_transcript',
      user_transcription_event: { user_transcript: text, event_id: id },
    });
    this.onUserText(text, 'voice', id);
  }

  // ---- timers -------------------------------------------------------------------------------

  private every(ms: number, fn: () => void): void {
    const t = setInterval(fn, ms);
    this.timers.add(t);
  }

  private after(ms: number, fn: () => void): void {
    const t = setTimeout(() => {
      this.timers.delete(t);
      fn();
    }, ms);
    this.timers.add(t);
  }

  private startTimers(): void {
    const { limits } = this.deps;
    const ping = () => {
      if (this.state !== 'open') return;
      if (this.pendingPings.size >= limits.maxMissedPings) {
        this.closeWith(1002, 'The client stopped answering pings');
        return;
      }
      const id = this.nextId();
      this.pendingPings.set(id, Date.now());
      this.send({ type: 'ping', ping_event: { event_id: id, ping_ms: this.pingMs } });
    };
    this.after(Math.min(1000, limits.pingIntervalMs), () => {
      ping();
      this.every(limits.pingIntervalMs, ping);
    });
    this.every(Math.max(20, Math.min(1000, limits.idleTimeoutMs / 4)), () => {
      if (this.state !== 'open' || (this.turn && !this.turn.finished)) return;
      const since = Math.max(this.lastUserInputAt, this.playbackEndsAt);
      if (Date.now() - since >= limits.idleTimeoutMs) this.closeWith(1002, 'Idle timeout');
    });
    this.after(limits.maxDurationMs, () => {
      if (this.state !== 'open') return;
      this.send({
        type: 'error',
        error_event: {
          code: 1000,
          error_type: 'max_duration_exceeded',
          message: 'The conversation reached its maximum duration',
          reason: 'max_duration_exceeded',
        },
      });
      this.closeWith(1000, 'Maximum conversation duration reached', false);
    });
  }

  // ---- frames out, closing, storage ---------------------------------------------------------

  private send(frame: Record<string, unknown>): void {
    if (this.socket.readyState !== this.socket.OPEN) return;
    this.socket.send(JSON.stringify(frame));
  }

  private write(fn: () => Promise<void>): void {
    this.writes = this.writes.then(fn).catch((err: unknown) => {
      this.deps.log.error({ err }, 'voice storage failed');
    });
  }

  /**
   * Closes from the server side: an `error` frame first (when the conversation is open and the
   * close is not a normal one), then the close frame with a readable reason.
   */
  private closeWith(code: number, reason: string, errorEvent = code !== 1000): void {
    if (this.state === 'closing' || this.state === 'closed') return;
    const wasOpen = this.state === 'open';
    this.state = 'closing';
    const text = closeReason(reason);
    this.serverClose = { code, reason: text };
    if (wasOpen && errorEvent) {
      this.send({
        type: 'error',
        error_event: { code, message: reason, error_type: errorType(code), reason: text },
      });
    }
    this.stopEverything();
    this.socket.close(code, text);
    // The peer has a moment to answer the close frame; then the TCP connection goes.
    this.closeTimer = setTimeout(() => this.socket.terminate(), 2000);
  }

  private stopEverything(): void {
    for (const t of this.timers) {
      clearTimeout(t);
      clearInterval(t);
    }
    this.timers.clear();
    this.lifetime.abort();
    this.firstFrame?.(null);
  }

  private async onClosed(code: number, _reason: string): Promise<void> {
    const previous = this.state;
    this.state = 'closed';
    this.receivedClose = code;
    if (this.closeTimer) clearTimeout(this.closeTimer);
    this.stopEverything();
    if (this.reserved && this.identity) {
      this.reserved = false;
      this.deps.registry.release(this.identity.user.id);
    }
    if (!this.conversationId) {
      this.resolveFinished(); // never opened: nothing stored
      return;
    }
    // The row is still being written: open() stores the end itself once it exists.
    if (previous === 'authenticating') return;
    await this.storeEnd(code);
  }

  private async storeEnd(receivedCode: number): Promise<void> {
    const id = this.conversationId;
    if (!id) {
      this.resolveFinished();
      return;
    }
    const server = this.serverClose;
    const code = server ? server.code : receivedCode;
    const endReason = server
      ? server.code === 1000
        ? 'agent'
        : 'error'
      : receivedCode === 1000 || receivedCode === 1005
        ? 'user'
        : 'error';
    if (this.counted) {
      this.counted = false;
      this.deps.metrics.active.dec();
      this.deps.metrics.closed.inc({ code: String(code === 1005 ? 1000 : code) });
    }
    const endedAt = new Date();
    this.write(() =>
      endConversation(this.deps.db, id, {
        endedAt,
        durationSeconds: Math.round((endedAt.getTime() - this.startedAt.getTime()) / 1000),
        endReason,
        closeCode: code === 1005 ? 1000 : code,
      }),
    );
    await this.writes;
    this.resolveFinished();
  }
}

function errorType(code: number): string {
  switch (code) {
    case 1001:
      return 'server_shutdown';
    case 1002:
      return 'operational_error';
    case 1008:
      return 'policy_violation';
    case 1009:
      return 'frame_too_large';
    case 1012:
      return 'agent_redeployed';
    case 1013:
      return 'server_busy';
    default:
      return 'internal_error';
  }
}

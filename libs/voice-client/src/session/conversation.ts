// Over 300 lines: the library's one public class. Its methods are the documented API (README,
// "Session methods") over one socket and one audio graph whose state they share; the socket,
// the audio, the frame parsing and the options live in modules of their own.
import { MicrophoneCapture } from '../audio/capture';
import { decodeAudio, encodeAudio } from '../audio/encoders';
import { type AudioFormat, parseFormat } from '../audio/format';
import { frequencyOf } from '../audio/levels';
import { AudioPlayback } from '../audio/playback';
import type { BaseConnection } from '../connection/base-connection';
import {
  AGENT_ENDED_MESSAGE,
  type DisconnectDetails,
  SOCKET_ERROR_MESSAGE,
  USER_ENDED_MESSAGE,
} from '../connection/disconnect';
import { CLIENT_SOURCE, CLIENT_VERSION } from '../connection/socket-url';
import { WebSocketConnection } from '../connection/websocket-connection';
import {
  type VoicePlatform,
  type WakeLockLike,
  browserPlatform,
  isAndroid,
  isIos,
} from '../platform';
import type { IncomingMessage, MessageAttachment, OutgoingMessage } from '../protocol/messages';
import { VoiceClientError } from '../voice-client-error';
import type { ClientToolCall, SessionOptions } from './options';
import { type Mode, type Status, canTransition } from './status';

/** Same text sent again within this window is dropped (spec §9). */
export const DUPLICATE_WINDOW_MS = 1000;
/** user_activity period while the message input is non-empty (spec §9). */
export const USER_ACTIVITY_INTERVAL_MS = 5000;
/** Connection delay on Android, where audio routing settles late (spec §9). */
export const ANDROID_CONNECTION_DELAY_MS = 3000;
const TOOL_SUCCESS = 'Client tool execution successful.';
const HEADPHONES = /airpod|headphone|earphone|earbud/i;

/** The well-formed entries of an `attachments` list (url, name, mime_type strings); others are dropped. */
function validAttachments(value: unknown): MessageAttachment[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const valid = value.filter(
    (a): a is MessageAttachment =>
      typeof a === 'object' &&
      a !== null &&
      typeof a.url === 'string' &&
      typeof a.name === 'string' &&
      typeof a.mime_type === 'string',
  );
  return valid.length > 0 ? valid : undefined;
}

/** A live voice (or text) conversation. Start one with {@link Conversation.startSession}. */
export class Conversation {
  private status: Status = 'disconnected';
  private mode: Mode = 'listening';
  private connection?: BaseConnection;
  private stream?: MediaStream;
  private capture?: MicrophoneCapture;
  private playback?: AudioPlayback;
  private wakeLock?: WakeLockLike | null;
  private conversationId = '';
  private ended = false;
  private endPromise?: Promise<void>;
  private userMuted = false;
  private muteWhileSpeaking = false;
  private volume = 1;
  private pingMs: number | null = null;
  private lastInterruptId = -1;
  private currentEventId: number | undefined;
  private readonly feedbackSent = new Set<number>();
  private lastSent?: { text: string; at: number };
  private draft = '';
  private activityTimer: unknown;
  private reconnectAttempts = 0;
  private inputFormat?: AudioFormat;
  private outputOff = false;
  /** setInputEnabled calls run one after another. */
  private inputChange: Promise<void> = Promise.resolve();

  private constructor(
    private readonly options: SessionOptions,
    private readonly platform: VoicePlatform,
  ) {
    this.muteWhileSpeaking = options.muteMicWhileAgentSpeaks === true;
  }

  /**
   * Runs the start sequence (microphone → optional delay → socket → capture and playback →
   * connected). Rejects with a VoiceClientError after tearing everything down on any failure.
   * `platform` replaces browser globals (sockets, media, audio, timers), for tests and hosts.
   */
  static async startSession(
    options: SessionOptions,
    platform: Partial<VoicePlatform> = {},
  ): Promise<Conversation> {
    if (!options.agentId === !options.signedUrl) {
      throw new VoiceClientError('INVALID_OPTIONS', 'Give exactly one of agentId or signedUrl.');
    }
    if (options.inputFormat) parseFormat(options.inputFormat);
    const conversation = new Conversation(options, browserPlatform(platform));
    await conversation.start();
    return conversation;
  }

  private get textOnly(): boolean {
    return Boolean(this.options.textOnly ?? this.options.overrides?.conversation?.textOnly);
  }

  private async start(): Promise<void> {
    this.setStatus('connecting');
    try {
      if (this.options.useWakeLock !== false) {
        this.wakeLock = await this.platform.requestWakeLock().catch((error: unknown) => {
          this.debug({ type: 'wake_lock_failed', error: String(error) });
          return null;
        });
      }
      if (!this.textOnly) this.stream = await this.openMicrophone();
      this.throwIfEnded();
      const delay = this.connectionDelay();
      if (delay > 0) await new Promise<void>((r) => this.platform.setTimeout(r, delay));
      this.throwIfEnded();
      const connection = await this.connect();
      this.connection = connection;
      this.conversationId = connection.conversationId;
      this.inputFormat = connection.inputFormat;
      this.throwIfEnded();
      if (this.stream) {
        const urls = this.options.workletUrls;
        this.capture = await MicrophoneCapture.create(
          this.stream,
          connection.inputFormat,
          this.platform,
          (samples) => this.sendAudio(samples),
          urls,
        );
        this.playback = await AudioPlayback.create(
          connection.outputFormat,
          this.platform,
          { onPlaying: () => this.setMode('speaking'), onDrained: () => this.setMode('listening') },
          urls,
        );
        this.playback.setVolume(this.volume);
        this.applyMicMute();
      }
      this.throwIfEnded();
      this.setStatus('connected');
      this.options.onConnect?.({ conversationId: this.conversationId });
      // Attached last: frames queued since the metadata (a first message, a ping) replay now,
      // after the app has seen the connect and while sends are allowed.
      this.attach(connection);
    } catch (error) {
      const failure =
        error instanceof VoiceClientError
          ? error
          : new VoiceClientError('CONNECTION_FAILED', String(error), undefined, { cause: error });
      await this.teardown();
      this.setStatus('disconnected');
      this.options.onError?.(failure.message, failure);
      throw failure;
    }
  }

  private throwIfEnded(): void {
    if (this.ended) throw new VoiceClientError('CONNECTION_FAILED', USER_ENDED_MESSAGE);
  }

  private connectionDelay(): number {
    const d = this.options.connectionDelay;
    if (typeof d === 'number') return d;
    const ua = this.platform.userAgent;
    if (isAndroid(ua)) return d?.android ?? ANDROID_CONNECTION_DELAY_MS;
    if (isIos(ua)) return d?.ios ?? 0;
    return d?.default ?? 0;
  }

  private async openMicrophone(): Promise<MediaStream> {
    const audio: MediaTrackConstraints = {
      echoCancellation: true,
      noiseSuppression: true,
      autoGainControl: true,
      channelCount: { ideal: 1 },
    };
    try {
      if (this.options.preferHeadphonesOnIOS && isIos(this.platform.userAgent)) {
        const devices = await this.platform.enumerateDevices();
        const preferred = devices.find((d) => d.kind === 'audioinput' && HEADPHONES.test(d.label));
        if (preferred) audio.deviceId = { ideal: preferred.deviceId };
      }
      return await this.platform.getUserMedia({ audio });
    } catch (cause) {
      throw new VoiceClientError(
        'MICROPHONE_FAILED',
        'The microphone could not be opened. Check the browser permission.',
        undefined,
        { cause },
      );
    }
  }

  private connect(): Promise<BaseConnection> {
    const o = this.options;
    const ov = o.overrides ?? {};
    const prune = <T extends Record<string, unknown>>(v: T) =>
      Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined));
    const initiation: OutgoingMessage = {
      type: 'conversation_initiation_client_data',
      conversation_config_override: {
        agent: prune({
          prompt: ov.agent?.prompt,
          first_message: ov.agent?.firstMessage,
          language: ov.agent?.language,
        }),
        tts: prune({
          voice_id: ov.tts?.voiceId,
          speed: ov.tts?.speed,
          stability: ov.tts?.stability,
          similarity_boost: ov.tts?.similarityBoost,
        }),
        ...(ov.asr ? { asr: prune({ keywords: ov.asr.keywords }) } : {}),
        ...(this.textOnly ? { conversation: { text_only: true } } : {}),
      },
      ...(o.customLlmExtraBody ? { custom_llm_extra_body: o.customLlmExtraBody } : {}),
      ...(o.dynamicVariables ? { dynamic_variables: o.dynamicVariables } : {}),
      ...(o.userId ? { user_id: o.userId } : {}),
      source_info: { source: CLIENT_SOURCE, version: CLIENT_VERSION },
    };
    return WebSocketConnection.create({
      target: o.signedUrl
        ? { signedUrl: o.signedUrl }
        : { agentId: o.agentId ?? '', origin: o.origin },
      authorization: o.authorization,
      initiation,
      inputFormat: o.inputFormat,
      platform: this.platform,
      onDebug: (info) => this.debug(info),
    });
  }

  private attach(connection: BaseConnection): void {
    connection.onDebug((info) => this.debug(info));
    connection.onMessage((m) => {
      if (connection === this.connection && !this.ended) this.handle(m);
    });
    connection.onDisconnect((d) => {
      if (connection === this.connection) void this.handleClose(d);
    });
  }

  // ---- incoming ------------------------------------------------------------------------------

  private handle(message: IncomingMessage): void {
    const cb = this.options;
    switch (message.type) {
      case 'ping': {
        const { event_id, ping_ms } = message.ping_event;
        this.send({ type: 'pong', event_id });
        if (typeof ping_ms === 'number') this.pingMs = ping_ms;
        return;
      }
      case 'agent_response': {
        const e = message.agent_response_event;
        if (e.event_id !== undefined) this.setCurrentEvent(e.event_id);
        const attachments = validAttachments(e.attachments);
        cb.onMessage?.({
          source: 'ai',
          message: e.agent_response,
          eventId: e.event_id,
          ...(attachments ? { attachments } : {}),
        });
        return;
      }
      case 'user_transcript': {
        const e = message.user_transcription_event;
        cb.onMessage?.({ source: 'user', message: e.user_transcript, eventId: e.event_id });
        return;
      }
      case 'audio':
        return this.handleAudio(message.audio_event);
      case 'interruption':
        this.lastInterruptId = Math.max(this.lastInterruptId, message.interruption_event.event_id);
        this.playback?.interrupt();
        this.setMode('listening');
        return;
      case 'client_tool_call':
        void this.handleToolCall(message.client_tool_call);
        return;
      case 'vad_score':
        cb.onVadScore?.({ vadScore: message.vad_score_event.vad_score });
        return;
      case 'agent_chat_response_part': {
        const part = message.text_response_part;
        cb.onAgentChatResponsePart?.({ text: part.text, type: part.type, eventId: part.event_id });
        return;
      }
      case 'agent_tool_response':
        if (message.agent_tool_response.tool_name === 'end_call') {
          void this.finish({ reason: 'agent', message: AGENT_ENDED_MESSAGE });
        } else this.debug(message);
        return;
      case 'error': {
        const e = message.error_event;
        const text = e.message || e.reason || 'The voice service reported an error.';
        cb.onError?.(text, e);
        if (e.error_type === 'max_duration_exceeded') {
          void this.finish({ reason: 'agent', message: text, code: e.code });
        }
        return;
      }
      default:
        // Metadata repeats, tentative responses and corrections are only interesting to debug.
        this.debug(message);
    }
  }

  private handleAudio(event: { audio_base_64: string; event_id: number }): void {
    if (this.textOnly || !this.playback || !this.connection) return;
    if (this.outputOff) {
      this.debug({ type: 'audio_dropped', reason: 'output off', eventId: event.event_id });
      return;
    }
    if (event.event_id < this.lastInterruptId) {
      this.debug({ type: 'audio_dropped', reason: 'interrupted', eventId: event.event_id });
      return;
    }
    let samples: Float32Array;
    try {
      samples = decodeAudio(event.audio_base_64, this.connection.outputFormat.format);
    } catch (error) {
      this.debug({ type: 'audio_dropped', reason: String(error), eventId: event.event_id });
      return;
    }
    this.setCurrentEvent(event.event_id);
    this.options.onAudio?.(event.audio_base_64);
    this.playback.play(samples);
    this.setMode('speaking');
  }

  private async handleToolCall(raw: {
    tool_name: string;
    tool_call_id: string;
    parameters: Record<string, unknown>;
    event_id?: number;
  }): Promise<void> {
    const call: ClientToolCall = {
      toolName: raw.tool_name,
      toolCallId: raw.tool_call_id,
      parameters: raw.parameters,
      eventId: raw.event_id,
    };
    const tools = this.options.clientTools;
    const tool = tools && Object.hasOwn(tools, call.toolName) ? tools[call.toolName] : undefined;
    if (!tool) {
      if (this.options.onUnhandledClientToolCall) {
        this.options.onUnhandledClientToolCall(call);
        return;
      }
      const text = `Client tool with name ${call.toolName} is not defined on client`;
      this.options.onError?.(text, call);
      this.sendClientToolResult(call.toolCallId, text, true);
      return;
    }
    try {
      const value = await tool(call.parameters);
      const result =
        value === undefined || value === null
          ? TOOL_SUCCESS
          : typeof value === 'string'
            ? value
            : JSON.stringify(value);
      this.sendClientToolResult(call.toolCallId, result, false);
    } catch (error) {
      const text = `Client tool execution failed with following error: ${error instanceof Error ? error.message : String(error)}`;
      this.options.onError?.(text, call);
      this.sendClientToolResult(call.toolCallId, text, true);
    }
  }

  private async handleClose(details: DisconnectDetails): Promise<void> {
    if (this.ended) return;
    const dropped =
      details.reason === 'error' &&
      (details.code === 1006 || details.message === SOCKET_ERROR_MESSAGE);
    const r = this.options.reconnect;
    const max = r ? (typeof r === 'object' ? (r.maxAttempts ?? 3) : 3) : 0;
    if (dropped && this.status === 'connected' && max > 0) {
      await this.reconnect(details, max, typeof r === 'object' ? (r.delayMs ?? 1000) : 1000);
      return;
    }
    await this.finish(details);
  }

  private async reconnect(
    original: DisconnectDetails,
    max: number,
    delayMs: number,
  ): Promise<void> {
    this.setStatus('connecting');
    this.setMode('listening');
    this.playback?.interrupt();
    while (!this.ended && this.reconnectAttempts < max) {
      this.reconnectAttempts++;
      this.debug({ type: 'reconnecting', attempt: this.reconnectAttempts, cause: original });
      await new Promise<void>((r) => this.platform.setTimeout(r, delayMs * this.reconnectAttempts));
      if (this.ended) return;
      try {
        const connection = await this.connect();
        if (this.ended) {
          connection.close();
          return;
        }
        if (this.inputFormat && connection.inputFormat.sampleRate !== this.inputFormat.sampleRate) {
          connection.close();
          break; // the capture graph runs at the old rate; a new session is needed
        }
        this.connection = connection;
        this.conversationId = connection.conversationId;
        this.lastInterruptId = -1;
        this.reconnectAttempts = 0;
        this.setStatus('connected');
        this.options.onConnect?.({ conversationId: this.conversationId });
        this.attach(connection);
        return;
      } catch (error) {
        this.debug({
          type: 'reconnect_failed',
          attempt: this.reconnectAttempts,
          error: String(error),
        });
      }
    }
    await this.finish(original);
  }

  /** Ends the session for a reason other than the user's: tear down, then report. */
  private finish(details: DisconnectDetails): Promise<void> {
    if (this.endPromise) return this.endPromise;
    this.ended = true;
    this.endPromise = (async () => {
      if (this.status !== 'connecting') this.setStatus('disconnecting');
      await this.teardown();
      this.setStatus('disconnected');
      this.options.onDisconnect?.(details);
    })();
    return this.endPromise;
  }

  private async teardown(): Promise<void> {
    this.stopActivity();
    this.connection?.close();
    // Stop the tracks first and synchronously: the mic indicator must go off even if closing an
    // audio context hangs or throws.
    this.stream?.getTracks().forEach((t) => t.stop());
    const capture = this.capture;
    const playback = this.playback;
    this.capture = undefined;
    this.playback = undefined;
    const lock = this.wakeLock;
    this.wakeLock = undefined;
    await Promise.all([
      capture?.close(),
      playback?.close(),
      lock?.release().catch(() => undefined),
    ]);
  }

  // ---- outgoing ------------------------------------------------------------------------------

  private send(message: OutgoingMessage): boolean {
    if (this.status !== 'connected' || !this.connection) {
      this.debug({ type: 'send_dropped', reason: `status ${this.status}` });
      return false;
    }
    this.connection.send(message);
    return true;
  }

  private sendAudio(samples: Float32Array): void {
    if (!this.inputFormat || this.status !== 'connected') return;
    this.send({ user_audio_chunk: encodeAudio(samples, this.inputFormat.format) });
  }

  /** Ends the session (reported as ended by the user). Safe to call more than once. */
  endSession(): Promise<void> {
    if (this.endPromise) return this.endPromise;
    this.ended = true;
    this.endPromise = (async () => {
      this.setStatus('disconnecting');
      await this.teardown();
      this.setStatus('disconnected');
      this.options.onDisconnect?.({ reason: 'user', message: USER_ENDED_MESSAGE, code: 1000 });
    })();
    return this.endPromise;
  }

  /**
   * Sends a typed user turn. Returns false (and sends nothing) for empty text, when not
   * connected, or for the same text within 1000 ms, which guards against double submits.
   */
  sendUserMessage(text: string): boolean {
    const trimmed = text.trim();
    if (!trimmed) return false;
    const now = this.platform.now();
    if (
      this.lastSent &&
      this.lastSent.text === trimmed &&
      now - this.lastSent.at < DUPLICATE_WINDOW_MS
    ) {
      this.debug({ type: 'duplicate_dropped', text: trimmed });
      return false;
    }
    if (!this.send({ type: 'user_message', text: trimmed })) return false;
    this.lastSent = { text: trimmed, at: now };
    return true;
  }

  /** Tells the agent the user is active (typing), so it holds back. */
  sendUserActivity(): void {
    this.send({ type: 'user_activity' });
  }

  /**
   * Mirrors the message input: a change to non-empty text signals activity at once, and every
   * 5000 ms while it stays non-empty; empty text stops the signal.
   */
  setDraft(text: string): void {
    const previous = this.draft;
    this.draft = text;
    if (!text.trim()) {
      this.stopActivity();
      return;
    }
    if (text !== previous) this.sendUserActivity();
    this.activityTimer ??= this.platform.setInterval(
      () => this.sendUserActivity(),
      USER_ACTIVITY_INTERVAL_MS,
    );
  }

  private stopActivity(): void {
    if (this.activityTimer !== undefined) this.platform.clearInterval(this.activityTimer);
    this.activityTimer = undefined;
  }

  /** Background information for the agent; does not start a turn. */
  sendContextualUpdate(text: string, contextId?: string): void {
    this.send({ type: 'contextual_update', text, ...(contextId ? { context_id: contextId } : {}) });
  }

  /**
   * Rates an agent response (default: the latest). Once per response: returns false if that
   * response was already rated or there is none.
   */
  sendFeedback(like: boolean, eventId = this.currentEventId): boolean {
    if (eventId === undefined || this.feedbackSent.has(eventId)) return false;
    if (!this.send({ type: 'feedback', score: like ? 'like' : 'dislike', event_id: eventId }))
      return false;
    this.feedbackSent.add(eventId);
    this.options.onCanSendFeedbackChange?.({ canSendFeedback: this.canSendFeedback() });
    return true;
  }

  /** Whether the latest agent response can still be rated. */
  canSendFeedback(): boolean {
    return this.currentEventId !== undefined && !this.feedbackSent.has(this.currentEventId);
  }

  /** Answers a tool call the app handled itself (see onUnhandledClientToolCall). */
  sendClientToolResult(toolCallId: string, result: string, isError = false): void {
    this.send({ type: 'client_tool_result', tool_call_id: toolCallId, result, is_error: isError });
  }

  /** Output volume, 0..1. */
  setVolume({ volume }: { volume: number }): void {
    this.volume = volume;
    this.playback?.setVolume(volume);
  }

  /** Mutes the microphone; silence keeps streaming so the server's timing stays intact. */
  setMicMuted(muted: boolean): void {
    this.userMuted = muted;
    this.applyMicMute();
  }

  /**
   * Opens or closes the microphone during a voice session (a switch to typing and back).
   * Off stops the microphone's tracks at once, so the browser's microphone indicator goes off,
   * and closes the capture; nothing is streamed until it is on again. On asks for the
   * microphone again and captures at the session's input format; it rejects with
   * `MICROPHONE_FAILED` or `AUDIO_FAILED` (the microphone stays off), and with `NOT_SUPPORTED`
   * in a text-only session or before the session is connected. Calls run in order.
   */
  setInputEnabled(enabled: boolean): Promise<void> {
    const run = () => (enabled ? this.openInput() : this.closeInput());
    const next = this.inputChange.then(run, run);
    this.inputChange = next.catch(() => undefined);
    return next;
  }

  /** Whether the microphone is open (false in text-only sessions and after input was turned off). */
  isInputEnabled(): boolean {
    return this.capture !== undefined;
  }

  private async openInput(): Promise<void> {
    if (this.ended || this.capture) return;
    if (this.textOnly) {
      throw new VoiceClientError('NOT_SUPPORTED', 'A text-only session has no microphone.');
    }
    const format = this.inputFormat;
    if (!format || this.status !== 'connected') {
      throw new VoiceClientError('NOT_SUPPORTED', 'The session is not connected.');
    }
    const stream = await this.openMicrophone();
    const stop = () => stream.getTracks().forEach((t) => t.stop());
    if (this.ended) return stop();
    let capture: MicrophoneCapture;
    try {
      capture = await MicrophoneCapture.create(
        stream,
        format,
        this.platform,
        (samples) => this.sendAudio(samples),
        this.options.workletUrls,
      );
    } catch (error) {
      stop();
      throw error;
    }
    if (this.ended) return capture.close();
    this.stream = stream;
    this.capture = capture;
    this.applyMicMute();
  }

  private async closeInput(): Promise<void> {
    const { capture, stream } = this;
    this.capture = undefined;
    this.stream = undefined;
    // Synchronously first, as in teardown: the indicator goes off even if closing hangs.
    stream?.getTracks().forEach((t) => t.stop());
    await capture?.close();
  }

  /**
   * Plays the agent's audio or not. Off stops what is playing and drops further audio (no
   * `onAudio`); the agent's answers still arrive as text through `onMessage`.
   */
  setOutputEnabled(enabled: boolean): void {
    this.outputOff = !enabled;
    if (!enabled) {
      this.playback?.interrupt();
      this.setMode('listening');
    }
  }

  /** Whether agent audio is played (always false in text-only sessions). */
  isOutputEnabled(): boolean {
    return !this.outputOff && this.playback !== undefined;
  }

  /** Turns `muteMicWhileAgentSpeaks` on or off during the session. */
  setMuteMicWhileAgentSpeaks(on: boolean): void {
    this.muteWhileSpeaking = on;
    this.applyMicMute();
  }

  getInputVolume(): number {
    return this.capture?.volume ?? 0;
  }

  getOutputVolume(): number {
    return this.playback?.level ?? 0;
  }

  getInputByteFrequencyData(): Uint8Array {
    return frequencyOf(this.capture?.analyser);
  }

  getOutputByteFrequencyData(): Uint8Array {
    return frequencyOf(this.playback?.analyser);
  }

  /** The server's conversation id. */
  getId(): string {
    return this.conversationId;
  }

  getStatus(): Status {
    return this.status;
  }

  getMode(): Mode {
    return this.mode;
  }

  /** The server's latest round-trip estimate, in ms, or null before one. */
  getPingMs(): number | null {
    return this.pingMs;
  }

  isOpen(): boolean {
    return this.status === 'connected';
  }

  // ---- state ---------------------------------------------------------------------------------

  private setStatus(status: Status): void {
    if (status === this.status || !canTransition(this.status, status)) return;
    this.status = status;
    this.options.onStatusChange?.({ status });
  }

  private setMode(mode: Mode): void {
    if (mode === this.mode) return;
    this.mode = mode;
    this.applyMicMute();
    this.options.onModeChange?.({ mode });
  }

  private applyMicMute(): void {
    const agentSpeaking = this.muteWhileSpeaking && this.mode === 'speaking';
    this.capture?.setMuted(this.userMuted || agentSpeaking);
  }

  private setCurrentEvent(eventId: number): void {
    if (eventId === this.currentEventId) return;
    const before = this.canSendFeedback();
    this.currentEventId = eventId;
    if (before !== this.canSendFeedback()) {
      this.options.onCanSendFeedbackChange?.({ canSendFeedback: this.canSendFeedback() });
    }
  }

  private debug(info: unknown): void {
    this.options.onDebug?.(info);
  }
}

// About 300 lines: the session's life (auth, handshake, open, close) in one place; every other
// concern is a part in its own module (session-parts.ts).
import type { ConversationInitiationClientData } from '@fieldcraft/contracts';
import type { IncomingMessage } from 'node:http';
import type { RawData, WebSocket } from 'ws';
import { authorizeRoom, identify, type VoiceIdentity, VoiceRefusal } from './auth';
import { dispatchClientFrame } from './client-frames';
import { delay } from './delivery';
import { FrameIntake } from './frame-intake';
import { Handshake } from './handshake';
import { DEFAULT_SETTINGS, firstMessageFor, type SessionSettings, settingsFor } from './overrides';
import { closeOutcome } from './persistence';
import { INPUT_FORMAT } from './recognition';
import { composeSession, type SessionDeps, type SessionParts } from './session-parts';
import { closeReason, errorType } from './text';
import type { RoomForVoice, VoiceAccessKey } from './voice-access.repository';

// One conversation on /v1/convai/conversation (voice-protocol.md §3–§9; docs/voice-runtime.md):
// the socket's lifecycle. The parts it composes: frame-intake (limits), handshake (frames before
// the metadata), client-frames (dispatch), dialogue (user turns, answers), turns (scheduling,
// event ids), delivery (text and audio out), recognition (audio in), persistence (rows),
// timers (pings, idle, maximum duration).

export { ANSWER_FAILED, SAY_AGAIN } from './dialogue';
export type { SessionDeps, SessionRegistry } from './session-parts';

const METADATA_GAP_MS = 60;

/** The close reason of a conversation ended by a redeploy of its agent (1012). */
export const REDEPLOY_REASON =
  "This agent's settings were updated. Start a new conversation to use them.";

type State = 'authenticating' | 'open' | 'closing' | 'closed';

export class VoiceSession {
  private state: State = 'authenticating';
  private identity: VoiceIdentity | null = null;
  private room: RoomForVoice | null = null;
  private settings: SessionSettings = DEFAULT_SETTINGS;
  private reserved = false;
  /** Whether this session was counted as open in the metrics (so it is uncounted once). */
  private counted = false;
  private serverClose: { code: number; reason: string } | null = null;
  private receivedClose = 1006;
  private closeTimer: NodeJS.Timeout | null = null;
  private readonly lifetime = new AbortController();
  private readonly intake: FrameIntake;
  private readonly handshake = new Handshake();
  private readonly parts: SessionParts;
  private resolveFinished!: () => void;
  /** Resolves once the socket is closed and the conversation's end is stored. */
  readonly finished = new Promise<void>((r) => (this.resolveFinished = r));

  constructor(
    private readonly socket: WebSocket,
    private readonly request: IncomingMessage,
    private readonly url: URL,
    private readonly deps: SessionDeps,
  ) {
    this.intake = new FrameIntake(deps.limits);
    this.parts = composeSession(
      {
        lifetime: this.lifetime.signal,
        isOpen: () => this.state === 'open',
        send: (frame) => this.send(frame),
        close: (code, reason, errorEvent) => this.closeWith(code, reason, errorEvent),
        settings: () => this.settings,
        identity: () => this.identity,
        room: () => this.room,
      },
      deps,
    );
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
      const init = await this.handshake.waitForInitiation(limits.initiationTimeoutMs);
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
      this.settings = settingsFor(init, this.room);
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

  private async open(init: ConversationInitiationClientData | null): Promise<void> {
    const identity = this.identity;
    const room = this.room;
    if (!identity || !room) return;
    const { store, turns, delivery } = this.parts;
    const conversationId = await store.open({
      agentId: room.agent.agentId,
      roomId: room.id,
      roomName: room.name,
      userId: identity.user.id,
      textOnly: this.settings.textOnly,
    });
    if (this.state !== 'authenticating') {
      // The client left while the row was written: the close handler ran before it existed.
      await this.storeEnd(this.receivedClose);
      return;
    }
    this.send({
      type: 'conversation_initiation_metadata',
      conversation_initiation_metadata_event: {
        conversation_id: conversationId,
        agent_output_audio_format: room.agent.outputFormat,
        user_input_audio_format: INPUT_FORMAT,
      },
    });
    this.state = 'open';
    this.parts.recognition.opened();
    this.counted = true;
    this.deps.metrics.started.inc();
    this.deps.metrics.active.inc();
    this.parts.startTimers();
    // A client that attaches its handler a tick late loses frames that share a read (§3).
    await delay(METADATA_GAP_MS);
    if (this.state !== 'open') return;

    const { speech } = this.deps;
    const { textOnly } = this.settings;
    if (!textOnly) this.parts.recognition.listen();
    // Client-supplied overrides and variables: the first message is stored like any turn.
    const firstMessage = firstMessageFor(init, room, identity);
    if (firstMessage) turns.start((turn) => delivery.speak(turn, firstMessage, []));
    if (!textOnly && (!speech.synthesizer || !speech.recognizer)) {
      const notice =
        `Voice is not fully available on this server: ${speech.missing.join(' ')} ` +
        'Typed messages keep working.';
      turns.start(
        (turn) => delivery.speak(turn, notice.replace(/\s+/g, ' ').trim(), [], false),
        false,
      );
    }
    // Frames that arrived during the handshake, in order.
    for (const frame of this.handshake.drain()) this.handle(frame);
  }

  // ---- frames in ----------------------------------------------------------------------------

  private onFrame(data: RawData, isBinary: boolean): void {
    if (this.state === 'closing' || this.state === 'closed') return;
    const intake = this.intake.accept(data, isBinary);
    if ('refusal' in intake) {
      this.closeWith(intake.refusal.code, intake.refusal.reason);
      return;
    }
    if (this.state === 'authenticating') this.handshake.receive(intake.frame);
    else this.handle(intake.frame);
  }

  private handle(frame: Record<string, unknown>): void {
    if (this.state !== 'open') return;
    try {
      dispatchClientFrame(frame, this.parts.handlers);
    } catch (err) {
      if (err instanceof VoiceRefusal) this.closeWith(err.code, err.message);
      else {
        this.deps.log.error({ err }, 'voice frame failed');
        this.closeWith(1011, 'Internal error');
      }
    }
  }

  // ---- frames out, closing ------------------------------------------------------------------

  private send(frame: Record<string, unknown>): void {
    if (this.socket.readyState !== this.socket.OPEN) return;
    this.socket.send(JSON.stringify(frame));
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
    this.parts.stopTimers();
    this.lifetime.abort();
    this.handshake.cancel();
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
    if (!this.parts.store.id) {
      this.resolveFinished(); // never opened: nothing stored
      return;
    }
    // The row is still being written: open() stores the end itself once it exists.
    if (previous === 'authenticating') return;
    await this.storeEnd(code);
  }

  private async storeEnd(receivedCode: number): Promise<void> {
    const outcome = closeOutcome(this.serverClose, receivedCode);
    const { store } = this.parts;
    if (store.id && this.counted) {
      this.counted = false;
      this.deps.metrics.active.dec();
      this.deps.metrics.closed.inc({ code: String(outcome.closeCode) });
    }
    await store.end(outcome);
    this.resolveFinished();
  }
}

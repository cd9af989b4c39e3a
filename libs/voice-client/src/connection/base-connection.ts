import type { AudioFormat } from '../audio/format';
import type { IncomingMessage, OutgoingMessage } from '../protocol/messages';
import type { DisconnectDetails } from './disconnect';

/** Debug notes a connection reports (dropped frames, unknown types). */
export type ConnectionDebug = { type: string; [key: string]: unknown };

/**
 * A live conversation transport after the handshake. Messages that arrive before a listener is
 * attached are queued, so no frame sent right after the metadata is lost.
 */
export abstract class BaseConnection {
  abstract readonly conversationId: string;
  abstract readonly inputFormat: AudioFormat;
  abstract readonly outputFormat: AudioFormat;

  private messageListener?: (message: IncomingMessage) => void;
  private disconnectListener?: (details: DisconnectDetails) => void;
  private debugListener?: (info: ConnectionDebug) => void;
  private pending: IncomingMessage[] = [];
  private ended?: DisconnectDetails;

  abstract send(message: OutgoingMessage): void;
  /** Closes from this side; reported as ended by the user. */
  abstract close(): void;

  onMessage(listener: (message: IncomingMessage) => void): void {
    this.messageListener = listener;
    const queued = this.pending;
    this.pending = [];
    for (const m of queued) listener(m);
  }

  onDisconnect(listener: (details: DisconnectDetails) => void): void {
    this.disconnectListener = listener;
    if (this.ended) listener(this.ended);
  }

  onDebug(listener: (info: ConnectionDebug) => void): void {
    this.debugListener = listener;
  }

  protected emitMessage(message: IncomingMessage): void {
    if (this.messageListener) this.messageListener(message);
    else this.pending.push(message);
  }

  protected emitDisconnect(details: DisconnectDetails): void {
    if (this.ended) return;
    this.ended = details;
    this.disconnectListener?.(details);
  }

  protected emitDebug(info: ConnectionDebug): void {
    this.debugListener?.(info);
  }
}

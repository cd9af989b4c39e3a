import { type AudioFormat, DEFAULT_INPUT_FORMAT, parseFormat } from '../audio/format';
import { parseServerFrame } from '../protocol/guard';
import type { OutgoingMessage } from '../protocol/messages';
import type { VoicePlatform, WebSocketLike } from '../platform';
import { VoiceClientError } from '../voice-client-error';
import { BaseConnection, type ConnectionDebug } from './base-connection';
import { SERVER_CLOSED_MESSAGE, SOCKET_ERROR_MESSAGE, describeClose } from './disconnect';
import { buildSocketUrl, socketProtocols, type SocketTarget } from './socket-url';

const OPEN = 1;

/** What the websocket connection needs to open a conversation. */
export interface WebSocketConnectionConfig {
  target: SocketTarget;
  authorization?: string;
  /** The `conversation_initiation_client_data` frame, sent first. */
  initiation: OutgoingMessage;
  /** Used when the metadata names no input format. */
  inputFormat?: string;
  platform: Pick<VoicePlatform, 'createWebSocket'>;
  /** Handshake notes (frames before the metadata) go here before a listener can attach. */
  onDebug?: (info: ConnectionDebug) => void;
}

/** The convai protocol over one websocket (voice-protocol.md). */
export class WebSocketConnection extends BaseConnection {
  private userClosed = false;
  private socketError = false;

  private constructor(
    private readonly socket: WebSocketLike,
    readonly conversationId: string,
    readonly inputFormat: AudioFormat,
    readonly outputFormat: AudioFormat,
  ) {
    super();
  }

  /**
   * Opens the socket, sends the initiation frame and resolves once the metadata arrives.
   * Rejects with a VoiceClientError carrying the close code if the server closes first.
   */
  static create(config: WebSocketConnectionConfig): Promise<WebSocketConnection> {
    return new Promise((resolve, reject) => {
      let socket: WebSocketLike;
      try {
        socket = config.platform.createWebSocket(
          buildSocketUrl(config.target),
          socketProtocols(config.authorization),
        );
      } catch (cause) {
        reject(
          new VoiceClientError('CONNECTION_FAILED', SOCKET_ERROR_MESSAGE, undefined, { cause }),
        );
        return;
      }
      let connection: WebSocketConnection | undefined;
      let settled = false;
      const fail = (error: VoiceClientError) => {
        if (settled) return;
        settled = true;
        reject(error);
        if (socket.readyState <= OPEN) socket.close();
      };

      socket.onopen = () => socket.send(JSON.stringify(config.initiation));
      socket.onerror = () => {
        if (connection) connection.socketError = true;
        else fail(new VoiceClientError('CONNECTION_FAILED', SOCKET_ERROR_MESSAGE));
      };
      socket.onclose = (event) => {
        if (connection) {
          connection.emitDisconnect(
            describeClose(event.code, event.reason, {
              userInitiated: connection.userClosed,
              socketError: connection.socketError,
            }),
          );
        } else {
          fail(
            new VoiceClientError(
              'CONNECTION_FAILED',
              event.reason || SERVER_CLOSED_MESSAGE,
              event.code,
            ),
          );
        }
      };
      // One handler for the socket's whole life: frames that follow the metadata in the same
      // read are queued by the connection instead of being lost before a listener attaches.
      socket.onmessage = (event) => {
        const parsed = parseServerFrame(event.data);
        if (connection) {
          if (parsed.ok) connection.emitMessage(parsed.message);
          else
            connection.emitDebug({
              type: 'dropped_frame',
              reason: parsed.reason,
              detail: parsed.detail,
            });
          return;
        }
        if (settled) return;
        if (!parsed.ok || parsed.message.type !== 'conversation_initiation_metadata') {
          config.onDebug?.({
            type: 'unexpected_first_frame',
            detail: parsed.ok ? parsed.message.type : parsed.detail,
          });
          fail(
            new VoiceClientError(
              'HANDSHAKE_FAILED',
              'The server did not start the conversation (expected conversation_initiation_metadata).',
            ),
          );
          return;
        }
        const meta = parsed.message.conversation_initiation_metadata_event;
        try {
          connection = new WebSocketConnection(
            socket,
            meta.conversation_id,
            parseFormat(meta.user_input_audio_format ?? config.inputFormat ?? DEFAULT_INPUT_FORMAT),
            parseFormat(meta.agent_output_audio_format),
          );
        } catch (error) {
          fail(error as VoiceClientError);
          return;
        }
        settled = true;
        resolve(connection);
      };
    });
  }

  send(message: OutgoingMessage): void {
    if (this.socket.readyState !== OPEN) {
      this.emitDebug({ type: 'send_dropped', reason: 'socket not open' });
      return;
    }
    this.socket.send(JSON.stringify(message));
  }

  close(): void {
    if (this.userClosed) return;
    this.userClosed = true;
    if (this.socket.readyState <= OPEN) this.socket.close(1000, 'User ended conversation');
  }
}

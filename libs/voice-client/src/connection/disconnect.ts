/** Who ended a session. */
export type DisconnectReason = 'user' | 'agent' | 'error';

/** Why a session ended: always a reason and a readable message, plus the close code if any. */
export interface DisconnectDetails {
  reason: DisconnectReason;
  message: string;
  code?: number;
}

export const USER_ENDED_MESSAGE = 'User ended conversation';
export const SERVER_CLOSED_MESSAGE = 'The connection was closed by the server.';
export const SOCKET_ERROR_MESSAGE = 'The connection was closed due to a socket error.';
export const AGENT_ENDED_MESSAGE = 'The agent ended the conversation.';

/** Maps a socket close (voice-protocol.md §9) to the reason the app is told. */
export function describeClose(
  code: number,
  closeReason: string,
  how: { userInitiated?: boolean; socketError?: boolean } = {},
): DisconnectDetails {
  if (how.userInitiated) return { reason: 'user', code, message: USER_ENDED_MESSAGE };
  if (how.socketError) return { reason: 'error', code, message: SOCKET_ERROR_MESSAGE };
  if (code === 1000) return { reason: 'agent', code, message: closeReason || AGENT_ENDED_MESSAGE };
  return { reason: 'error', code, message: closeReason || SERVER_CLOSED_MESSAGE };
}

/** Voice session status (spec §4). */
export type Status = 'disconnected' | 'connecting' | 'connected' | 'disconnecting';
/** Whether the agent is speaking or listening. */
export type Mode = 'listening' | 'speaking';

const allowed: Record<Status, readonly Status[]> = {
  disconnected: ['connecting'],
  // connected → connecting only for an automatic reconnect.
  connecting: ['connected', 'disconnecting', 'disconnected'],
  connected: ['disconnecting', 'disconnected', 'connecting'],
  disconnecting: ['disconnected'],
};

/** Whether a status change is legal; the session ignores illegal ones instead of throwing. */
export function canTransition(from: Status, to: Status): boolean {
  return allowed[from].includes(to);
}

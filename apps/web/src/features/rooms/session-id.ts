/** A room chat session id: a timestamp and a random string. */
export function newSessionId(now: number = Date.now()): string {
  return `${now}-${Math.random().toString(36).slice(2, 10)}`;
}

/** Default websocket origin: the voice provider's secure host. */
export const DEFAULT_ORIGIN = 'wss://api.elevenlabs.io';
/** Sent as `source` / `version` so servers can tell clients apart. */
export const CLIENT_SOURCE = 'js_sdk';
export const CLIENT_VERSION = '0.1.0';

/** Where to connect: an agent on an origin, or a signed URL minted by a server. */
export type SocketTarget =
  | { agentId: string; origin?: string; signedUrl?: never }
  | { signedUrl: string; agentId?: never; origin?: never };

/** The conversation URL with `source` and `version` appended (voice-protocol.md §2). */
export function buildSocketUrl(target: SocketTarget): string {
  const tail = `source=${CLIENT_SOURCE}&version=${CLIENT_VERSION}`;
  if (target.signedUrl) {
    return `${target.signedUrl}${target.signedUrl.includes('?') ? '&' : '?'}${tail}`;
  }
  const origin = (target.origin ?? DEFAULT_ORIGIN).replace(/\/+$/, '');
  return `${origin}/v1/convai/conversation?agent_id=${encodeURIComponent(target.agentId ?? '')}&${tail}`;
}

/** Subprotocols: `convai`, plus the bearer entry when a token is given. */
export function socketProtocols(authorization?: string): string[] {
  return authorization ? ['convai', `bearer.${authorization}`] : ['convai'];
}

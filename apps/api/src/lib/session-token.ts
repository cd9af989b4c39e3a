import { createHash, randomBytes } from 'node:crypto';

/** A new opaque session token for the cookie: 32 random bytes, base64url. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The session's database id: sha256 of the token, so a leaked table holds no usable token. */
export function sessionIdFromToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

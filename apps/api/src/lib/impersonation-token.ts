import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

// Impersonation tokens: a compact JWS (HS256), three dot-separated base64url segments, as the
// spec's web client expects. Signing proves the server issued it; the database row (by jti)
// is what makes it revocable and binds it to the session that asked for it.

/** The longest an impersonation may last. */
export const IMPERSONATION_TTL_SECONDS = 30 * 60;

export interface ImpersonationClaims {
  /** The real actor (who is acting). */
  act: number;
  /** The impersonated user. */
  sub: number;
  /** A digest of the actor's session id (never the session id itself). */
  sid: string;
  iat: number;
  exp: number;
  jti: string;
}

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');
const SEGMENT = /^[A-Za-z0-9_-]+$/;
// Our tokens are ~250 characters; anything far longer is junk and is not even hashed.
const MAX_TOKEN_LENGTH = 1024;

function sign(secret: string, data: string): Buffer {
  return createHmac('sha256', secret).update(data).digest();
}

/** A digest of a session id for the `sid` claim: binds the token without revealing the id. */
export function sessionDigest(secret: string, sessionId: string): string {
  return createHmac('sha256', secret).update(`sid:${sessionId}`).digest('base64url').slice(0, 32);
}

export function newJti(): string {
  return randomBytes(16).toString('base64url');
}

export function signImpersonationToken(secret: string, claims: ImpersonationClaims): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  const data = `${HEADER}.${payload}`;
  return `${data}.${sign(secret, data).toString('base64url')}`;
}

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);
const isText = (v: unknown): v is string => typeof v === 'string' && v.length > 0 && v.length < 200;

/**
 * The token's claims when its signature verifies and it has not expired; null for anything
 * else (wrong shape, other algorithm, bad signature, bad claims, expired). Never throws.
 */
export function verifyImpersonationToken(
  secret: string,
  token: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): ImpersonationClaims | null {
  if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH) return null;
  const parts = token.split('.');
  if (parts.length !== 3 || !parts.every((p) => SEGMENT.test(p))) return null;
  const [header, payload, signature] = parts as [string, string, string];
  // Only our own header: no algorithm choice is left to the token ("alg: none" and friends).
  if (header !== HEADER) return null;
  const expected = sign(secret, `${header}.${payload}`);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!claims || typeof claims !== 'object') return null;
  const c = claims as Record<string, unknown>;
  if (!isInt(c.act) || !isInt(c.sub) || !isInt(c.iat) || !isInt(c.exp)) return null;
  if (!isText(c.sid) || !isText(c.jti)) return null;
  if (c.exp <= nowSeconds || c.exp - c.iat > IMPERSONATION_TTL_SECONDS) return null;
  return { act: c.act, sub: c.sub, sid: c.sid, iat: c.iat, exp: c.exp, jti: c.jti };
}

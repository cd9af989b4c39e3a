import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../plugins/db';
import { ensureAppSecret } from '../people/impersonation.repository';

/**
 * Device cookies (OWASP, "Slow down online guessing attacks with device cookies"): a device
 * that signed in to an account gets a signed cookie naming that account. A sign-in for that
 * account that presents it is not held back by the account's failures from elsewhere; it has
 * a failure limit of its own (auth/login-throttle.ts).
 *
 * One cookie per account, so a shared crew tablet keeps one per person: the name is
 * `fc_device_` + an HMAC of the email (the email is not readable from it), the value
 * `<nonce>.<HMAC of email and nonce>`. Only sent to the sign-in route.
 */
export const DEVICE_COOKIE_PREFIX = 'fc_device_';
export const DEVICE_COOKIE_PATH = '/api/auth/login';
export const DEVICE_COOKIE_MAX_AGE_DAYS = 180;

const mac = (secret: string, text: string) =>
  createHmac('sha256', secret).update(text).digest('base64url');

/** The signing key: LOGIN_DEVICE_SECRET, else a random per-install secret in app_secrets. */
export async function resolveDeviceSecret(db: Db, configured: string | null): Promise<string> {
  if (configured) return configured;
  return ensureAppSecret(db, 'login-device', randomBytes(32).toString('base64url'));
}

export function deviceCookieName(secret: string, email: string): string {
  return DEVICE_COOKIE_PREFIX + mac(secret, `name|${email}`).slice(0, 16);
}

/** The device id (its nonce) when the request carries a validly signed cookie for `email`. */
export function trustedDeviceId(
  request: FastifyRequest,
  secret: string,
  email: string,
): string | null {
  const value = request.cookies[deviceCookieName(secret, email)];
  if (!value) return null;
  const [nonce, signature, extra] = value.split('.');
  if (!nonce || !signature || extra !== undefined) return null;
  const expected = Buffer.from(mac(secret, `device|${email}|${nonce}`));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? nonce : null;
}

/** Sets a fresh device cookie for `email` (a new nonce, so new failure count) after a sign-in. */
export function setDeviceCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  secret: string,
  email: string,
): void {
  const nonce = randomBytes(16).toString('base64url');
  const { cookieSecure } = request.server.config;
  reply.setCookie(
    deviceCookieName(secret, email),
    `${nonce}.${mac(secret, `device|${email}|${nonce}`)}`,
    {
      httpOnly: true,
      sameSite: 'strict',
      path: DEVICE_COOKIE_PATH,
      secure: cookieSecure === 'auto' ? request.protocol === 'https' : cookieSecure,
      maxAge: DEVICE_COOKIE_MAX_AGE_DAYS * 86_400,
    },
  );
}

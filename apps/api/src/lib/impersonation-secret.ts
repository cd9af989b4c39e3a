import { randomBytes } from 'node:crypto';
import type { Db } from '../plugins/db';
import { ensureAppSecret } from '../people/impersonation.repository';

/** Shortest IMPERSONATION_SECRET accepted: an HMAC-SHA256 key of fewer bytes is weak. */
export const MIN_SECRET_LENGTH = 32;

/**
 * The impersonation signing key: IMPERSONATION_SECRET when set (every instance must then get
 * the same value), else a random per-install secret kept in the database so several
 * instances agree without configuration.
 */
export async function resolveImpersonationSecret(
  db: Db,
  env: NodeJS.ProcessEnv = process.env,
): Promise<string> {
  const configured = env.IMPERSONATION_SECRET?.trim();
  if (configured) {
    if (configured.length < MIN_SECRET_LENGTH) {
      throw new Error(`IMPERSONATION_SECRET: must be at least ${MIN_SECRET_LENGTH} characters`);
    }
    return configured;
  }
  return ensureAppSecret(db, 'impersonation', randomBytes(32).toString('base64url'));
}

import { ErrorCode } from '@fieldcraft/contracts';
import type { Kysely } from 'kysely';
import {
  clearLoginFailures,
  deleteLoginFailuresBefore,
  recordLoginFailure,
  secondsUntilBelowLimit,
} from './login-attempts.repository';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { AppConfig } from '../../plugins/config';

type Db = Kysely<Database>;
type Limits = AppConfig['loginRateLimit'];

// Failures live in the database (login_attempts), so every API instance sees the same counts.

/** Throws 429 RATE_LIMITED (with Retry-After) when the account or the address is locked out. */
export async function assertLoginAllowed(
  db: Db,
  limits: Limits,
  email: string,
  ip: string,
): Promise<void> {
  const [byAccount, byAddress] = await Promise.all([
    secondsUntilBelowLimit(db, { email }, limits.maxFailuresPerAccount, limits.windowMinutes),
    secondsUntilBelowLimit(db, { ip }, limits.maxFailuresPerAddress, limits.windowMinutes),
  ]);
  const wait = Math.max(byAccount ?? 0, byAddress ?? 0);
  if (wait === 0) return;
  const minutes = Math.ceil(wait / 60);
  throw new AppError(
    429,
    ErrorCode.RATE_LIMITED,
    `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    { headers: { 'retry-after': String(wait) } },
  );
}

export async function noteLoginFailure(
  db: Db,
  limits: Limits,
  email: string,
  ip: string,
): Promise<void> {
  await recordLoginFailure(db, email, ip);
  await deleteLoginFailuresBefore(db, limits.windowMinutes);
}

/** A successful sign-in forgives the account's failures (not the address's). */
export async function noteLoginSuccess(db: Db, email: string): Promise<void> {
  await clearLoginFailures(db, email);
}

import type { Role, User } from '@fieldcraft/contracts';
import { storageKeys } from './auth-storage';

const ROLES: readonly Role[] = ['OWNER', 'ADMIN', 'USER'];

/**
 * The user this device last saw signed in (saved by the auth status query), for drawing the
 * navigation while there is no signal. It grants nothing: every request still carries the
 * session cookie and the server decides; the page content says it cannot load. A value that is
 * not a user object (tampered, old format) is ignored.
 */
export function readOfflineUser(storage: Storage = localStorage): User | null {
  const raw = storage.getItem(storageKeys.user);
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object') return null;
  const user = value as Partial<User>;
  const ok =
    typeof user.id === 'number' &&
    typeof user.email === 'string' &&
    typeof user.username === 'string' &&
    typeof user.role === 'string' &&
    ROLES.includes(user.role);
  return ok ? (value as User) : null;
}

/** True when a failed request failed for want of a connection rather than an answer from us. */
export function isConnectionError(error: unknown): boolean {
  return Boolean(
    error && typeof error === 'object' && (error as { status?: unknown }).status === 'FETCH_ERROR',
  );
}

/**
 * The auth status has had no answer from the server in this page load, for want of signal: no
 * data, or only the status this device saved (app/last-seen.ts, which has no
 * fulfilledTimeStamp). Offline, that saved status is not a session.
 */
export function isStatusOffline(status: {
  error?: unknown;
  data?: unknown;
  fulfilledTimeStamp?: number;
}): boolean {
  return (
    isConnectionError(status.error) && (!status.data || status.fulfilledTimeStamp === undefined)
  );
}

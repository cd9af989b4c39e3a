import type { User } from '@fieldcraft/contracts';
import { clearFirstViewCache } from './first-view-cache';

/** Keys of what the web app keeps in localStorage. The session itself is an httpOnly cookie. */
export const storageKeys = {
  authToken: 'auth_token',
  user: 'user',
  impersonationToken: 'impersonation_token',
  impersonatedUser: 'impersonated_user',
  /** The signed-in user's last dashboard (last-seen.ts). */
  lastSeen: 'fieldcraft.last-seen',
} as const;

/** The stored user object; only its role is relied on (for the informational user-role header). */
export function readStoredUser(): { role?: string } | null {
  const raw = localStorage.getItem(storageKeys.user);
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return value && typeof value === 'object' ? (value as { role?: string }) : null;
  } catch {
    return null;
  }
}

/** The id of the stored user object, or null (none, malformed). */
function storedUserId(): number | null {
  const id = (readStoredUser() as { id?: unknown } | null)?.id;
  return typeof id === 'number' ? id : null;
}

/**
 * Remembers the signed-in user. When the device remembered another account, the last dashboard
 * and the service worker's kept first view go: both are the previous user's. (With no user
 * remembered — a first visit, or after sign-out or clear-auth, which delete it themselves — the
 * kept first view stays: on a first visit it is this user's, kept by the worker that visit
 * installed.)
 */
export function storeUser(user: User): void {
  keepLastSeenOnlyFor(user.id);
  const previous = storedUserId();
  if (previous !== null && previous !== user.id) void clearFirstViewCache().catch(() => undefined);
  localStorage.setItem(storageKeys.user, JSON.stringify(user));
}

/** Drops the saved last dashboard (last-seen.ts). */
export function clearLastSeen(storage: Storage = localStorage): void {
  storage.removeItem(storageKeys.lastSeen);
}

/** Drops the saved last dashboard unless it belongs to `userId`: another account signed in. */
export function keepLastSeenOnlyFor(userId: number, storage: Storage = localStorage): void {
  const raw = storage.getItem(storageKeys.lastSeen);
  if (raw === null) return;
  let owner: unknown;
  try {
    owner = (JSON.parse(raw) as { userId?: unknown } | null)?.userId;
  } catch {
    owner = undefined;
  }
  if (owner !== userId) clearLastSeen(storage);
}

/** A server-signed impersonation token has three non-empty dot-separated segments (a JWS). */
export function isWellFormedToken(token: string): boolean {
  const parts = token.split('.');
  return parts.length === 3 && parts.every((part) => part.length > 0);
}

export function clearImpersonation(): void {
  localStorage.removeItem(storageKeys.impersonationToken);
  localStorage.removeItem(storageKeys.impersonatedUser);
}

/** The stored impersonation token, or null. A malformed one is removed together with its user. */
export function readImpersonationToken(): string | null {
  const token = localStorage.getItem(storageKeys.impersonationToken);
  if (token === null) return null;
  if (isWellFormedToken(token)) return token;
  clearImpersonation();
  return null;
}

/** Sign-out: drop the stored auth, user, last dashboard and impersonation entries. */
export function clearStoredAuth(): void {
  localStorage.removeItem(storageKeys.authToken);
  localStorage.removeItem(storageKeys.user);
  clearLastSeen();
  clearImpersonation();
}

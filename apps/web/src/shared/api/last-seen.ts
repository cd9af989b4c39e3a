import type { Middleware, UnknownAction } from '@reduxjs/toolkit';
import { clearLastSeen, readImpersonationToken, storageKeys } from '../session/auth-storage';
import { isPreviewRequesting } from './preview-requests';

/**
 * The signed-in user's last dashboard on this device (docs/field-readiness.md, "Budgets"):
 * the answers a repeat visit needs to draw the dashboard at once — the auth status and the
 * dashboard's three queries — kept in localStorage under the user's id and put back into the
 * RTK Query cache before the first render. They are put back as stale: the first component
 * that subscribes still fetches (the session check included), and the fresh answer replaces
 * them. A revoked session therefore still ends on /login once the status answers.
 *
 * Never shown to another user: the snapshot belongs to one user id; signing in as someone else
 * (storeUser in auth-storage.ts), a signed-out status answer, sign-out and the global clear-auth drop it, and
 * nothing is read or written while impersonating or previewing.
 */

/** Arg-less queries worth keeping. Their cache key is `${name}(undefined)`. */
export const LAST_SEEN_ENDPOINTS = [
  'getAuthStatus',
  'getDashboardContent',
  'getUserDashboard',
  'getLoginStats',
] as const;
export type Endpoint = (typeof LAST_SEEN_ENDPOINTS)[number];

/** Older than this, a snapshot is not shown: the server's default session lifetime (SESSION_TTL_HOURS 168). */
export const LAST_SEEN_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

export interface Snapshot {
  v: 1;
  userId: number;
  savedAt: number;
  data: Partial<Record<Endpoint, unknown>>;
}

const HYDRATE = 'fieldcraft/lastSeenHydrate';

function isEndpoint(name: unknown): name is Endpoint {
  return typeof name === 'string' && (LAST_SEEN_ENDPOINTS as readonly string[]).includes(name);
}

function paused(): boolean {
  return readImpersonationToken() !== null || isPreviewRequesting();
}

/** The authenticated user id in an auth status answer, or null. */
export function statusUserId(status: unknown): number | null {
  const s = status as { isAuthenticated?: unknown; user?: { id?: unknown } | null } | null;
  return s && s.isAuthenticated === true && typeof s.user?.id === 'number' ? s.user.id : null;
}

export function readLastSeen(storage: Storage = localStorage, now = Date.now()): Snapshot | null {
  let value: unknown;
  try {
    value = JSON.parse(storage.getItem(storageKeys.lastSeen) ?? 'null');
  } catch {
    return null;
  }
  const s = value as Partial<Snapshot> | null;
  if (!s || s.v !== 1 || typeof s.userId !== 'number' || typeof s.savedAt !== 'number' || !s.data)
    return null;
  if (now - s.savedAt > LAST_SEEN_MAX_AGE_MS || s.savedAt > now + 60_000) return null;
  // The status inside must name the same user the snapshot is filed under.
  if (statusUserId(s.data.getAuthStatus) !== s.userId) return null;
  return s as Snapshot;
}

function write(snapshot: Snapshot, storage: Storage): void {
  try {
    storage.setItem(storageKeys.lastSeen, JSON.stringify(snapshot));
  } catch {
    // Storage full or refused: the app works without the snapshot.
    clearLastSeen(storage);
  }
}

interface QueryActionMeta {
  arg?: { endpointName?: string; type?: string; originalArgs?: unknown };
  requestStatus?: string;
}

/**
 * Saves fulfilled answers of LAST_SEEN_ENDPOINTS. A signed-in status starts (or keeps) the
 * snapshot of that user; a signed-out status drops it. Other answers are added only while the
 * cached status names the snapshot's user, so nothing is filed under the wrong account.
 */
export function createLastSeenMiddleware(
  readStatus: (state: unknown) => unknown,
  storage: () => Storage = () => localStorage,
): Middleware {
  return (store) => (next) => (action) => {
    const result = next(action);
    const { type, meta, payload } = action as UnknownAction & {
      meta?: QueryActionMeta;
      payload?: unknown;
    };
    if (!type.endsWith('/executeQuery/fulfilled') || meta?.arg?.type !== 'query') return result;
    const name = meta.arg.endpointName;
    if (!isEndpoint(name) || meta.arg.originalArgs !== undefined || paused()) return result;
    const s = storage();
    if (name === 'getAuthStatus') {
      const userId = statusUserId(payload);
      if (userId === null) {
        clearLastSeen(s);
        return result;
      }
      const current = readLastSeen(s);
      const data = current?.userId === userId ? current.data : {};
      write({ v: 1, userId, savedAt: Date.now(), data: { ...data, getAuthStatus: payload } }, s);
      return result;
    }
    const current = readLastSeen(s);
    if (!current || statusUserId(readStatus(store.getState())) !== current.userId) return result;
    write({ ...current, savedAt: Date.now(), data: { ...current.data, [name]: payload } }, s);
    return result;
  };
}

interface HydrateAction extends UnknownAction {
  type: typeof HYDRATE;
  payload: {
    queries: Record<string, unknown>;
    mutations: Record<string, never>;
    provided: { tags: Record<string, never>; keys: Record<string, never> };
  };
}

/** For createApi's extractRehydrationInfo. */
export function lastSeenRehydration(action: UnknownAction) {
  return action.type === HYDRATE ? (action as unknown as HydrateAction).payload : undefined;
}

/**
 * The action that puts saved answers into the cache. Without `fulfilledTimeStamp` (the
 * default) the entries are stale: RTK Query treats them as never fetched and fetches on the
 * first subscription, while the hooks already return the saved data (isLoading false).
 */
export function savedAnswersHydrateAction(
  data: Partial<Record<Endpoint, unknown>>,
  fulfilledTimeStamp?: number,
): HydrateAction {
  const queries: Record<string, unknown> = {};
  for (const endpointName of LAST_SEEN_ENDPOINTS) {
    if (!(endpointName in data)) continue;
    queries[`${endpointName}(undefined)`] = {
      status: 'fulfilled',
      endpointName,
      requestId: '',
      originalArgs: undefined,
      data: data[endpointName],
      startedTimeStamp: 0,
      ...(fulfilledTimeStamp === undefined ? {} : { fulfilledTimeStamp }),
    };
  }
  return { type: HYDRATE, payload: { queries, mutations: {}, provided: { tags: {}, keys: {} } } };
}

/** Saves answers the app did not fetch itself (the server's first view) as this device's snapshot. */
export function saveLastSeen(snapshot: Snapshot, storage: Storage = localStorage): void {
  if (paused()) return;
  write(snapshot, storage);
}

/** The action that puts this device's snapshot into the cache (stale), or null when there is none to use. */
export function lastSeenHydrateAction(storage: Storage = localStorage): HydrateAction | null {
  if (paused()) return null;
  const snapshot = readLastSeen(storage);
  if (!snapshot) {
    if (storage.getItem(storageKeys.lastSeen) !== null) clearLastSeen(storage);
    return null;
  }
  return savedAnswersHydrateAction(snapshot.data);
}

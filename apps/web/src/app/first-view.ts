import { readImpersonationToken } from '../shared/session/auth-storage';
import {
  LAST_SEEN_ENDPOINTS,
  LAST_SEEN_MAX_AGE_MS,
  savedAnswersHydrateAction,
  statusUserId,
  type Snapshot,
} from '../shared/api/last-seen';
import { readOfflineUser } from '../shared/session/offline-user';

/**
 * The server's first view (docs/field-readiness.md, "First view from the server"): for a
 * signed-in page load of the dashboard, the server sends `#root` already rendered, and the
 * answers it rendered from in a JSON data block (not a script: the CSP runs none inline).
 * They have the last-seen snapshot's shape, so the same rules apply to both.
 */
export type FirstViewSnapshot = Snapshot;

/** The id of the `<script type="application/json">` holding the snapshot. */
export const FIRST_VIEW_ELEMENT_ID = 'fieldcraft-first-view';

/** The value of `data-first-view` on `#root` when it holds a server-rendered page. */
export const FIRST_VIEW_MARK = 'server';

/** A snapshot as the server builds it: the four answers of one signed-in user. */
export function firstViewSnapshot(
  data: FirstViewSnapshot['data'],
  savedAt = Date.now(),
): FirstViewSnapshot | null {
  const userId = statusUserId(data.getAuthStatus);
  if (userId === null) return null;
  return { v: 1, userId, savedAt, data };
}

/** The data block's text: JSON that cannot end the element or start a comment. */
export function serializeFirstView(snapshot: FirstViewSnapshot): string {
  return JSON.stringify(snapshot)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026');
}

/**
 * The answers into the cache. `fresh` (the server, rendering) marks them fetched now; the
 * browser puts them in stale, so every query — the session check first — still asks the server.
 */
export function firstViewHydrateAction(snapshot: FirstViewSnapshot, { fresh = false } = {}) {
  return savedAnswersHydrateAction(snapshot.data, fresh ? Date.now() : undefined);
}

function parse(text: string | null | undefined, now: number): FirstViewSnapshot | null {
  let value: unknown;
  try {
    value = JSON.parse(text ?? 'null');
  } catch {
    return null;
  }
  const s = value as Partial<FirstViewSnapshot> | null;
  if (!s || s.v !== 1 || typeof s.userId !== 'number' || typeof s.savedAt !== 'number' || !s.data)
    return null;
  if (statusUserId(s.data.getAuthStatus) !== s.userId) return null;
  if (now - s.savedAt > LAST_SEEN_MAX_AGE_MS) return null;
  for (const key of Object.keys(s.data))
    if (!(LAST_SEEN_ENDPOINTS as readonly string[]).includes(key)) return null;
  return s as FirstViewSnapshot;
}

/**
 * Takes the page's first view, once, at start-up: the snapshot when the page holds one this
 * device may show, otherwise null. A first view that must not be shown — another user's (a
 * page the service worker kept, say), one of impersonation or preview, malformed, too old —
 * is removed from the page before anything is drawn over it.
 */
export function takeFirstView(
  doc: Document = document,
  now = Date.now(),
): FirstViewSnapshot | null {
  const element = doc.getElementById(FIRST_VIEW_ELEMENT_ID);
  const root = doc.getElementById('root');
  if (!element) return null;
  const snapshot = parse(element.textContent, now);
  element.remove();
  const stored = readOfflineUser();
  const usable =
    snapshot !== null &&
    readImpersonationToken() === null &&
    // A device that remembers a signed-in user shows only that user's page.
    (stored === null || stored.id === snapshot.userId);
  if (!usable) {
    if (root?.dataset.firstView === FIRST_VIEW_MARK) {
      root.replaceChildren();
      delete root.dataset.firstView;
    }
    return null;
  }
  return snapshot;
}

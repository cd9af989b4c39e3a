/**
 * What the service worker does with one request (docs/field-readiness.md "Service worker" and
 * "Saved for offline use").
 *
 * - 'network': the service worker stays out of the way (no respondWith): the browser goes to the
 *   network as if there were no service worker, and nothing is cached. Every other /api path,
 *   the voice socket under /v1, any other origin (Vimeo), any method but GET, and any
 *   same-origin file that is not part of the app shell.
 * - 'saved-file': an uploaded file (GET /api/files/<key>, fetch or navigation): the network
 *   first; only when the network fails, the copy the user saved on this device, if any. The
 *   worker never writes this cache (the page does, when the user saves an item).
 * - 'app-shell': a page navigation (/, /login, /dashboard, ...): the precached index.html, the
 *   single-page app's one document, so every route opens without signal.
 * - 'precache': a file of the app shell (hashed JS/CSS, fonts, icons, manifest): from the
 *   versioned cache, falling back to the network.
 */
export type CachePolicy = 'network' | 'app-shell' | 'precache' | 'saved-file';

export interface PolicyRequest {
  method: string;
  url: string;
  /** Request.mode: 'navigate' for a top-level page load. */
  mode: string;
}

/** Paths the worker never caches: the API (uploaded files included) and the voice socket. */
export function isNeverCachedPath(pathname: string): boolean {
  return /^\/(api|v1)(\/|$)/.test(pathname);
}

export function cachePolicy(
  request: PolicyRequest,
  origin: string,
  precached: ReadonlySet<string>,
): CachePolicy {
  if (request.method !== 'GET') return 'network';
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return 'network';
  }
  if (url.origin !== origin) return 'network';
  if (isSavedFilePath(url.pathname)) return 'saved-file';
  if (isNeverCachedPath(url.pathname)) return 'network';
  // The service worker script itself is always checked against the server (update path).
  if (url.pathname === '/sw.js') return 'network';
  if (request.mode === 'navigate') return 'app-shell';
  if (precached.has(url.pathname)) return 'precache';
  return 'network';
}

/** Cache names are `fieldcraft-shell-<version>`; every other version's cache is removed on activate. */
export const CACHE_PREFIX = 'fieldcraft-shell-';

export function cacheName(version: string): string {
  return `${CACHE_PREFIX}${version}`;
}

/** The caches an activating worker of `version` deletes: older shells, never foreign caches. */
export function staleCaches(names: readonly string[], version: string): string[] {
  const current = cacheName(version);
  return names.filter((name) => name.startsWith(CACHE_PREFIX) && name !== current);
}

// ---- saved for offline use ----------------------------------------------------------------------

/**
 * The one cache of files the user saved for offline use. Not versioned and not under
 * CACHE_PREFIX, so a new app version (which deletes older shell caches) keeps it.
 */
export const SAVED_FILES_CACHE = 'fieldcraft-saved-files';

/** An uploaded file's path: /api/files/<key>, one segment. */
export function isSavedFilePath(pathname: string): boolean {
  return /^\/api\/files\/[^/]+$/.test(pathname);
}

/** The cache key of a file: origin and path, without query or hash (the page saves it so too). */
export function savedFileKey(url: string, base?: string): string {
  const parsed = new URL(url, base);
  return `${parsed.origin}${parsed.pathname}`;
}

/**
 * Answers from the server that mean the saved copy must go: the file is gone or no longer the
 * user's (the files route answers 404 for both; 403 for a restricted session). 401 (signed out,
 * session expired) says nothing about the item and keeps it: sign-out and another user's
 * sign-in clear saved files on their own.
 */
export function dropsSavedCopy(status: number): boolean {
  return status === 403 || status === 404 || status === 410;
}

/**
 * One `bytes=` range of a saved file of `size` bytes, as the API's files route reads it:
 * {start, end} (inclusive), 'unsatisfiable', or null to answer with the whole file.
 */
export function byteRange(
  header: string | null,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | null {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m)
    return header.trim().startsWith('bytes=') && !header.includes(',') ? 'unsatisfiable' : null;
  const [, from = '', to = ''] = m;
  if (from === '' && to === '') return 'unsatisfiable';
  if (from === '') {
    const suffix = Number(to);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}

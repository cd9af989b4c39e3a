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
 *   single-page app's one document, so every route opens without signal. Exactly / and
 *   /dashboard first look for the kept first view (FIRST_VIEW_CACHE, first-view.ts).
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

/**
 * The caches an activating worker of `version` deletes: older shells and the kept first view
 * (its pages load the old build's scripts, gone with the old shell), never saved files or
 * foreign caches.
 */
export function staleCaches(names: readonly string[], version: string): string[] {
  const current = cacheName(version);
  return names.filter(
    (name) => (name.startsWith(CACHE_PREFIX) && name !== current) || name === FIRST_VIEW_CACHE,
  );
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

// ---- the first view (docs/field-readiness.md "First view from the service worker") ------------

/**
 * The one cache of pages the server rendered for the signed-in user (the dashboard at `/` and
 * `/dashboard`), answered by the worker on the next load before any script runs. One user's
 * data: the page deletes this cache at sign-out, when another user signs in and in the global
 * clear-auth (app/offline/first-view-cache.ts). Not under CACHE_PREFIX, but dropped by every
 * activating worker (staleCaches): a kept page names the old build's scripts.
 */
export const FIRST_VIEW_CACHE = 'fieldcraft-first-view';

/** What a server-rendered first view holds and the plain index.html does not. */
export const FIRST_VIEW_MARKER = 'id="fieldcraft-first-view"';

/** The pages kept for the first view. */
export const FIRST_VIEW_PATHS: ReadonlySet<string> = new Set(['/', '/dashboard']);

/**
 * The first-view cache key of a same-origin page navigation: the URL without query or hash when
 * its path is exactly `/` or `/dashboard`, otherwise null (the precached shell, as before).
 */
export function firstViewKey(url: string, origin: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.origin !== origin || !FIRST_VIEW_PATHS.has(parsed.pathname)) return null;
  return `${parsed.origin}${parsed.pathname}`;
}

/**
 * The build files a page loads: the same-origin `/assets/…` paths of its `<script src>` and
 * `<link href>` tags (Vite's hashed JS and CSS). Rendered content never adds these tags (React
 * escapes text), so a content link cannot count here.
 */
export function pageAssets(html: string): string[] {
  const assets = new Set<string>();
  for (const [tag] of html.matchAll(/<(?:script|link)\b[^>]*>/gi)) {
    const attribute = /\s(?:src|href)\s*=\s*(?:"([^"]*)"|'([^']*)')/i.exec(tag);
    const value = attribute?.[1] ?? attribute?.[2];
    if (value?.startsWith('/assets/')) assets.add(value.split(/[?#]/)[0] ?? value);
  }
  return [...assets];
}

/** The parts of a network answer to a first-view page that decide what happens to the kept copy. */
export interface FirstViewAnswer {
  /** 0 for a redirect the worker did not follow (Response.type 'opaqueredirect'). */
  status: number;
  redirected: boolean;
  contentType: string | null;
  /**
   * The server sent the plain page because it could not draw the first view this time (its
   * `x-fieldcraft-first-view: unavailable`, apps/api/src/plugins/first-view.ts), not because
   * none is due: the kept page stays.
   */
  unavailable?: boolean;
}

/**
 * What the network's answer for a kept page does to the kept copy (the worker's revalidation):
 * - 'replace': a 200 HTML page of the server's first view (FIRST_VIEW_MARKER) whose build files
 *   are all in this worker's precache, so it also opens offline;
 * - 'drop': anything else — the plain shell (signed out, or the server could not render),
 *   401/403, a redirect, an error page — and a first view of another build (the server was
 *   updated before this worker: its scripts are not precached, so offline it would not start).
 * - 'keep': the server could not draw one this time (`unavailable`): like a network failure.
 * A network failure is not an answer: the worker keeps the copy (never calls this).
 */
export function firstViewUpdate(
  answer: FirstViewAnswer,
  html: string | null,
  precached: ReadonlySet<string>,
): 'replace' | 'drop' | 'keep' {
  if (answer.unavailable === true && answer.status === 200) return 'keep';
  const isPage =
    answer.status === 200 && !answer.redirected && /^text\/html\b/i.test(answer.contentType ?? '');
  if (!isPage || html === null || !html.includes(FIRST_VIEW_MARKER)) return 'drop';
  return pageAssets(html).every((asset) => precached.has(asset)) ? 'replace' : 'drop';
}

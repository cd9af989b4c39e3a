/**
 * What the service worker does with one request (docs/field-readiness.md "Service worker").
 *
 * - 'network': the service worker stays out of the way (no respondWith): the browser goes to the
 *   network as if there were no service worker, and nothing is cached. Every /api path (uploaded
 *   files are /api/files/...), the voice socket under /v1, any other origin (Vimeo), any method
 *   but GET, and any same-origin file that is not part of the app shell.
 * - 'app-shell': a page navigation (/, /login, /dashboard, ...): the precached index.html, the
 *   single-page app's one document, so every route opens without signal.
 * - 'precache': a file of the app shell (hashed JS/CSS, fonts, icons, manifest): from the
 *   versioned cache, falling back to the network.
 */
export type CachePolicy = 'network' | 'app-shell' | 'precache';

export interface PolicyRequest {
  method: string;
  url: string;
  /** Request.mode: 'navigate' for a top-level page load. */
  mode: string;
}

/** Paths that never come from a cache: the API (uploaded files included) and the voice socket. */
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

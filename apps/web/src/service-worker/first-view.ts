/**
 * The worker's first view (docs/field-readiness.md "First view from the service worker"): a page
 * navigation to `/` or `/dashboard` is answered with the last page the server rendered for the
 * signed-in user, kept in FIRST_VIEW_CACHE, so the dashboard shows before any script has run;
 * without a kept page, with the precached shell as before. Either way the page is fetched again
 * in the background and the kept copy replaced or dropped (firstViewUpdate). Nothing here reads
 * the page's data: the app checks whose it is before using it.
 */
import { FIRST_VIEW_CACHE, FIRST_VIEW_PATHS, firstViewUpdate } from './cache-policy';

/** The part of Cache Storage used here (the real one in the worker, an in-memory one in tests). */
export interface FirstViewCacheStorage {
  open(name: string): Promise<{
    match(key: string, options?: CacheQueryOptions): Promise<Response | undefined>;
    put(key: string, response: Response): Promise<void>;
    delete(key: string): Promise<boolean>;
  }>;
}

/**
 * The background request for a kept page: with the session cookie as a navigation has it, never
 * from or into the HTTP cache (the server decides now), a redirect not followed (it drops the
 * copy), and at low priority: it must not hold up what the page itself loads.
 */
export const FIRST_VIEW_REQUEST: RequestInit = {
  credentials: 'include',
  cache: 'no-store',
  redirect: 'manual',
  priority: 'low',
  headers: { accept: 'text/html' },
};

export type FirstViewRefresh = 'replaced' | 'dropped' | 'kept';

/**
 * Fetches the page at `key` and replaces or drops the kept copy; keeps it when the network
 * fails (no signal: the last page still opens). Never rejects.
 */
export async function refreshFirstView(
  storage: FirstViewCacheStorage,
  fetchPage: (url: string, init: RequestInit) => Promise<Response>,
  key: string,
  precached: ReadonlySet<string>,
): Promise<FirstViewRefresh> {
  try {
    // Opened before the request, on purpose: when the page deletes the whole cache meanwhile
    // (sign-out, another user signing in), this handle stays with the deleted cache (Cache
    // Storage keeps such handles working), so an answer for the old session lands there and is
    // never served.
    const cache = await storage.open(FIRST_VIEW_CACHE);
    let response: Response;
    try {
      response = await fetchPage(key, FIRST_VIEW_REQUEST);
    } catch {
      return 'kept';
    }
    const answer = {
      status: response.status,
      redirected: response.redirected,
      contentType: response.headers.get('content-type'),
      unavailable: response.headers.get('x-fieldcraft-first-view') === 'unavailable',
    };
    let html: string | null = null;
    if (answer.status === 200 && /^text\/html\b/i.test(answer.contentType ?? '')) {
      try {
        html = await response.clone().text();
      } catch {
        return 'kept'; // the signal dropped mid-page: not an answer either
      }
    }
    const update = firstViewUpdate(answer, html, precached);
    if (update === 'keep') return 'kept';
    if (update === 'replace') {
      await cache.put(key, response);
      return 'replaced';
    }
    await cache.delete(key);
    return 'dropped';
  } catch {
    // Storage refused (full, private mode): the app works without a kept page.
    return 'kept';
  }
}

/** The kept page for `key`, if any. The server's `Vary: Cookie` is ignored: keys carry no cookie. */
export async function keptFirstView(
  storage: FirstViewCacheStorage,
  key: string,
): Promise<Response | undefined> {
  try {
    const cache = await storage.open(FIRST_VIEW_CACHE);
    return await cache.match(key, { ignoreVary: true });
  } catch {
    return undefined;
  }
}

/**
 * A navigation to a first-view page: `response` is the kept page or else `shell()` (the
 * precached index.html), for respondWith; `refresh` the background revalidation, for waitUntil.
 */
export function firstViewNavigation(
  storage: FirstViewCacheStorage,
  fetchPage: (url: string, init: RequestInit) => Promise<Response>,
  key: string,
  precached: ReadonlySet<string>,
  shell: () => Promise<Response>,
): { response: Promise<Response>; refresh: Promise<FirstViewRefresh> } {
  const kept = keptFirstView(storage, key);
  return {
    response: kept.then((page) => page ?? shell()),
    refresh: refreshFirstView(storage, fetchPage, key, precached),
  };
}

/**
 * Fetches every first-view page once, for a worker that has just activated: the visit that
 * installed it was not controlled (or ran the old build), so without this only the second
 * controlled load would find a kept page. Signed out, the server answers the plain shell and
 * nothing is kept. Never rejects.
 */
export async function prefillFirstViews(
  storage: FirstViewCacheStorage,
  fetchPage: (url: string, init: RequestInit) => Promise<Response>,
  origin: string,
  precached: ReadonlySet<string>,
): Promise<FirstViewRefresh[]> {
  return Promise.all(
    [...FIRST_VIEW_PATHS].map((path) =>
      refreshFirstView(storage, fetchPage, `${origin}${path}`, precached),
    ),
  );
}

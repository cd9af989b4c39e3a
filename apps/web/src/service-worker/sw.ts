/**
 * Fieldcraft's service worker: precaches the app shell so it opens without signal; never caches
 * the API, uploaded files or the voice socket. Uploaded files the user saved for offline use
 * (the page writes them to SAVED_FILES_CACHE) answer from that cache when the network fails.
 * Navigations to / and /dashboard answer with the last page the server rendered for the
 * signed-in user, kept in FIRST_VIEW_CACHE (first-view.ts). Built to /sw.js by the web build
 * (apps/web/pwa.vite.mts), which replaces the two placeholders below with the build's file list
 * and a version derived from those files' contents. docs/field-readiness.md
 */
import {
  byteRange,
  cacheName,
  cachePolicy,
  dropsSavedCopy,
  firstViewKey,
  SAVED_FILES_CACHE,
  savedFileKey,
  staleCaches,
} from './cache-policy';
import { firstViewNavigation, prefillFirstViews } from './first-view';

declare const __PRECACHE_URLS__: string[];
declare const __SHELL_VERSION__: string;

// The DOM lib (this project's) has no service-worker types; the few members used are typed here.
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Promise<Response> | Response): void;
}
interface ServiceWorkerScope {
  readonly location: Location;
  skipWaiting(): Promise<void>;
  readonly clients: { claim(): Promise<void> };
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
}

const scope = self as unknown as ServiceWorkerScope;
const CACHE = cacheName(__SHELL_VERSION__);
const PRECACHE = new Set(__PRECACHE_URLS__);
const INDEX = '/index.html';
const fetchPage = (url: string, init: RequestInit) => fetch(url, init);

scope.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // `reload` bypasses the HTTP cache, so a new version never precaches a stale file.
      await cache.addAll([...PRECACHE].map((url) => new Request(url, { cache: 'reload' })));
      // A new version takes over at once; pages already open keep running from memory, and the
      // next load gets the new shell (docs/field-readiness.md "Updates").
      await scope.skipWaiting();
    })(),
  );
});

scope.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      // Older shells and the kept first view (its pages load the old build's scripts) go.
      const stale = staleCaches(await caches.keys(), __SHELL_VERSION__);
      await Promise.all(stale.map((name) => caches.delete(name)));
      await scope.clients.claim();
      // The first view of this build, kept at once (after the deletion above, never before).
      // Not part of activation: navigations wait for an activating worker, and this goes to the
      // network. If the browser stops the idle worker first, the next navigation keeps the page.
      void prefillFirstViews(caches, fetchPage, scope.location.origin, PRECACHE);
    })(),
  );
});

/**
 * The saved copy of an uploaded file, as the answer to `request`: the whole file (200), or the
 * byte range a media element asked for (206; 416 outside the file). Null when nothing is saved.
 */
async function savedCopy(request: Request): Promise<Response | null> {
  const cache = await caches.open(SAVED_FILES_CACHE);
  const saved = await cache.match(savedFileKey(request.url), { ignoreVary: true });
  if (!saved) return null;
  const header = request.headers.get('range');
  if (!header) return saved;
  const body = await saved.blob();
  const size = body.size;
  const wanted = byteRange(header, size);
  if (wanted === null) return new Response(body, { status: 200, headers: saved.headers });
  if (wanted === 'unsatisfiable') {
    return new Response(null, { status: 416, headers: { 'content-range': `bytes */${size}` } });
  }
  const headers = new Headers(saved.headers);
  headers.set('content-range', `bytes ${wanted.start}-${wanted.end}/${size}`);
  headers.set('content-length', String(wanted.end - wanted.start + 1));
  return new Response(body.slice(wanted.start, wanted.end + 1), { status: 206, headers });
}

/** Uploaded files: the network first; the saved copy only when there is no network. */
async function savedFile(request: Request): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(request);
  } catch (error) {
    const copy = await savedCopy(request);
    if (copy) return copy;
    throw error;
  }
  // The server says the file is gone or no longer this user's: its saved copy goes too.
  if (dropsSavedCopy(response.status)) {
    const cache = await caches.open(SAVED_FILES_CACHE);
    await cache.delete(savedFileKey(request.url));
  }
  return response;
}

scope.addEventListener('fetch', (event) => {
  const policy = cachePolicy(event.request, scope.location.origin, PRECACHE);
  if (policy === 'network') return;
  if (policy === 'saved-file') {
    event.respondWith(savedFile(event.request));
    return;
  }
  const key = policy === 'app-shell' ? INDEX : new URL(event.request.url).pathname;
  const fromShell = async () => {
    const cache = await caches.open(CACHE);
    const cached = await cache.match(key);
    return cached ?? fetch(event.request);
  };
  const firstView =
    policy === 'app-shell' ? firstViewKey(event.request.url, scope.location.origin) : null;
  if (firstView) {
    // The kept first view, else the shell; then the page again from the network, in the background.
    const { response, refresh } = firstViewNavigation(
      caches,
      fetchPage,
      firstView,
      PRECACHE,
      fromShell,
    );
    event.respondWith(response);
    event.waitUntil(refresh);
    return;
  }
  event.respondWith(fromShell());
});

/**
 * Fieldcraft's service worker: precaches the app shell so it opens without signal; never caches
 * the API, uploaded files or the voice socket. Built to /sw.js by the web build
 * (apps/web/pwa.vite.mts), which replaces the two placeholders below with the build's file list
 * and a version derived from those files' contents. docs/field-readiness.md
 */
import { cacheName, cachePolicy, staleCaches } from './cache-policy';

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
      const stale = staleCaches(await caches.keys(), __SHELL_VERSION__);
      await Promise.all(stale.map((name) => caches.delete(name)));
      await scope.clients.claim();
    })(),
  );
});

scope.addEventListener('fetch', (event) => {
  const policy = cachePolicy(event.request, scope.location.origin, PRECACHE);
  if (policy === 'network') return;
  const key = policy === 'app-shell' ? INDEX : new URL(event.request.url).pathname;
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      const cached = await cache.match(key);
      return cached ?? fetch(event.request);
    })(),
  );
});

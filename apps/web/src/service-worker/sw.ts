/**
 * Fieldcraft's service worker (docs/field-readiness.md "Service worker"), on Workbox: precaches
 * the app shell so it opens without signal; never caches the API, uploaded files or the voice
 * socket. Uploaded files the user saved for offline use answer from their cache when the network
 * fails (saved-files.ts). Navigations to / and /dashboard answer with the last page the server
 * rendered for the signed-in user (first-view.ts). Which request gets what is cache-policy.ts.
 * Built to /sw.js by vite-plugin-pwa (apps/web/pwa.vite.mts), which writes in the precache
 * manifest (self.__WB_MANIFEST) and the shell version (a hash of that manifest).
 */
import { cacheNames, setCacheNameDetails } from 'workbox-core';
import {
  addPlugins,
  getCacheKeyForURL,
  matchPrecache,
  precache,
  type PrecacheEntry,
} from 'workbox-precaching';
import type { RouteMatchCallbackOptions } from 'workbox-core/types.js';
import { registerRoute } from 'workbox-routing';
import { cachePolicy, firstViewKey, staleCaches, type CachePolicy } from './cache-policy';
import { firstViewNavigation, prefillFirstViews } from './first-view';
import { savedFilesStrategy } from './saved-files';

declare const __SHELL_VERSION__: string;

// The DOM lib (this project's) has no service-worker types; the few members used are typed here.
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface ServiceWorkerScope {
  readonly location: Location;
  skipWaiting(): Promise<void>;
  readonly clients: { claim(): Promise<void> };
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
}

const scope = self as unknown as ServiceWorkerScope;
// Written in by the build (workbox-build injectManifest looks for exactly `self.__WB_MANIFEST`).
const manifest = (self as unknown as { __WB_MANIFEST: (PrecacheEntry | string)[] }).__WB_MANIFEST;
const PRECACHE: ReadonlySet<string> = new Set(
  manifest.map(
    (entry) => new URL(typeof entry === 'string' ? entry : entry.url, scope.location.href).pathname,
  ),
);
const fetchPage = (url: string, init: RequestInit) => fetch(url, init);

// One cache per shell version, `fieldcraft-shell-<version>` (cache-policy.ts cacheName; Workbox
// joins prefix, name and suffix with '-'): a new build precaches into a new cache, and the old
// one goes on activate (staleCaches), with the kept first view.
setCacheNameDetails({ prefix: 'fieldcraft', precache: 'shell', suffix: __SHELL_VERSION__ });
// Workbox's install (revisioned files with `cache: 'reload'`, never a stale HTTP cache) and
// activate (entries no longer in the manifest go). Routing is ours, below.
precache(manifest);

/**
 * The whole shell at once, as the hand-written worker's cache.addAll did: Workbox's install
 * fetches one file at a time (workbox#2528), which on a 2 s round trip is minutes. Each answer
 * goes under the key Workbox uses, so its loop then finds every file cached; whatever fails here
 * Workbox fetches (and judges) itself.
 */
let shellFetched: Promise<unknown> | undefined;
const fetchShellAtOnce = async () => {
  const cache = await caches.open(cacheNames.precache);
  await Promise.all(
    manifest.map(async (entry) => {
      const { url, revision } = typeof entry === 'string' ? { url: entry, revision: null } : entry;
      const key = getCacheKeyForURL(url);
      const init: RequestInit = {
        cache: revision ? 'reload' : 'default',
        credentials: 'same-origin',
      };
      const response = await fetch(url, init);
      if (key && response.ok && !response.redirected) await cache.put(key, response);
    }),
  );
};
addPlugins([
  {
    handlerWillStart: async ({ event }) => {
      if (event.type === 'install') await (shellFetched ??= fetchShellAtOnce().catch(() => {}));
    },
  },
]);

scope.addEventListener('install', () => {
  // A new version takes over once installed; pages already open keep running from memory, and
  // the next load gets the new shell (docs/field-readiness.md "Updates").
  void scope.skipWaiting();
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

const policyIs =
  (policy: CachePolicy) =>
  ({ request }: RouteMatchCallbackOptions) =>
    cachePolicy(request, scope.location.origin, PRECACHE) === policy;

/** A file of the shell from the precache (query ignored), else the network. */
const fromPrecache = async (path: string, request: Request) =>
  (await matchPrecache(path)) ?? fetch(request);

registerRoute(policyIs('saved-file'), savedFilesStrategy());

registerRoute(policyIs('app-shell'), ({ request, event }) => {
  const shell = () => fromPrecache('/index.html', request);
  const firstView = firstViewKey(request.url, scope.location.origin);
  if (!firstView) return shell();
  // The kept first view, else the shell; then the page again from the network, in the background.
  const { response, refresh } = firstViewNavigation(caches, fetchPage, firstView, PRECACHE, shell);
  (event as ExtendableEvent).waitUntil(refresh);
  return response;
});

registerRoute(policyIs('precache'), ({ request, url }) => fromPrecache(url.pathname, request));

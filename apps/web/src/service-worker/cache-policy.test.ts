import { describe, expect, it } from 'vitest';
import {
  cacheName,
  cachePolicy,
  dropsSavedCopy,
  FIRST_VIEW_CACHE,
  firstViewKey,
  firstViewUpdate,
  pageAssets,
  SAVED_FILES_CACHE,
  savedFileKey,
  staleCaches,
} from './cache-policy';

const ORIGIN = 'https://fieldcraft.example';
const PRECACHED = new Set([
  '/index.html',
  '/assets/index-abc.js',
  '/assets/index-abc.css',
  '/icons/icon-192.png',
]);
const req = (url: string, mode = 'cors', method = 'GET') => ({
  url: new URL(url, ORIGIN).href,
  mode,
  method,
});

describe('cachePolicy', () => {
  it('answers page navigations on any route with the precached app shell', () => {
    for (const path of ['/', '/login', '/dashboard', '/test-room/3?session=x', '/no/such/page']) {
      expect(cachePolicy(req(path, 'navigate'), ORIGIN, PRECACHED), path).toBe('app-shell');
    }
  });

  it('serves the build’s own files from the precache', () => {
    expect(cachePolicy(req('/assets/index-abc.js'), ORIGIN, PRECACHED)).toBe('precache');
    expect(cachePolicy(req('/icons/icon-192.png'), ORIGIN, PRECACHED)).toBe('precache');
  });

  it('never caches the API or the voice socket, even as navigations', () => {
    for (const path of [
      '/api/auth/status',
      '/api/dashboard/content',
      '/api/files',
      '/api/files/',
      '/api/files/a/b.pdf',
      '/api',
      '/v1/convai/conversation?agent_id=a',
    ]) {
      expect(cachePolicy(req(path), ORIGIN, PRECACHED), path).toBe('network');
      expect(cachePolicy(req(path, 'navigate'), ORIGIN, PRECACHED), path).toBe('network');
    }
  });

  it('leaves other origins, non-GET methods, sw.js and unknown files to the network', () => {
    expect(
      cachePolicy(req('https://player.vimeo.com/video/1', 'navigate'), ORIGIN, PRECACHED),
    ).toBe('network');
    expect(cachePolicy(req('/assets/index-abc.js', 'cors', 'POST'), ORIGIN, PRECACHED)).toBe(
      'network',
    );
    expect(cachePolicy(req('/sw.js'), ORIGIN, PRECACHED)).toBe('network');
    expect(cachePolicy(req('/assets/old-build-123.js'), ORIGIN, PRECACHED)).toBe('network');
    expect(cachePolicy({ url: 'not a url', mode: 'cors', method: 'GET' }, ORIGIN, PRECACHED)).toBe(
      'network',
    );
  });

  it('does not mistake look-alike paths for the API', () => {
    expect(cachePolicy(req('/apiary', 'navigate'), ORIGIN, PRECACHED)).toBe('app-shell');
    expect(cachePolicy(req('/v10', 'navigate'), ORIGIN, PRECACHED)).toBe('app-shell');
  });
});

describe('saved files', () => {
  it('sends uploaded files, fetched or opened in a tab, to the network first with the saved copy behind', () => {
    for (const mode of ['cors', 'no-cors', 'navigate', 'same-origin']) {
      expect(cachePolicy(req('/api/files/0123abcd.pdf', mode), ORIGIN, PRECACHED), mode).toBe(
        'saved-file',
      );
    }
    expect(cachePolicy(req('/api/files/0123abcd.mp3?x=1'), ORIGIN, PRECACHED)).toBe('saved-file');
    // Only reading: an upload or delete never touches the saved copy.
    expect(cachePolicy(req('/api/files/0123abcd.pdf', 'cors', 'DELETE'), ORIGIN, PRECACHED)).toBe(
      'network',
    );
    expect(cachePolicy(req('https://elsewhere.example/api/files/a.pdf'), ORIGIN, PRECACHED)).toBe(
      'network',
    );
  });

  it('keys a saved file by origin and path, whatever the query or hash', () => {
    expect(savedFileKey('/api/files/a.pdf?download=1#page=2', ORIGIN)).toBe(
      `${ORIGIN}/api/files/a.pdf`,
    );
    expect(savedFileKey(`${ORIGIN}/api/files/a.pdf`)).toBe(`${ORIGIN}/api/files/a.pdf`);
  });

  it('drops the saved copy when the server says the file is gone or not the user’s, not when signed out', () => {
    expect([403, 404, 410].every(dropsSavedCopy)).toBe(true);
    expect([200, 206, 304, 401, 416, 500, 503].some(dropsSavedCopy)).toBe(false);
  });

  it('keeps the saved-files cache when a new shell version activates', () => {
    expect(staleCaches([cacheName('old'), SAVED_FILES_CACHE, cacheName('new')], 'new')).toEqual([
      cacheName('old'),
    ]);
  });
});

describe('staleCaches', () => {
  it('drops every older shell cache on activate and keeps the current and foreign ones', () => {
    const names = [cacheName('old1'), cacheName('new2'), 'someone-elses-cache', cacheName('old0')];
    expect(staleCaches(names, 'new2')).toEqual([cacheName('old1'), cacheName('old0')]);
    expect(staleCaches([cacheName('new2')], 'new2')).toEqual([]);
  });
});

describe('the first view', () => {
  const shellPage = (body = '<div id="root"></div>') =>
    `<!doctype html><html><head><script type="module" crossorigin src="/assets/index-abc.js"></script>` +
    `<link rel="stylesheet" crossorigin href="/assets/index-abc.css"><link rel="icon" href="/favicon.svg">` +
    `<link rel="preload" href="/api/auth/status?early=1" as="fetch"></head><body>${body}</body></html>`;
  const firstView = shellPage(
    '<div id="root" data-first-view="server"><h1>Welcome back, Olivia</h1></div>' +
      '<script type="application/json" id="fieldcraft-first-view">{"v":1,"userId":7}</script>',
  );
  const ok = { status: 200, redirected: false, contentType: 'text/html; charset=utf-8' };

  it('keeps exactly / and /dashboard, keyed by origin and path whatever the query or hash', () => {
    expect(firstViewKey(`${ORIGIN}/`, ORIGIN)).toBe(`${ORIGIN}/`);
    expect(firstViewKey(`${ORIGIN}/dashboard`, ORIGIN)).toBe(`${ORIGIN}/dashboard`);
    expect(firstViewKey(`${ORIGIN}/dashboard?tab=listen#top`, ORIGIN)).toBe(`${ORIGIN}/dashboard`);
    expect(firstViewKey(`${ORIGIN}/?from=login`, ORIGIN)).toBe(`${ORIGIN}/`);
    for (const path of [
      '/login',
      '/dashboard/',
      '/dashboards',
      '/admin',
      '/test-room/3',
      '/index.html',
    ]) {
      expect(firstViewKey(`${ORIGIN}${path}`, ORIGIN), path).toBeNull();
    }
    expect(firstViewKey('https://elsewhere.example/dashboard', ORIGIN)).toBeNull();
    expect(firstViewKey('not a url', ORIGIN)).toBeNull();
  });

  it('lists the build files a page loads, not its content links or the API', () => {
    expect(pageAssets(firstView).sort()).toEqual(['/assets/index-abc.css', '/assets/index-abc.js']);
    expect(
      pageAssets(
        `<link rel='modulepreload' href='/assets/dash-1.js?v=2'><a href="/assets/not-a-tag.pdf">x</a>` +
          `<img src="/assets/logo.png"><script src="https://cdn.example/assets/x.js"></script>`,
      ),
    ).toEqual(['/assets/dash-1.js']);
  });

  it('replaces the kept page with a new server-rendered first view of this build', () => {
    expect(firstViewUpdate(ok, firstView, PRECACHED)).toBe('replace');
    expect(firstViewUpdate({ ...ok, contentType: 'TEXT/HTML' }, firstView, PRECACHED)).toBe(
      'replace',
    );
  });

  it('drops it for the plain shell (signed out), 401/403, redirects, errors and non-HTML answers', () => {
    expect(firstViewUpdate(ok, shellPage(), PRECACHED)).toBe('drop');
    expect(firstViewUpdate(ok, null, PRECACHED)).toBe('drop');
    for (const status of [0, 201, 204, 301, 302, 304, 401, 403, 404, 500, 503]) {
      expect(firstViewUpdate({ ...ok, status }, firstView, PRECACHED), String(status)).toBe('drop');
    }
    expect(firstViewUpdate({ ...ok, redirected: true }, firstView, PRECACHED)).toBe('drop');
    expect(firstViewUpdate({ ...ok, contentType: 'application/json' }, firstView, PRECACHED)).toBe(
      'drop',
    );
    expect(firstViewUpdate({ ...ok, contentType: null }, firstView, PRECACHED)).toBe('drop');
  });

  it('keeps it when the server could not draw one this time (a plain page marked unavailable)', () => {
    expect(firstViewUpdate({ ...ok, unavailable: true }, shellPage(), PRECACHED)).toBe('keep');
    // Only on the server's own plain page: an error status still drops it.
    expect(firstViewUpdate({ ...ok, status: 500, unavailable: true }, null, PRECACHED)).toBe(
      'drop',
    );
  });

  it('drops a first view of another build: its scripts are not precached, so offline it would not start', () => {
    const newer = firstView.replaceAll('index-abc', 'index-def');
    expect(firstViewUpdate(ok, newer, PRECACHED)).toBe('drop');
  });

  it('is dropped by every activating worker, with the old shells; saved files stay', () => {
    expect(
      staleCaches([cacheName('old'), FIRST_VIEW_CACHE, SAVED_FILES_CACHE, cacheName('new')], 'new'),
    ).toEqual([cacheName('old'), FIRST_VIEW_CACHE]);
    expect(FIRST_VIEW_CACHE).toBe('fieldcraft-first-view');
  });
});

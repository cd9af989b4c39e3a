import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeCacheStorage } from '../app/offline/fake-cache-storage';
import { FIRST_VIEW_CACHE } from './cache-policy';
import {
  FIRST_VIEW_REQUEST,
  firstViewNavigation,
  keptFirstView,
  prefillFirstViews,
  refreshFirstView,
} from './first-view';

const ORIGIN = 'https://fieldcraft.example';
const KEY = `${ORIGIN}/dashboard`;
const PRECACHED = new Set(['/index.html', '/assets/index-abc.js']);
const HTML = { 'content-type': 'text/html; charset=utf-8' };

const page = (root: string) =>
  `<!doctype html><html><head><script type="module" src="/assets/index-abc.js"></script></head><body>${root}</body></html>`;
const SHELL = page('<div id="root"></div>');
const firstView = (name: string) =>
  page(
    `<div id="root" data-first-view="server"><h1>Welcome back, ${name}</h1></div>` +
      `<script type="application/json" id="fieldcraft-first-view">{"v":1}</script>`,
  );

let storage: FakeCacheStorage;
beforeEach(() => {
  storage = new FakeCacheStorage();
});

async function keep(html: string, key = KEY) {
  await (await storage.open(FIRST_VIEW_CACHE)).put(key, new Response(html, { headers: HTML }));
}
async function kept(key = KEY) {
  const response = await (await storage.open(FIRST_VIEW_CACHE)).match(key);
  return response ? response.text() : undefined;
}
const answering = (response: () => Response) =>
  vi.fn(async (_url: string, _init: RequestInit) => response());

describe('refreshFirstView (the background revalidation)', () => {
  it('asks for the page with the session cookie, past the HTTP cache, at low priority, following no redirect', async () => {
    const fetchPage = answering(() => new Response(firstView('Olivia'), { headers: HTML }));
    await refreshFirstView(storage, fetchPage, KEY, PRECACHED);
    expect(fetchPage).toHaveBeenCalledWith(KEY, FIRST_VIEW_REQUEST);
    expect(FIRST_VIEW_REQUEST).toMatchObject({
      credentials: 'include',
      cache: 'no-store',
      redirect: 'manual',
      priority: 'low',
    });
  });

  it('keeps a new server-rendered first view, replacing the old one', async () => {
    await keep(firstView('Olivia (yesterday)'));
    const fetchPage = answering(() => new Response(firstView('Olivia'), { headers: HTML }));
    expect(await refreshFirstView(storage, fetchPage, KEY, PRECACHED)).toBe('replaced');
    expect(await kept()).toBe(firstView('Olivia'));
  });

  it('drops the kept page when the server answers the plain shell (signed out)', async () => {
    await keep(firstView('Olivia'));
    const fetchPage = answering(() => new Response(SHELL, { headers: HTML }));
    expect(await refreshFirstView(storage, fetchPage, KEY, PRECACHED)).toBe('dropped');
    expect(await kept()).toBeUndefined();
  });

  it('keeps it when the server sends the plain page because it could not draw one this time', async () => {
    await keep(firstView('Olivia'));
    const fetchPage = answering(
      () => new Response(SHELL, { headers: { ...HTML, 'x-fieldcraft-first-view': 'unavailable' } }),
    );
    expect(await refreshFirstView(storage, fetchPage, KEY, PRECACHED)).toBe('kept');
    expect(await kept()).toBe(firstView('Olivia'));
  });

  it('drops it on 401, 403, a redirect and a server error', async () => {
    for (const response of [
      () => new Response('{}', { status: 401, headers: { 'content-type': 'application/json' } }),
      () => new Response(firstView('Olivia'), { status: 403, headers: HTML }),
      () => new Response(null, { status: 302, headers: { location: '/login' } }),
      () => new Response(firstView('Olivia'), { status: 500, headers: HTML }),
    ]) {
      await keep(firstView('Olivia'));
      expect(await refreshFirstView(storage, answering(response), KEY, PRECACHED)).toBe('dropped');
      expect(await kept()).toBeUndefined();
    }
  });

  it('keeps the page when the network fails: without signal the last dashboard still opens', async () => {
    await keep(firstView('Olivia'));
    const offline = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await refreshFirstView(storage, offline, KEY, PRECACHED)).toBe('kept');
    expect(await kept()).toBe(firstView('Olivia'));
  });

  it('keeps the page when the signal drops while the page downloads', async () => {
    await keep(firstView('Olivia'));
    const broken = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.error(new TypeError('network error'));
      },
    });
    const fetchPage = answering(() => new Response(broken, { headers: HTML }));
    expect(await refreshFirstView(storage, fetchPage, KEY, PRECACHED)).toBe('kept');
    expect(await kept()).toBe(firstView('Olivia'));
  });

  it('never keeps a first view whose scripts this worker has not precached (the server is a build ahead)', async () => {
    await keep(firstView('Olivia'));
    const newer = firstView('Olivia').replace('index-abc', 'index-def');
    const fetchPage = answering(() => new Response(newer, { headers: HTML }));
    expect(await refreshFirstView(storage, fetchPage, KEY, PRECACHED)).toBe('dropped');
    expect(await kept()).toBeUndefined();
  });

  it('touches only its own page', async () => {
    await keep(firstView('Olivia (at /)'), `${ORIGIN}/`);
    const fetchPage = answering(() => new Response(SHELL, { headers: HTML }));
    await refreshFirstView(storage, fetchPage, KEY, PRECACHED);
    expect(await kept(`${ORIGIN}/`)).toBe(firstView('Olivia (at /)'));
  });

  it('does not bring the page back when the app deletes the cache while the request is out (sign-out)', async () => {
    await keep(firstView('Olivia'));
    let answer!: (response: Response) => void;
    const fetchPage = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    const refresh = refreshFirstView(storage, fetchPage, KEY, PRECACHED);
    await vi.waitFor(() => expect(fetchPage).toHaveBeenCalled());
    // The user signs out (or another user signs in): the page deletes the whole cache.
    await storage.delete(FIRST_VIEW_CACHE);
    // The answer to the old session's request arrives afterwards.
    answer(new Response(firstView('Olivia'), { headers: HTML }));
    expect(await refresh).toBe('replaced');
    expect(await kept()).toBeUndefined();
  });

  it('never rejects, even when storage refuses the page', async () => {
    storage.quotaExceeded = true;
    const fetchPage = answering(() => new Response(firstView('Olivia'), { headers: HTML }));
    expect(await refreshFirstView(storage, fetchPage, KEY, PRECACHED)).toBe('kept');
  });
});

describe('firstViewNavigation (a navigation to / or /dashboard)', () => {
  it('answers with the kept page when there is one, and revalidates it in the background', async () => {
    await keep(firstView('Olivia'));
    const shell = vi.fn(async () => new Response(SHELL, { headers: HTML }));
    const fetchPage = answering(() => new Response(firstView('Olivia, later'), { headers: HTML }));
    const { response, refresh } = firstViewNavigation(storage, fetchPage, KEY, PRECACHED, shell);
    expect(await (await response).text()).toBe(firstView('Olivia'));
    expect(shell).not.toHaveBeenCalled();
    expect(await refresh).toBe('replaced');
    expect(await kept()).toBe(firstView('Olivia, later'));
  });

  it('answers with the precached shell when nothing is kept, and keeps the page for next time', async () => {
    const shell = vi.fn(async () => new Response(SHELL, { headers: HTML }));
    const fetchPage = answering(() => new Response(firstView('Olivia'), { headers: HTML }));
    const { response, refresh } = firstViewNavigation(storage, fetchPage, KEY, PRECACHED, shell);
    expect(await (await response).text()).toBe(SHELL);
    expect(await refresh).toBe('replaced');
    const next = firstViewNavigation(storage, fetchPage, KEY, PRECACHED, shell);
    expect(await (await next.response).text()).toBe(firstView('Olivia'));
    await next.refresh;
  });

  it('offline with nothing kept: the shell, as before', async () => {
    const shell = vi.fn(async () => new Response(SHELL, { headers: HTML }));
    const offline = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const { response, refresh } = firstViewNavigation(storage, offline, KEY, PRECACHED, shell);
    expect(await (await response).text()).toBe(SHELL);
    expect(await refresh).toBe('kept');
  });

  it('falls back to the shell when Cache Storage fails', async () => {
    const broken = { open: () => Promise.reject(new Error('storage unavailable')) };
    const shell = vi.fn(async () => new Response(SHELL, { headers: HTML }));
    expect(await keptFirstView(broken, KEY)).toBeUndefined();
    const { response, refresh } = firstViewNavigation(
      broken,
      answering(() => new Response(SHELL)),
      KEY,
      PRECACHED,
      shell,
    );
    expect(await (await response).text()).toBe(SHELL);
    expect(await refresh).toBe('kept');
  });
});

describe('prefillFirstViews (a worker that has just activated)', () => {
  it('keeps the first view of / and /dashboard at once when the user is signed in', async () => {
    const fetchPage = answering(() => new Response(firstView('Olivia'), { headers: HTML }));
    expect(await prefillFirstViews(storage, fetchPage, ORIGIN, PRECACHED)).toEqual([
      'replaced',
      'replaced',
    ]);
    expect(fetchPage.mock.calls.map(([url]) => url).sort()).toEqual([
      `${ORIGIN}/`,
      `${ORIGIN}/dashboard`,
    ]);
    expect(await kept(`${ORIGIN}/`)).toBe(firstView('Olivia'));
    expect(await kept(`${ORIGIN}/dashboard`)).toBe(firstView('Olivia'));
  });

  it('keeps nothing when signed out (the plain shell) or offline', async () => {
    const signedOut = answering(() => new Response(SHELL, { headers: HTML }));
    expect(await prefillFirstViews(storage, signedOut, ORIGIN, PRECACHED)).toEqual([
      'dropped',
      'dropped',
    ]);
    const offline = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await prefillFirstViews(storage, offline, ORIGIN, PRECACHED)).toEqual(['kept', 'kept']);
    expect(storage.urls(FIRST_VIEW_CACHE)).toEqual([]);
  });
});

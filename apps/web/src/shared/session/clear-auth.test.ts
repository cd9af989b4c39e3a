import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIRST_VIEW_CACHE } from '../../service-worker/cache-policy';
import { server, setupMswServer } from '../../testing/msw-server';
import { clearAuthEverywhere } from './clear-auth';
import { navigation } from '../navigation';
import { FakeCacheStorage } from '../../testing/fake-cache-storage';

setupMswServer();
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the global clear-auth routine', () => {
  it('deletes the dashboard the service worker keeps for the first view before loading /login', async () => {
    const cacheStorage = new FakeCacheStorage();
    vi.stubGlobal('caches', cacheStorage);
    await (
      await cacheStorage.open(FIRST_VIEW_CACHE)
    ).put(`${window.location.origin}/`, new Response('x'));
    await cacheStorage.open('fieldcraft-shell-abc');
    let cachesWhenLeaving: string[] = [];
    const assign = vi.spyOn(navigation, 'assign').mockImplementation(() => {
      cachesWhenLeaving = [...cacheStorage.stores.keys()];
    });
    server.use(http.post('/api/auth/force-clear', () => HttpResponse.json({ success: true })));
    localStorage.setItem('user', '{"id":7}');

    await clearAuthEverywhere();

    expect(assign).toHaveBeenCalledWith('/login');
    expect(cachesWhenLeaving).toEqual(['fieldcraft-shell-abc']);
    expect(localStorage.length).toBe(0);
  });

  it('still clears and leaves where there is no Cache Storage', async () => {
    vi.stubGlobal('caches', undefined);
    const assign = vi.spyOn(navigation, 'assign').mockImplementation(() => {});
    server.use(http.post('/api/auth/force-clear', () => HttpResponse.json({ success: true })));
    await clearAuthEverywhere();
    expect(assign).toHaveBeenCalledWith('/login');
  });
});

import { makeUser } from '@fieldcraft/contracts/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FIRST_VIEW_CACHE } from '../../service-worker/cache-policy';
import { storageKeys, storeUser } from './auth-storage';
import { FakeCacheStorage } from '../../testing/fake-cache-storage';

const olivia = makeUser({ id: 7, firstName: 'Olivia' });
const bruno = makeUser({ id: 8, firstName: 'Bruno' });

let cacheStorage: FakeCacheStorage;
beforeEach(async () => {
  cacheStorage = new FakeCacheStorage();
  vi.stubGlobal('caches', cacheStorage);
  await (
    await cacheStorage.open(FIRST_VIEW_CACHE)
  ).put(`${window.location.origin}/dashboard`, new Response('x'));
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('storeUser and the service worker’s kept first view', () => {
  it('deletes the kept first view when another account signs in on the device', async () => {
    localStorage.setItem(storageKeys.user, JSON.stringify(olivia));
    storeUser(bruno);
    await vi.waitFor(async () => expect(await cacheStorage.has(FIRST_VIEW_CACHE)).toBe(false));
    expect(JSON.parse(localStorage.getItem(storageKeys.user) ?? 'null')).toMatchObject({ id: 8 });
  });

  it('keeps it when the device remembers no user: a first visit, whose worker kept this user’s page', async () => {
    storeUser(olivia);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(cacheStorage.urls(FIRST_VIEW_CACHE)).toEqual([`${window.location.origin}/dashboard`]);
  });

  it('keeps it when the same user is stored again (every auth status answer)', async () => {
    localStorage.setItem(storageKeys.user, JSON.stringify(olivia));
    storeUser({ ...olivia, firstName: 'Liv' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(cacheStorage.urls(FIRST_VIEW_CACHE)).toEqual([`${window.location.origin}/dashboard`]);
  });

  it('stores the user even where there is no Cache Storage', () => {
    vi.stubGlobal('caches', undefined);
    localStorage.setItem(storageKeys.user, JSON.stringify(olivia));
    storeUser(bruno);
    expect(JSON.parse(localStorage.getItem(storageKeys.user) ?? 'null')).toMatchObject({ id: 8 });
  });
});

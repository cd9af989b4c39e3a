import { makeUser } from '@fieldcraft/contracts/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { navigation } from '../../shared/navigation';
import { FakeCacheStorage } from '../../testing/fake-cache-storage';
import { FIRST_VIEW_CACHE, SAVED_FILES_CACHE } from '../../service-worker/cache-policy';
import { apiError, server, signedIn, setupMswServer } from '../../testing/msw-server';
import { renderApp } from '../../testing/render-app';
import { authApi } from './auth.api';
import { loadPagesFirst } from '../../testing/load-pages-first';

setupMswServer();
loadPagesFirst('signedInShell', 'dashboard');
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function seedStorage() {
  localStorage.setItem('auth_token', 'legacy');
  localStorage.setItem('user', JSON.stringify({ role: 'OWNER' }));
  localStorage.setItem('impersonation_token', 'a.b.c');
  localStorage.setItem('impersonated_user', '{"id":3}');
  localStorage.setItem('unrelated', 'kept');
}

async function signOutFromUserMenu() {
  const app = renderApp('/dashboard');
  await app.user.click(await screen.findByRole('button', { name: /Olivia Owner/ }));
  await app.user.click(
    within(screen.getByRole('menu')).getByRole('menuitem', { name: 'Sign Out' }),
  );
  return app;
}

describe('sign out', () => {
  it('marks the session signed out, clears the cache and storage, calls logout, then loads /', async () => {
    const assign = vi.spyOn(navigation, 'assign').mockImplementation(() => {});
    const logout = vi.fn(() => HttpResponse.json({ success: true }));
    server.use(
      http.get('/api/auth/status', () => HttpResponse.json(signedIn(makeUser()))),
      http.post('/api/auth/logout', logout),
    );
    seedStorage();
    const { store } = await signOutFromUserMenu();

    await waitFor(() => expect(logout).toHaveBeenCalledTimes(1));
    expect(authApi.endpoints.getAuthStatus.select()(store.getState()).data).toEqual({
      isAuthenticated: false,
      user: null,
    });
    expect(localStorage.getItem('auth_token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(localStorage.getItem('impersonation_token')).toBeNull();
    expect(localStorage.getItem('impersonated_user')).toBeNull();
    expect(localStorage.getItem('unrelated')).toBe('kept');
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
  });

  it('deletes the dashboard the service worker keeps for the first view, with the saved files, before leaving', async () => {
    const cacheStorage = new FakeCacheStorage();
    vi.stubGlobal('caches', cacheStorage);
    await (
      await cacheStorage.open(FIRST_VIEW_CACHE)
    ).put(`${window.location.origin}/dashboard`, new Response('x'));
    await (
      await cacheStorage.open(SAVED_FILES_CACHE)
    ).put(`${window.location.origin}/api/files/a.pdf`, new Response('x'));
    await cacheStorage.open('fieldcraft-shell-abc');
    let cachesWhenLeaving: string[] = [];
    vi.spyOn(navigation, 'assign').mockImplementation(() => {
      cachesWhenLeaving = [...cacheStorage.stores.keys()];
    });
    server.use(
      http.get('/api/auth/status', () => HttpResponse.json(signedIn(makeUser()))),
      http.post('/api/auth/logout', () => HttpResponse.json({ success: true })),
    );
    await signOutFromUserMenu();

    await waitFor(() => expect(navigation.assign).toHaveBeenCalledWith('/'));
    expect(cachesWhenLeaving).toEqual(['fieldcraft-shell-abc']);
  });

  it('still leaves for / when the logout call fails, and only logs the failure', async () => {
    const assign = vi.spyOn(navigation, 'assign').mockImplementation(() => {});
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const logout = vi.fn(() => apiError(500, 'Something went wrong', 'INTERNAL_ERROR'));
    server.use(
      http.get('/api/auth/status', () => HttpResponse.json(signedIn(makeUser()))),
      http.post('/api/auth/logout', logout),
    );
    seedStorage();
    await signOutFromUserMenu();

    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    expect(logout).toHaveBeenCalledTimes(1);
    expect(logged).toHaveBeenCalledWith('Logout failed', expect.anything());
    expect(localStorage.getItem('user')).toBeNull();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

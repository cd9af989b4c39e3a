import { makeUser } from '@fieldcraft/contracts/testing';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authApi } from '../features/auth/auth.api';
import { apiError, server, signedIn, setupMswServer } from '../testing/msw-server';
import { api } from '../shared/api/api';
import { navigation } from '../shared/navigation';
import { makeStore } from './store';

setupMswServer();
afterEach(() => vi.restoreAllMocks());

const guardedApi = api.injectEndpoints({
  endpoints: (build) => ({
    guarded: build.query<unknown, void>({ query: () => '/api/guarded' }),
  }),
});

describe('request-errors middleware', () => {
  it('runs the global clear-auth when a signed-in session gets a 401', async () => {
    const assign = vi.spyOn(navigation, 'assign').mockImplementation(() => {});
    const forceClear = vi.fn(() => HttpResponse.json({ success: true }));
    server.use(
      http.get('/api/auth/status', () => HttpResponse.json(signedIn(makeUser()))),
      http.get('/api/guarded', () => apiError(401, 'Sign in first', 'UNAUTHENTICATED')),
      http.post('/api/auth/force-clear', forceClear),
    );
    localStorage.setItem('user', '{"role":"OWNER"}');
    sessionStorage.setItem('draft', 'x');
    document.cookie = 'readable=1; path=/';

    const store = makeStore();
    await store.dispatch(authApi.endpoints.getAuthStatus.initiate());
    await store.dispatch(guardedApi.endpoints.guarded.initiate());

    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/login'));
    expect(forceClear).toHaveBeenCalledTimes(1);
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
    expect(document.cookie).not.toContain('readable=1');
    expect(store.getState().toasts.toasts).toHaveLength(0);
  });

  it('refreshes the auth status on 403 PASSWORD_CHANGE_REQUIRED instead of toasting', async () => {
    let statusCalls = 0;
    server.use(
      http.get('/api/auth/status', () => {
        statusCalls += 1;
        return HttpResponse.json(signedIn(makeUser()));
      }),
      http.get('/api/guarded', () =>
        apiError(403, 'Change your password first', 'PASSWORD_CHANGE_REQUIRED'),
      ),
    );
    const store = makeStore();
    const status = store.dispatch(authApi.endpoints.getAuthStatus.initiate());
    await status;
    await store.dispatch(guardedApi.endpoints.guarded.initiate());
    await vi.waitFor(() => expect(statusCalls).toBe(2));
    expect(store.getState().toasts.toasts).toHaveLength(0);
    status.unsubscribe();
  });

  it("toasts 'Failed to check auth status' when the status call fails", async () => {
    server.use(http.get('/api/auth/status', () => new HttpResponse('down', { status: 503 })));
    const store = makeStore();
    await store.dispatch(authApi.endpoints.getAuthStatus.initiate());
    expect(store.getState().toasts.toasts[0]).toMatchObject({
      variant: 'destructive',
      description: 'Failed to check auth status',
    });
  });
});

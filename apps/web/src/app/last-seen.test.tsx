import type { ContentItem, User } from '@fieldcraft/contracts';
import { makeUser } from '@fieldcraft/contracts/testing';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server, setupMswServer, signedIn } from '../testing/msw-server';
import { renderApp } from '../testing/render-app';
import { authApi } from '../features/auth/auth.api';
import { storageKeys, storeUser } from '../shared/session/auth-storage';
import { lastSeenHydrateAction, LAST_SEEN_MAX_AGE_MS, readLastSeen } from '../shared/api/last-seen';
import { makeStore } from './store';
import { loadPagesFirst } from '../testing/load-pages-first';

setupMswServer();
loadPagesFirst('signedInShell', 'dashboard');

const olivia = makeUser({
  id: 7,
  role: 'USER',
  firstName: 'Olivia',
  lastName: null,
  email: 'olivia@example.com',
});
const bruno = makeUser({
  id: 8,
  role: 'USER',
  firstName: 'Bruno',
  lastName: null,
  email: 'bruno@example.com',
});

function video(id: number, title: string): ContentItem {
  return {
    id,
    title,
    description: 'About it',
    category: 'watch',
    type: 'VIDEO',
    url: `/api/files/${id}.mp4`,
    isActive: true,
    createdAt: '2026-11-01T10:00:00.000Z',
  };
}

/** Answers as `user` with `content`; each answer waits for `gate` when one is given. */
function serve(user: User | null, content: ContentItem[], gate?: Promise<void>) {
  const seen = { status: 0, content: 0 };
  server.use(
    http.get('/api/auth/status', async () => {
      seen.status += 1;
      await gate;
      return HttpResponse.json(user ? signedIn(user) : { isAuthenticated: false, user: null });
    }),
    http.get('/api/dashboard/content', async () => {
      seen.content += 1;
      await gate;
      return HttpResponse.json(content);
    }),
  );
  return seen;
}

/** A first visit: the dashboard loads from the server and is saved on the device. */
async function firstVisit(user: User, content: ContentItem[]) {
  serve(user, content);
  const first = renderApp('/dashboard');
  await screen.findByRole('button', { name: new RegExp(content[0]?.title ?? '') });
  await waitFor(() => expect(readLastSeen()?.data.getDashboardContent).toEqual(content));
  first.unmount();
}

function repeatVisitStore() {
  const store = makeStore();
  const action = lastSeenHydrateAction();
  if (action) store.dispatch(action);
  return { store, hydrated: action !== null };
}

describe('the last dashboard on this device', () => {
  it('draws the saved dashboard at once on a repeat visit, then shows the fresh answer', async () => {
    await firstVisit(olivia, [video(1, 'Pour day')]);
    expect(readLastSeen()?.userId).toBe(olivia.id);

    let release!: () => void;
    const seen = serve(olivia, [video(2, 'Site walk')], new Promise<void>((r) => (release = r)));
    const { store, hydrated } = repeatVisitStore();
    expect(hydrated).toBe(true);
    renderApp('/dashboard', store);

    // Before the server has answered anything: the saved greeting and list.
    expect(
      await screen.findByRole('heading', { name: 'Welcome back, Olivia' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Pour day/ })).toBeInTheDocument();
    // It still checks the session and refreshes the list.
    await waitFor(() => expect(seen.status).toBeGreaterThan(0));
    await waitFor(() => expect(seen.content).toBeGreaterThan(0));
    release();
    expect(await screen.findByRole('button', { name: /Site walk/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Pour day/ })).not.toBeInTheDocument();
  });

  it('still ends a revoked session on the sign-in page, and forgets the saved dashboard', async () => {
    await firstVisit(olivia, [video(1, 'Pour day')]);
    serve(null, []);
    const { store } = repeatVisitStore();
    renderApp('/dashboard', store);
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(localStorage.getItem(storageKeys.lastSeen)).toBeNull();
  });

  it('does not stand in for the session check when there is no signal: the offline notice shows', async () => {
    await firstVisit(olivia, [video(1, 'Pour day')]);
    server.use(
      http.get('/api/auth/status', () => HttpResponse.error()),
      http.get('/api/dashboard/content', () => HttpResponse.error()),
    );
    const { store } = repeatVisitStore();
    renderApp('/dashboard', store);
    expect(await screen.findByRole('heading', { name: 'You are offline' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Welcome back, Olivia' })).not.toBeInTheDocument();
  });

  it('does not stand in for the session at / either (where a sign-in lands): the offline view shows', async () => {
    await firstVisit(olivia, [video(1, 'Pour day')]);
    storeUser(olivia);
    server.use(
      http.get('/api/auth/status', () => HttpResponse.error()),
      http.get('/api/dashboard/content', () => HttpResponse.error()),
    );
    const { store } = repeatVisitStore();
    renderApp('/', store);
    expect(await screen.findByRole('heading', { name: 'You are offline' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Welcome back, Olivia' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Pour day/ })).not.toBeInTheDocument();
  });

  it('is dropped when another account signs in on the device', async () => {
    await firstVisit(olivia, [video(1, 'Pour day')]);
    storeUser(olivia);
    expect(readLastSeen()?.userId).toBe(olivia.id);
    storeUser(bruno);
    expect(localStorage.getItem(storageKeys.lastSeen)).toBeNull();
    expect(repeatVisitStore().hydrated).toBe(false);
  });

  it('is neither used nor saved while impersonating', async () => {
    await firstVisit(olivia, [video(1, 'Pour day')]);
    localStorage.setItem(storageKeys.impersonationToken, 'a.b.c');
    expect(repeatVisitStore().hydrated).toBe(false);
    localStorage.removeItem(storageKeys.lastSeen);
    await makeStore().dispatch(
      authApi.util.upsertQueryData('getAuthStatus', undefined, signedIn(olivia)),
    );
    expect(localStorage.getItem(storageKeys.lastSeen)).toBeNull();
    localStorage.removeItem(storageKeys.impersonationToken);
    await makeStore().dispatch(
      authApi.util.upsertQueryData('getAuthStatus', undefined, signedIn(olivia)),
    );
    expect(readLastSeen()?.userId).toBe(olivia.id);
  });

  it('ignores a snapshot that is too old or filed under another user', () => {
    const snapshot = (userId: number, statusUser: User, savedAt: number) =>
      JSON.stringify({ v: 1, userId, savedAt, data: { getAuthStatus: signedIn(statusUser) } });
    localStorage.setItem(storageKeys.lastSeen, snapshot(olivia.id, bruno, Date.now()));
    expect(readLastSeen()).toBeNull();
    localStorage.setItem(
      storageKeys.lastSeen,
      snapshot(olivia.id, olivia, Date.now() - LAST_SEEN_MAX_AGE_MS - 1),
    );
    expect(readLastSeen()).toBeNull();
    expect(lastSeenHydrateAction()).toBeNull();
    expect(localStorage.getItem(storageKeys.lastSeen)).toBeNull();
    localStorage.setItem(storageKeys.lastSeen, snapshot(olivia.id, olivia, Date.now()));
    expect(readLastSeen()?.userId).toBe(olivia.id);
  });
});

// First: zod's settings must be in place before any schema is built (zod-config.ts).
import './zod-config';
import type { AuthStatus } from '@fieldcraft/contracts';
import { StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { firstViewHydrateAction, takeFirstView } from './app/first-view';
import { lastSeenHydrateAction, saveLastSeen } from './shared/api/last-seen';
import { DashboardPage, SignedInShell } from './app/routes/pages';
import { makeStore } from './app/store';
import { showToast, type ToastInput } from './shared/toasts/toasts.slice';
import { authApi } from './features/auth/auth.api';

/** What the light public app hands over when it gives the page to this app (main.tsx). */
export interface FullAppStart {
  /** The session status it already has from the server: not asked again. */
  status?: AuthStatus;
  /** Toasts still open on its screen. */
  toasts?: readonly ToastInput[];
}

/** Marks the page for the budgets bench (bench/field-budgets.mjs): React has drawn the app. */
function AppReady() {
  useEffect(() => {
    document.documentElement.setAttribute('data-app-ready', '');
  }, []);
  return null;
}

/** The whole app: store, routes, every page (the signed-in side and the public pages again). */
export function startFullApp(
  container: HTMLElement,
  { status, toasts = [] }: FullAppStart = {},
): void {
  const store = makeStore();
  // The server's first view (app/first-view.ts): the dashboard is on screen already; its answers
  // go into the cache as stale (every query still asks the server) and become this device's last
  // dashboard. Without one, a repeat visit draws the last dashboard at once (last-seen.ts).
  const firstView = takeFirstView();
  if (firstView) {
    store.dispatch(firstViewHydrateAction(firstView));
    saveLastSeen(firstView);
  } else {
    const lastSeen = lastSeenHydrateAction();
    if (lastSeen) store.dispatch(lastSeen);
  }
  if (status) {
    // The public app's answer from this page load.
    void store.dispatch(authApi.util.upsertQueryData('getAuthStatus', undefined, status));
  } else {
    // The session check starts now, on every page, and takes the answer index.html preloaded.
    void store.dispatch(authApi.endpoints.getAuthStatus.initiate(undefined, { subscribe: false }));
  }
  for (const toast of toasts) store.dispatch(showToast(toast));

  const render = () =>
    createRoot(container).render(
      <StrictMode>
        <App store={store} />
        <AppReady />
      </StrictMode>,
    );
  // Over a first view, draw only when the dashboard's code is in, so the first frame React draws
  // is the dashboard again and never a loading state; a failed download draws at once (the
  // routes' own loading and error handling take over).
  if (firstView)
    void Promise.all([DashboardPage.preload(), SignedInShell.preload()]).then(render, render);
  else render();
}

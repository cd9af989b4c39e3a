// First: zod's settings must be in place before any schema is built (zod-config.ts).
import './zod-config';
import { StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { bootstrapImpersonation } from './app/impersonation';
import { firstViewHydrateAction, takeFirstView } from './app/first-view';
import { lastSeenHydrateAction, saveLastSeen } from './app/last-seen';
import { syncOutdoorModeCookie } from './app/outdoor-mode';
import { DashboardPage, SignedInShell } from './app/routes/pages';
import { makeStore } from './app/store';
import { registerServiceWorker } from './service-worker/register';
import { authApi } from './features/auth/auth.api';

// Before the first request: move an impersonation hand-over from the address into storage.
bootstrapImpersonation();

syncOutdoorModeCookie();
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
// The session check starts now, on every page, and takes the answer index.html preloaded.
void store.dispatch(authApi.endpoints.getAuthStatus.initiate(undefined, { subscribe: false }));
const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

/** Marks the page for the budgets bench (bench/field-budgets.mjs): React has drawn the app. */
function AppReady() {
  useEffect(() => {
    document.documentElement.setAttribute('data-app-ready', '');
  }, []);
  return null;
}

function render() {
  createRoot(container as HTMLElement).render(
    <StrictMode>
      <App store={store} />
      <AppReady />
    </StrictMode>,
  );
}

// Over a first view, draw only when the dashboard's code is in, so the first frame React draws
// is the dashboard again and never a loading state; a failed download draws at once (the
// routes' own loading and error handling take over).
if (firstView) void Promise.all([DashboardPage.preload(), SignedInShell.preload()]).then(render, render);
else render();

// The installable app's offline shell (production builds only; docs/field-readiness.md).
registerServiceWorker();

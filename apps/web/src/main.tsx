// First: zod's settings must be in place before any schema is built (zod-config.ts).
import './zod-config';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { bootstrapImpersonation } from './app/impersonation';
import { lastSeenHydrateAction } from './app/last-seen';
import { createAppRouter } from './app/router';
import { makeStore } from './app/store';
import { registerServiceWorker } from './service-worker/register';
import { authApi } from './features/auth/auth.api';

// Before the first request: move an impersonation hand-over from the address into storage.
bootstrapImpersonation();

const store = makeStore();
// A repeat visit draws the signed-in user's last dashboard at once, then refreshes it (last-seen.ts).
const lastSeen = lastSeenHydrateAction();
if (lastSeen) store.dispatch(lastSeen);
// The session check starts now, on every page, and takes the answer index.html preloaded.
void store.dispatch(authApi.endpoints.getAuthStatus.initiate(undefined, { subscribe: false }));
const router = createAppRouter();
const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

createRoot(container).render(
  <StrictMode>
    <App store={store} router={router} />
  </StrictMode>,
);

// The installable app's offline shell (production builds only; docs/field-readiness.md).
registerServiceWorker();

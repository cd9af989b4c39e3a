import { bootstrapImpersonation } from './features/people/preview/impersonation';
import { syncOutdoorModeCookie } from './shared/outdoor-mode/outdoor-mode-storage';
import { startsPublic } from './app/start-choice';
import { registerServiceWorker } from './service-worker/register';
import type { FullAppStart } from './full-main';

// Before the first request: move an impersonation hand-over from the address into storage.
bootstrapImpersonation();
syncOutdoorModeCookie();

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
const root = container;

function startFull(start?: FullAppStart): Promise<void> {
  return import('./full-main').then((m) => m.startFullApp(root, start));
}

// The light public app for a new visitor's landing and sign-in pages, else the whole app (start-choice.ts).
if (startsPublic())
  void import('./public/public-main').then((m) => m.startPublicApp(root, startFull));
else void startFull();

// The installable app's offline shell (production builds only; docs/field-readiness.md).
registerServiceWorker();

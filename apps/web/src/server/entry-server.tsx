// The server's first view (docs/field-readiness.md, "First view from the server"): the
// signed-in dashboard rendered in Node with the app's own components, so a phone on one bar
// of signal sees (and can open) its training before the scripts have arrived. Built by
// vite.ssr.config.mts into dist/apps/web-ssr/entry-server.mjs and loaded by the API.
import './server-globals';
import '../zod-config';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { Provider } from 'react-redux';
import { PreviewModeProvider } from '../features/people/preview/preview-mode-context';
import { needsPasswordChange } from '../features/auth/auth.api';
import {
  FIRST_VIEW_ELEMENT_ID,
  FIRST_VIEW_MARK,
  firstViewHydrateAction,
  firstViewSnapshot,
  serializeFirstView,
  type FirstViewSnapshot,
} from '../app/first-view';
import { OutdoorModeProvider } from '../shared/outdoor-mode/outdoor-mode';
import { AppRoutes } from '../app/router';
import { makeStore } from '../app/store';

/** The pages drawn on the server: where a signed-in user starts. */
export const firstViewPaths: readonly string[] = ['/', '/dashboard'];

/**
 * The API calls the first view is drawn from, by the query that makes each in the browser.
 * The server makes them with the page request's own session, through its own routes, so they
 * answer exactly what the browser would be answered.
 */
export const firstViewSources: Record<keyof FirstViewSnapshot['data'], string> = {
  getAuthStatus: '/api/auth/status',
  getDashboardContent: '/api/dashboard/content',
  getUserDashboard: '/api/user/dashboard',
  getLoginStats: '/api/user/login-stats',
};

/**
 * The client chunks (vite.config.mts, startChunks) the browser needs to take a first view
 * over: the API adds them to the page as modulepreload links, so they download with the entry
 * instead of after it has run.
 */
export const firstViewChunks: readonly string[] = ['signed-in-start'];

export interface RenderInput {
  /** The page address, path and query (e.g. '/dashboard'). */
  url: string;
  /** The answers of firstViewSources for this request's session. */
  answers: FirstViewSnapshot['data'];
  /** The device's outdoor (high-contrast) choice, from its cookie. */
  outdoor: boolean;
}

export interface FirstView {
  /** The opening tag and contents of #root. */
  root: string;
  /** The `<script type="application/json">` data block with the answers. */
  data: string;
}

async function streamToString(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream)
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The first view of this page, or null when there is none to draw: not one of firstViewPaths,
 * not signed in, or a password change due (the app sends that user to /login). Waits for the
 * lazy routes (prerender resolves every Suspense boundary); aborts after `timeoutMs`.
 */
export async function renderFirstView(
  { url, answers, outdoor }: RenderInput,
  timeoutMs = 2000,
): Promise<FirstView | null> {
  const address = new URL(url, 'http://first-view.local');
  if (!firstViewPaths.includes(address.pathname)) return null;
  const snapshot = firstViewSnapshot(answers);
  const status = answers.getAuthStatus as
    { user?: Parameters<typeof needsPasswordChange>[0] } | undefined;
  if (!snapshot || needsPasswordChange(status?.user)) return null;
  const store = makeStore();
  store.dispatch(firstViewHydrateAction(snapshot, { fresh: true }));
  const controller = new AbortController();
  const failures: unknown[] = [];
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    // The page's styles without vendor prefixes (no stylis prefixer): every browser the app
    // supports reads the standard properties, and a third less CSS is a third less for a phone
    // to parse before its first paint (docs/field-readiness.md, "First view from the server").
    // A cache per render: Emotion writes a style element where a style is first used, once per cache.
    const emotionCache = createCache({ key: 'css', stylisPlugins: [] });
    const { prelude } = await prerenderToNodeStream(
      <StrictMode>
        <CacheProvider value={emotionCache}>
          <Provider store={store}>
            <OutdoorModeProvider initial={outdoor}>
              <PreviewModeProvider>
                <StaticRouter location={`${address.pathname}${address.search}`}>
                  <AppRoutes />
                </StaticRouter>
              </PreviewModeProvider>
            </OutdoorModeProvider>
          </Provider>
        </CacheProvider>
      </StrictMode>,
      {
        signal: controller.signal,
        // Every boundary inline, in place: no boundary is sent apart with an inline script to
        // move it (the CSP runs none, and the page is sent whole anyway).
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        // A part that fails on the server would be left as its loading state: no first view
        // then, rather than half of one.
        onError: (error) => {
          failures.push(error);
        },
      },
    );
    if (failures.length > 0) throw new AggregateError(failures, 'the first view failed to render');
    const html = await streamToString(prelude);
    return {
      root: `<div id="root" data-first-view="${FIRST_VIEW_MARK}">${html}</div>`,
      data: `<script type="application/json" id="${FIRST_VIEW_ELEMENT_ID}">${serializeFirstView(snapshot)}</script>`,
    };
  } finally {
    clearTimeout(timer);
  }
}

/** What the API's render worker is started with (apps/api/src/plugins/first-view.ts). */
export const FIRST_VIEW_WORKER = 'fieldcraft-first-view';

// Loaded as the API's render worker: say what this renderer draws, then draw on request. The
// API's own thread never runs React, so a render never holds up its other requests.
if (!isMainThread && parentPort && workerData === FIRST_VIEW_WORKER) {
  const port = parentPort;
  port.postMessage({
    type: 'ready',
    paths: firstViewPaths,
    sources: firstViewSources,
    chunks: firstViewChunks,
  });
  port.on('message', (message: { id: number; input: RenderInput }) => {
    renderFirstView(message.input).then(
      (view) => port.postMessage({ type: 'view', id: message.id, view }),
      (error: unknown) =>
        port.postMessage({ type: 'view', id: message.id, view: null, error: String(error) }),
    );
  });
}

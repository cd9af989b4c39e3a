import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { gzipSync } from 'node:zlib';

/**
 * The server's first view (docs/field-readiness.md, "First view from the server"): a signed-in
 * page load of `/` or `/dashboard` gets index.html with the dashboard already drawn in `#root`,
 * rendered by the web app's own components (dist/apps/web-ssr/entry-server.mjs, built from
 * apps/web/src/server/entry-server.tsx, run in a worker thread). Anything else, and any failure, gets the plain
 * index.html as before: the first view is an addition, never a condition.
 */

/** The worker's messages (apps/web/src/server/entry-server.tsx, FIRST_VIEW_WORKER). */
type WorkerMessage =
  | { type: 'ready'; paths: string[]; sources: Record<string, string>; chunks?: string[] }
  | { type: 'view'; id: number; view: { root: string; data: string } | null; error?: string };

const WORKER_DATA = 'fieldcraft-first-view';
/** On a plain page sent because a first view could not be drawn (not because none was due). */
export const FIRST_VIEW_HEADER = 'x-fieldcraft-first-view';
const ROOT = '<div id="root"></div>';
/** The device's outdoor-theme choice (apps/web/src/app/outdoor-mode.tsx). */
const OUTDOOR_COOKIE = 'fieldcraft-outdoor';
/** A page waits at most this long for its drawing; then it is sent plain. */
const RENDER_TIMEOUT_MS = 3000;

export interface FirstViewOptions {
  /** The built web app (index.html). */
  webDistDir: string;
  /** The built server renderer, or null for none. */
  webSsrDir: string | null;
}

type Ready = { paths: string[]; sources: Record<string, string>; chunks: string[] };

interface ManifestChunk {
  file: string;
  name?: string;
  isEntry?: boolean;
  imports?: string[];
}

/** Whether the browser takes a gzipped answer (the pages sent from memory, not from a file). */
export function acceptsGzip(request: FastifyRequest): boolean {
  return /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
}

/**
 * `<link rel="modulepreload">` for the named chunks of the web build and what they import,
 * leaving out what index.html loads already (the entry's graph), from the build's
 * .vite/manifest.json. None when there is no manifest.
 */
export function preloadLinks(webDistDir: string, chunkNames: readonly string[]): string {
  const file = path.join(webDistDir, '.vite', 'manifest.json');
  if (!existsSync(file)) return '';
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, ManifestChunk>;
  const graph = (keys: string[]) => {
    const seen = new Set<string>();
    for (let key = keys.pop(); key !== undefined; key = keys.pop()) {
      const chunk = manifest[key];
      if (seen.has(key) || !chunk) continue;
      seen.add(key);
      keys.push(...(chunk.imports ?? []));
    }
    return seen;
  };
  const entry = graph(Object.keys(manifest).filter((k) => manifest[k]?.isEntry));
  const wanted = graph(
    Object.keys(manifest).filter((k) => chunkNames.includes(manifest[k]?.name ?? '')),
  );
  return [...wanted]
    .filter((k) => !entry.has(k))
    .map((k) => `<link rel="modulepreload" crossorigin href="/${manifest[k]?.file}">`)
    .join('');
}

/**
 * The first view's page for this request, or null to send the plain index.html (none is drawn
 * for this request: not a first-view path, signed out, a password change due). Rejects when
 * one should have been drawn and could not be.
 */
type PageRenderer = (request: FastifyRequest) => Promise<string | null>;

/**
 * The renderer runs in a worker thread: React's render of a dashboard takes tens of
 * milliseconds of CPU, which on the API's own thread would hold up every other request.
 * One worker, started with the app and started again if it dies; a render that does not
 * answer in RENDER_TIMEOUT_MS is given up (the page goes out plain).
 */
class RenderWorker {
  private worker: Worker | null = null;
  private ready: Promise<Ready> | null = null;
  private nextId = 1;
  private readonly pending = new Map<
    number,
    (result: { view: { root: string; data: string } | null } | Error) => void
  >();
  private closed = false;

  constructor(
    private readonly entry: string,
    private readonly log: FastifyInstance['log'],
  ) {}

  start(): Promise<Ready> {
    if (this.ready) return this.ready;
    const worker = new Worker(pathToFileURL(this.entry), { workerData: WORKER_DATA });
    this.worker = worker;
    this.ready = new Promise((resolve, reject) => {
      worker.on('message', (message: WorkerMessage) => {
        if (message.type === 'ready')
          resolve({ paths: message.paths, sources: message.sources, chunks: message.chunks ?? [] });
        else this.settle(message.id, message.view, message.error);
      });
      worker.once('error', (err) => {
        this.log.error({ err }, 'first-view worker failed');
        reject(err);
      });
      worker.once('exit', (code) => {
        reject(new Error(`first-view worker exited (${code}) before it was ready`));
        // Whatever it was drawing goes out plain; the next page starts a new worker.
        for (const id of [...this.pending.keys()])
          this.settle(id, new Error(`first-view worker exited (${code})`));
        if (this.worker === worker) {
          this.worker = null;
          this.ready = null;
        }
      });
    });
    // Nothing waits on a worker the app does not use yet.
    worker.unref();
    return this.ready;
  }

  private settle(
    id: number,
    result: { root: string; data: string } | null | Error,
    error?: string,
  ): void {
    const done = this.pending.get(id);
    if (!done) return;
    this.pending.delete(id);
    if (error) done(new Error(error));
    else done(result instanceof Error ? result : { view: result });
  }

  /** The drawn page, or null when the renderer draws none for these answers; rejects on failure. */
  async render(input: { url: string; answers: Record<string, unknown>; outdoor: boolean }) {
    if (this.closed) throw new Error('the app is closing');
    await this.start();
    const worker = this.worker;
    if (!worker) throw new Error('no first-view worker');
    const id = this.nextId++;
    return new Promise<{ root: string; data: string } | null>((resolve, reject) => {
      const timer = setTimeout(
        () => this.settle(id, new Error(`first view took longer than ${RENDER_TIMEOUT_MS} ms`)),
        RENDER_TIMEOUT_MS,
      );
      this.pending.set(id, (result) => {
        clearTimeout(timer);
        if (result instanceof Error) reject(result);
        else resolve(result.view);
      });
      worker.postMessage({ id, input });
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.worker?.terminate();
  }
}

async function loadRenderer(
  app: FastifyInstance,
  { webDistDir, webSsrDir }: FirstViewOptions,
): Promise<PageRenderer | null> {
  const entry = webSsrDir === null ? null : path.join(webSsrDir, 'entry-server.mjs');
  if (entry === null || !existsSync(entry)) {
    app.log.info({ webSsrDir }, 'no server renderer found; pages are drawn in the browser only');
    return null;
  }
  const template = readFileSync(path.join(webDistDir, 'index.html'), 'utf8');
  if (!template.includes(ROOT)) {
    app.log.warn('index.html has no empty #root; first view off');
    return null;
  }
  const worker = new RenderWorker(entry, app.log);
  app.addHook('onClose', () => worker.close());
  const { paths: pathList, sources: sourceMap, chunks } = await worker.start();
  // The signed-in start's code, fetched with the entry's (Slow 3G: one round trip, not two).
  const head = preloadLinks(webDistDir, chunks);
  const paths = new Set(pathList);
  const sources = Object.entries(sourceMap);

  return async (request) => {
    const pathname = request.url.split('?')[0] ?? '';
    const cookie = request.headers.cookie;
    if (!paths.has(pathname) || !cookie) return null;
    // The calls the browser would make, through our own routes, with this request's session:
    // every rule (session, role, company, access) applies exactly as to the browser's calls.
    const answers: Record<string, unknown> = {};
    const results = await Promise.all(
      sources.map(async ([name, url]) => {
        const res = await app.inject({
          method: 'GET',
          url,
          headers: {
            cookie,
            accept: 'application/json',
            'user-agent': request.headers['user-agent'] ?? '',
          },
          remoteAddress: request.ip,
        });
        // Not for this session (signed out meanwhile, a password change due): none is due.
        // Anything else is a failure to draw one.
        if (res.statusCode === 401 || res.statusCode === 403) return false;
        if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}`);
        answers[name] = res.json();
        return true;
      }),
    );
    if (results.includes(false)) return null;
    const outdoor = new RegExp(`(?:^|;\\s*)${OUTDOOR_COOKIE}=on(?:;|$)`).test(cookie);
    const view = await worker.render({ url: request.url, answers, outdoor });
    if (!view) return null;
    return template.replace('</head>', `${head}</head>`).replace(ROOT, `${view.root}${view.data}`);
  };
}

/**
 * Adds `GET /` and `GET /dashboard` (and HEAD) answering the first view when there is one and
 * `fallback` (the plain index.html) otherwise. Returns false when no renderer is built.
 */
export async function registerFirstView(
  app: FastifyInstance,
  options: FirstViewOptions,
  fallback: (request: FastifyRequest, reply: FastifyReply) => FastifyReply,
): Promise<boolean> {
  let render: PageRenderer | null = null;
  try {
    render = await loadRenderer(app, options);
  } catch (err) {
    app.log.error(
      { err },
      'the first-view renderer failed to load; pages are drawn in the browser only',
    );
  }
  if (!render) return false;
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    let page: string | null = null;
    try {
      page = await render(request);
    } catch (err) {
      request.log.warn({ err }, 'first view failed; sending the plain page');
      // Not "signed out": the service worker keeps the page it has (apps/web/src/service-worker).
      reply.header(FIRST_VIEW_HEADER, 'unavailable');
    }
    if (page === null) return fallback(request, reply);
    // One user's page: never stored by a shared cache, never reused for another cookie.
    reply.header('cache-control', 'private, no-cache').header('vary', 'cookie, accept-encoding');
    reply.type('text/html; charset=utf-8');
    if (acceptsGzip(request)) {
      return reply.header('content-encoding', 'gzip').send(gzipSync(page, { level: 6 }));
    }
    return reply.send(page);
  };
  for (const url of ['/', '/dashboard']) app.get(url, handler);
  return true;
}

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

/**
 * The server's first view (docs/field-readiness.md, "First view from the server"): a signed-in
 * page load of `/` or `/dashboard` gets index.html with the dashboard already drawn in `#root`,
 * rendered by the web app's own components (dist/apps/web-ssr/entry-server.mjs, built from
 * apps/web/src/server/entry-server.tsx). Anything else, and any failure, gets the plain
 * index.html as before: the first view is an addition, never a condition.
 */

/** What entry-server.mjs exports (apps/web/src/server/entry-server.tsx). */
interface FirstViewModule {
  firstViewPaths: readonly string[];
  firstViewSources: Record<string, string>;
  renderFirstView(
    input: { url: string; answers: Record<string, unknown>; outdoor: boolean },
    timeoutMs?: number,
  ): Promise<{ root: string; data: string } | null>;
}

const ROOT = '<div id="root"></div>';
/** The device's outdoor-theme choice (apps/web/src/app/outdoor-mode.tsx). */
const OUTDOOR_COOKIE = 'fieldcraft-outdoor';

export interface FirstViewOptions {
  /** The built web app (index.html). */
  webDistDir: string;
  /** The built server renderer, or null for none. */
  webSsrDir: string | null;
}

/** The first view's page for this request, or null to send the plain index.html. */
type PageRenderer = (request: FastifyRequest) => Promise<string | null>;

async function loadRenderer(app: FastifyInstance, { webDistDir, webSsrDir }: FirstViewOptions): Promise<PageRenderer | null> {
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
  const mod = (await import(pathToFileURL(entry).href)) as FirstViewModule;
  const paths = new Set(mod.firstViewPaths);
  const sources = Object.entries(mod.firstViewSources);

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
          headers: { cookie, accept: 'application/json', 'user-agent': request.headers['user-agent'] ?? '' },
          remoteAddress: request.ip,
        });
        if (res.statusCode !== 200) return false;
        answers[name] = res.json();
        return true;
      }),
    );
    if (results.includes(false)) return null;
    const outdoor = new RegExp(`(?:^|;\\s*)${OUTDOOR_COOKIE}=on(?:;|$)`).test(cookie);
    const view = await mod.renderFirstView({ url: request.url, answers, outdoor });
    if (!view) return null;
    return template.replace(ROOT, `${view.root}${view.data}`);
  };
}

/**
 * Adds `GET /` and `GET /dashboard` (and HEAD) answering the first view when there is one and
 * `fallback` (the plain index.html) otherwise. Returns false when no renderer is built.
 */
export async function registerFirstView(
  app: FastifyInstance,
  options: FirstViewOptions,
  fallback: (reply: FastifyReply) => FastifyReply,
): Promise<boolean> {
  let render: PageRenderer | null = null;
  try {
    render = await loadRenderer(app, options);
  } catch (err) {
    app.log.error({ err }, 'the first-view renderer failed to load; pages are drawn in the browser only');
  }
  if (!render) return false;
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    let page: string | null = null;
    try {
      page = await render(request);
    } catch (err) {
      request.log.warn({ err }, 'first view failed; sending the plain page');
    }
    if (page === null) return fallback(reply);
    // One user's page: never stored by a shared cache, never reused for another cookie.
    reply.header('cache-control', 'private, no-cache').header('vary', 'cookie, accept-encoding');
    reply.type('text/html; charset=utf-8');
    if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
      return reply.header('content-encoding', 'gzip').send(gzipSync(page, { level: 6 }));
    }
    return reply.send(page);
  };
  for (const url of ['/', '/dashboard']) app.get(url, handler);
  return true;
}

import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sendNotFound } from './error-handler';
import { gzipSync } from 'node:zlib';
import { acceptsGzip, preloadLinks, registerFirstView } from './first-view';
import { isApiPath } from './security';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Files of the installable app that must never be answered with index.html: a browser that
 * checks /sw.js for an update and gets HTML keeps its old worker (docs/field-readiness.md).
 */
const NO_FALLBACK = new Set(['/sw.js', '/manifest.webmanifest']);

/**
 * The web app's entry only chooses between two apps (apps/web/src/app/start-choice.ts): the light
 * public app for a new visitor at / and /login, the whole app everywhere else. At every other
 * address the page names the whole app's start chunks (apps/web/vite.config.mts, startChunks) for
 * preloading, so on a slow network they come with the entry instead of one round trip later.
 */
const WHOLE_APP_CHUNKS = ['signed-in-start'];
const PUBLIC_APP_PATHS = new Set(['/', '/login']);

/** index.html with the whole app's preload links, plain and gzipped; null without a manifest. */
function wholeAppPage(root: string): { html: string; gzip: Buffer } | null {
  const links = preloadLinks(root, WHOLE_APP_CHUNKS);
  const template = readFileSync(path.join(root, 'index.html'), 'utf8');
  if (!links || !template.includes('</head>')) return null;
  const html = template.replace('</head>', `${links}</head>`);
  return { html, gzip: gzipSync(html, { level: 9 }) };
}

/**
 * Serves the built web app from WEB_DIST_DIR when it exists, with the SPA fallback: a GET or
 * HEAD outside /api and /v1 that matches no file gets index.html (200). Everything else that
 * matches nothing — any /api path, any method — is a JSON 404, never the app's HTML.
 */
export const webAppPlugin = fp(
  async (app) => {
    const root = app.config.webDistDir;
    const serveWeb = root !== null && existsSync(path.join(root, 'index.html'));
    const wholeApp = root !== null && serveWeb ? wholeAppPage(root) : null;

    /** The app's page for this address: index.html, with the whole app's preloads where it starts. */
    function sendAppPage(request: FastifyRequest, reply: FastifyReply): FastifyReply {
      reply.header('cache-control', 'no-cache');
      const pathname = request.url.split('?')[0] ?? '';
      if (!wholeApp || PUBLIC_APP_PATHS.has(pathname)) return reply.sendFile('index.html');
      reply.type('text/html; charset=utf-8').header('vary', 'accept-encoding');
      if (acceptsGzip(request)) {
        return reply.header('content-encoding', 'gzip').send(wholeApp.gzip);
      }
      return reply.send(wholeApp.html);
    }

    if (root !== null && serveWeb) {
      await app.register(fastifyStatic, {
        root,
        prefix: '/',
        wildcard: true,
        cacheControl: false,
        // The web build writes .br and .gz beside its text files; send those when accepted.
        preCompressed: true,
        // Never answer an API path from the file system.
        allowedPath: (pathName) => !isApiPath(pathName),
        setHeaders: (res, filePath) => {
          const relative = path.relative(root, filePath).split(path.sep).join('/');
          // Vite puts content-hashed files under assets/: they never change, cache them forever.
          // Everything else, sw.js and manifest.webmanifest included, is revalidated every time.
          res.setHeader('cache-control', relative.startsWith('assets/') ? IMMUTABLE : 'no-cache');
          if (relative === 'manifest.webmanifest') {
            res.setHeader('content-type', 'application/manifest+json; charset=utf-8');
          }
        },
      });
      // Signed-in page loads of / and /dashboard: the dashboard drawn on the server (first-view.ts).
      await registerFirstView(
        app,
        { webDistDir: root, webSsrDir: app.config.webSsrDir },
        sendAppPage,
      );
      app.log.info({ root }, 'serving the web app');
    } else {
      app.log.info({ root }, 'no built web app found; serving the API only');
    }

    app.setNotFoundHandler((request, reply) => {
      const isPage = request.method === 'GET' || request.method === 'HEAD';
      const pathname = request.url.split('?')[0] ?? '';
      if (serveWeb && isPage && !isApiPath(request.url) && !NO_FALLBACK.has(pathname)) {
        return sendAppPage(request, reply);
      }
      return sendNotFound(request, reply);
    });
  },
  { name: 'web-app', dependencies: ['config'] },
);

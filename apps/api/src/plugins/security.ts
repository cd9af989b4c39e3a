import { ErrorCode } from '@fieldcraft/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { type IncomingMessage, type ServerResponse, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { AppError } from '../lib/app-error';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

// Anything in a path that the router or a browser reads differently from the raw text:
// percent-escapes, backslashes, repeated slashes and dot segments.
const NEEDS_NORMALISING = /[%\\]|\/\/|\/\.|^[^/]/;

/**
 * The path as the router sees it, and then some: dot segments resolved, backslashes as
 * slashes, percent-escapes decoded, repeated slashes collapsed, no query. `/%61pi/./auth`,
 * `//api/auth` and `/api\auth` all give `/api/auth`. Hooks decide on this, never on the raw
 * URL, which Fastify decodes for routing.
 */
export function normalisedPath(url: string): string {
  const query = url.indexOf('?');
  let pathname = query === -1 ? url : url.slice(0, query);
  if (!NEEDS_NORMALISING.test(pathname)) return pathname;
  try {
    // A fixed origin in front, so '//api' stays a path instead of becoming a host.
    pathname = new URL(`http://h${pathname.startsWith('/') ? '' : '/'}${pathname}`).pathname;
  } catch {
    // Unparseable: decided on the raw text below.
  }
  try {
    pathname = decodeURIComponent(pathname);
  } catch {
    // A bad escape: Fastify answers 400 before any route; keep the text as it is.
  }
  return pathname.replace(/\/{2,}/g, '/');
}

/**
 * True for paths of the API and the voice socket (where the session cookie counts), however
 * they are spelled: decided on the normalised path, and without regard to case.
 */
export function isApiPath(url: string): boolean {
  return /^\/(api|v1)(\/|$)/i.test(normalisedPath(url));
}

/**
 * Whether a browser says this request comes from another site. Requests without Origin and
 * Sec-Fetch-Site (curl, server-to-server) pass: browsers always send at least one of them on
 * a cross-origin POST, and SameSite=Lax already keeps the cookie off cross-site POSTs.
 */
export function isCrossSite(request: FastifyRequest, trustedOrigins: readonly string[]): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite === 'cross-site' || fetchSite === 'same-site') return true;
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  if (trustedOrigins.includes(origin)) return false;
  try {
    const from = new URL(origin); // "null" (sandboxed frames, file://) fails here: rejected
    // request.host is the Host header, or X-Forwarded-Host when TRUST_PROXY says to trust it.
    // Parsed with the origin's scheme so a default port (":80", ":443") compares equal.
    const self = new URL(`${from.protocol}//${request.host}`);
    return from.host !== self.host;
  } catch {
    return true;
  }
}

const HELMET_OPTIONS: HelmetOptions = {
  // Only what is listed: helmet's extra defaults include upgrade-insecure-requests, which
  // would break plain-http installs such as http://localhost:3000.
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // Emotion (MUI) injects <style> tags at run time.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      mediaSrc: ["'self'", 'blob:'],
      connectSrc: ["'self'"],
      fontSrc: ["'self'", 'data:'],
      // 'self': the in-app reader shows a PDF from /api/files in the browser's own viewer.
      frameSrc: ["'self'", 'https://player.vimeo.com'],
      workerSrc: ["'self'", 'blob:'],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      frameAncestors: ["'none'"],
      formAction: ["'self'"],
    },
  },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  frameguard: { action: 'deny' },
  hidePoweredBy: true,
  // Sent per request, and only over HTTPS (HSTS below): on plain http it means nothing, and a
  // browser that once got it for a host could no longer reach that host's plain-http install.
  strictTransportSecurity: false,
};

/**
 * The CSP of a stored file (/api/files): the app's, except that the app's own pages may frame
 * it (the reader's PDF viewer). Every other answer keeps frame-ancestors 'none'.
 */
export function framableFileCsp(): string {
  return (securityHeaders()['content-security-policy'] ?? '').replace(
    "frame-ancestors 'none'",
    "frame-ancestors 'self'",
  );
}

/** Strict-Transport-Security, on answers to requests that came over HTTPS. */
export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Permissions-Policy: the microphone for this origin only (voice rooms), every other powerful
 * feature off, for us and for any frame (the Vimeo player included).
 */
export const PERMISSIONS_POLICY = [
  'microphone=(self)',
  'camera=()',
  'geolocation=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'bluetooth=()',
  'hid=()',
  'midi=()',
  'magnetometer=()',
  'gyroscope=()',
  'accelerometer=()',
  'display-capture=()',
  'browsing-topics=()',
].join(', ');

/** API answers: never stored by a browser or a shared cache unless the route says otherwise. */
export const API_CACHE_CONTROL = 'no-store';

/**
 * The headers helmet sets with HELMET_OPTIONS, computed once. Every one of helmet's
 * middlewares with these options writes fixed values (no nonces, nothing read from the
 * request), so running it once against a recording response gives exactly what it would set
 * on every response. @fastify/helmet rebuilt helmet, CSP parsing included, on every request:
 * the second largest cost of the hot read (docs/benchmarks-load.md).
 */
export function securityHeaders(options: HelmetOptions = HELMET_OPTIONS): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)(
    { headers: {} } as IncomingMessage,
    recorder as unknown as ServerResponse,
    (err?: unknown) => {
      failure = err;
    },
  );
  if (failure) throw failure;
  return headers;
}

let fixedHeaders: [string, string][] | undefined;

/**
 * Writes the headers every answer carries: helmet's (computed once) and Permissions-Policy.
 * The security plugin calls it for every request; so does the answer to a URL Fastify could
 * not route at all (frameworkErrorHandler), which no hook sees.
 */
export function setFixedSecurityHeaders(res: ServerResponse): void {
  fixedHeaders ??= Object.entries({
    ...securityHeaders(),
    'permissions-policy': PERMISSIONS_POLICY,
  });
  for (const [name, value] of fixedHeaders) res.setHeader(name, value);
}

const CLIENT_ERRORS: Record<string, { status: number; code: ErrorCode; message: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    code: ErrorCode.REQUEST_TIMEOUT,
    message: 'The request took too long to arrive',
  },
  HPE_HEADER_OVERFLOW: {
    status: 431,
    code: ErrorCode.BAD_REQUEST,
    message: 'The request headers are too large',
  },
};

/**
 * Fastify's clientErrorHandler: what a client gets when Node drops its request before any
 * route saw it whole: too slow (HEADERS_TIMEOUT_SECONDS / REQUEST_TIMEOUT_SECONDS), oversized
 * headers, or unparseable HTTP. Same `{error, code}` body as every other error, then the
 * connection is closed. A handler already reading the body sees its stream fail and cleans up.
 */
export function clientErrorHandler(
  this: FastifyInstance,
  err: Error & { code?: string },
  socket: Socket,
): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const known = (err.code && CLIENT_ERRORS[err.code]) || {
    status: 400,
    code: ErrorCode.BAD_REQUEST,
    message: 'Malformed request',
  };
  this.log.info(
    { code: err.code, remoteAddress: socket.remoteAddress },
    'client error: %s',
    known.message,
  );
  if (socket.writable) {
    const body = JSON.stringify({ error: known.message, code: known.code });
    socket.write(
      `HTTP/1.1 ${known.status} ${STATUS_CODES[known.status]}\r\nConnection: close\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/** Security headers (helmet with a CSP the built React/MUI app runs under) and CSRF checks. */
export const securityPlugin = fp(
  async (app) => {
    const { trustedOrigins } = app.config;
    // One synchronous hook for every request, 404s included: the fixed headers, HSTS over
    // HTTPS, no-store on the API, then the CSRF check on every mutation, whatever its path:
    // only the API takes mutations, and a check that depends on how the path is spelled can
    // be spelled around (`/%61pi/...`).
    app.addHook('onRequest', (request, reply, done) => {
      const res = reply.raw;
      setFixedSecurityHeaders(res);
      // request.protocol is X-Forwarded-Proto when TRUST_PROXY trusts the peer.
      if (request.protocol === 'https') res.setHeader('strict-transport-security', HSTS);
      // A route's own Cache-Control (reply.header, e.g. files) replaces this one.
      if (isApiPath(request.url)) res.setHeader('cache-control', API_CACHE_CONTROL);
      if (MUTATING.has(request.method)) {
        if (isCrossSite(request, trustedOrigins)) {
          done(new AppError(403, ErrorCode.CSRF_REJECTED, 'Cross-site request rejected'));
          return;
        }
      }
      done();
    });
  },
  { name: 'security', dependencies: ['config'] },
);

import { ErrorCode } from '@fieldcraft/contracts';
import helmet from '@fastify/helmet';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** True for paths whose mutations carry the session cookie: the API and the voice socket. */
export function isApiPath(url: string): boolean {
  return /^\/(api|v1)(\/|\?|$)/.test(url);
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

/** Security headers (helmet with a CSP the built React/MUI app runs under) and CSRF checks. */
export const securityPlugin = fp(
  async (app) => {
    await app.register(helmet, {
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
          frameSrc: ['https://player.vimeo.com'],
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
    });

    const { trustedOrigins } = app.config;
    app.addHook('onRequest', async (request) => {
      if (!MUTATING.has(request.method) || !isApiPath(request.url)) return;
      if (isCrossSite(request, trustedOrigins)) {
        throw new AppError(403, ErrorCode.CSRF_REJECTED, 'Cross-site request rejected');
      }
    });
  },
  { name: 'security', dependencies: ['config'] },
);

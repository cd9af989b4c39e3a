import fp from 'fastify-plugin';
import { isApiPath } from './security';

/** The header the web app sends on every call while an admin previews the app as a USER. */
export const PREVIEW_MODE_HEADER = 'x-preview-mode';

declare module 'fastify' {
  interface FastifyRequest {
    /** True when this request was served as a USER because of `x-preview-mode: user`. */
    previewMode: boolean;
  }
}

/**
 * Admin preview mode on the server: a signed-in OWNER or ADMIN sending `x-preview-mode: user`
 * is served as role USER for that request, so the preview shows exactly what a USER gets and
 * owner-only calls answer 403. Only ever a downgrade: a USER (or anyone anonymous) sending it,
 * or any other value, changes nothing. Registered after the session plugin so `request.user`
 * (the impersonated user, when impersonating) is already known, and at the root so it runs
 * before every route's own guards.
 */
export const previewModePlugin = fp(
  async (app) => {
    app.decorateRequest('previewMode', false);
    app.addHook('onRequest', async (request) => {
      const user = request.user;
      if (!user || (user.role !== 'OWNER' && user.role !== 'ADMIN')) return;
      if (!isApiPath(request.url)) return;
      const header = request.headers[PREVIEW_MODE_HEADER];
      if (typeof header !== 'string' || header.trim().toLowerCase() !== 'user') return;
      request.user = { ...user, role: 'USER' };
      request.previewMode = true;
    });
  },
  { name: 'preview-mode', dependencies: ['session'] },
);

import { ErrorCode, type Role, type User } from '@fieldcraft/contracts';
import cookie from '@fastify/cookie';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from './db';
import { isApiPath } from './security';
import { AppError } from '../lib/app-error';
import { resolveImpersonationSecret } from '../lib/impersonation-secret';
import { sessionDigest, verifyImpersonationToken } from '../lib/impersonation-token';
import { primeDummyHash } from '../lib/passwords';
import { newSessionToken, sessionIdFromToken } from '../lib/session-token';
import {
  findActiveSession,
  insertSession,
  type Session,
  touchSession,
} from '../auth/sessions.repository';
import { insertAuditEntry } from '../audit/audit.repository';
import { findLiveImpersonation } from '../people/impersonation.repository';
import { canImpersonate } from '../people/people.policy';

/** The header carrying an impersonation token (spec §6). */
export const IMPERSONATION_HEADER = 'x-impersonation-token';

/** The session cookie: an opaque random token; the database keeps only its sha256. */
export const SESSION_COOKIE = 'fc_session';

// last_seen_at is written at most this often per session, not on every request.
const TOUCH_INTERVAL_MS = 60_000;

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, from the session cookie only (never from request headers). */
    user: User | null;
    session: Session | null;
    /**
     * While impersonating: the real, signed-in actor (request.user is then the target).
     * Null on every other request.
     */
    impersonator: User | null;
    impersonation: { jti: string; expiresAt: Date } | null;
  }
  interface FastifyInstance {
    /** HMAC key for impersonation tokens (IMPERSONATION_SECRET or the per-install secret). */
    impersonationSecret: string;
    /** Guard hook (routes use it as `onRequest`): 401 UNAUTHENTICATED unless signed in. */
    requireUser: preHandlerAsyncHookHandler;
    /** Guard hook (as `onRequest`): 401 unless signed in, 403 FORBIDDEN unless one of `roles`. */
    requireRole: (...roles: Role[]) => preHandlerAsyncHookHandler;
  }
}

/** The signed-in user; throws 401 when there is none. Use in handlers behind requireUser. */
export function currentUser(request: FastifyRequest): User {
  if (!request.user) {
    throw new AppError(401, ErrorCode.UNAUTHENTICATED, 'Authentication required');
  }
  return request.user;
}

/** While true the user may only use /api/auth/* and change their own password. */
export function mustChangePassword(user: User): boolean {
  return user.passwordChangeRequired || user.requiresReset;
}

function cookieOptions(request: FastifyRequest) {
  const { cookieSecure } = request.server.config;
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    path: '/',
    // 'auto': Secure when the request arrived over HTTPS (X-Forwarded-Proto with TRUST_PROXY).
    secure: cookieSecure === 'auto' ? request.protocol === 'https' : cookieSecure,
  };
}

/**
 * Creates a new session for `userId` in `db` (pass the route's transaction) and sets its
 * cookie. Callers delete the previous session themselves (rotation).
 */
export async function startSession(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
): Promise<Session> {
  const token = newSessionToken();
  const ttlMs = request.server.config.sessionTtlHours * 3_600_000;
  const expiresAt = new Date(Date.now() + ttlMs);
  const session = { id: sessionIdFromToken(token), userId, expiresAt, lastSeenAt: new Date() };
  await insertSession(db, {
    id: session.id,
    userId,
    expiresAt,
    ip: request.ip ?? null,
    userAgent: request.headers['user-agent'] ?? null,
  });
  reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions(request), maxAge: ttlMs / 1000 });
  return session;
}

/** The id (hash) of the session named by the request's cookie, valid or not. */
export function cookieSessionId(request: FastifyRequest): string | null {
  const token = request.cookies[SESSION_COOKIE];
  return token ? sessionIdFromToken(token) : null;
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, cookieOptions(request));
}

const requireUser: preHandlerAsyncHookHandler = async (request) => {
  currentUser(request);
};

function requireRole(...roles: Role[]): preHandlerAsyncHookHandler {
  return async (request) => {
    const user = currentUser(request);
    if (!roles.includes(user.role)) {
      throw new AppError(403, ErrorCode.FORBIDDEN, 'You do not have permission to do this');
    }
  };
}

/**
 * Reads the session cookie on API requests and decorates `request.user` / `request.session`.
 * Also enforces the forced password change for every API route but the exempt ones.
 */
export const sessionPlugin = fp(
  async (app) => {
    await app.register(cookie);
    await primeDummyHash();

    app.decorateRequest('user', null);
    app.decorateRequest('session', null);
    app.decorateRequest('impersonator', null);
    app.decorateRequest('impersonation', null);
    app.decorate('impersonationSecret', await resolveImpersonationSecret(app.db));
    app.decorate('requireUser', requireUser);
    app.decorate('requireRole', requireRole);

    app.addHook('onRequest', async (request) => {
      if (!isApiPath(request.url)) return;
      const token = request.cookies[SESSION_COOKIE];
      // Real tokens are 43 characters; don't hash arbitrary junk.
      if (!token || token.length > 128) return;
      const found = await findActiveSession(app.db, sessionIdFromToken(token));
      if (!found) return;
      request.user = found.user;
      request.session = found.session;
      if (Date.now() - found.session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
        await touchSession(app.db, found.session.id, request.ip ?? null);
      }
      await applyImpersonation(request);
      assertAllowedWhileImpersonating(request);
    });

    // While impersonating, nobody's password, role, company or account changes, and nobody
    // starts another impersonation: those stay with the real actor, signed in as themselves.
    // Checked here, before any route guard, so the answer is always this one.
    function assertAllowedWhileImpersonating(request: FastifyRequest): void {
      if (!request.impersonator || request.method === 'GET' || request.method === 'HEAD') return;
      const route = request.routeOptions.url ?? '';
      if (
        route.startsWith('/api/users') ||
        route.startsWith('/api/people') ||
        route.startsWith('/api/companies')
      ) {
        throw new AppError(
          403,
          ErrorCode.IMPERSONATION_FORBIDDEN,
          'Not available while acting as another user',
        );
      }
    }

    /**
     * Serves the request as the impersonated user only when the token verifies, is unexpired
     * and unrevoked, was issued to this very session's user for this session, and the actor
     * may still impersonate the target. Anything else: the header is ignored, never an error.
     */
    async function applyImpersonation(request: FastifyRequest): Promise<void> {
      const header = request.headers[IMPERSONATION_HEADER];
      const actor = request.user;
      const session = request.session;
      if (typeof header !== 'string' || !actor || !session) return;
      const claims = verifyImpersonationToken(app.impersonationSecret, header);
      if (!claims || claims.act !== actor.id) return;
      if (claims.sid !== sessionDigest(app.impersonationSecret, session.id)) return;
      const live = await findLiveImpersonation(app.db, claims.jti);
      if (!live || live.actorId !== actor.id || live.sessionId !== session.id) return;
      if (live.target.id !== claims.sub || !canImpersonate(actor, live.target)) return;
      request.impersonator = actor;
      request.impersonation = { jti: live.jti, expiresAt: live.expiresAt };
      request.user = live.target;
    }

    // One audit row per request made while impersonating (reads included), with the real
    // actor, the impersonated user and the outcome.
    app.addHook('onSend', async (request, reply) => {
      const actor = request.impersonator;
      if (!actor || !request.user) return;
      await insertAuditEntry(app.db, {
        actorId: actor.id,
        action: 'impersonation.request',
        targetType: 'user',
        targetId: request.user.id,
        details: {
          method: request.method,
          route: request.routeOptions.url ?? null,
          path: request.url.split('?')[0],
          statusCode: reply.statusCode,
          jti: request.impersonation?.jti ?? null,
        },
        ip: request.ip ?? null,
      }).catch((err: unknown) => request.log.error({ err }, 'impersonation audit failed'));
    });

    app.addHook('preValidation', async (request) => {
      const user = request.user;
      const route = request.routeOptions.url;
      if (!user || !route || !isApiPath(route) || !mustChangePassword(user)) return;
      if (
        route.startsWith('/api/auth/') ||
        route.startsWith('/api/health') ||
        route.startsWith('/api/docs')
      ) {
        return;
      }
      const params = request.params as { id?: string | number } | undefined;
      if (
        request.method === 'PATCH' &&
        route === '/api/users/:id' &&
        Number(params?.id) === user.id
      ) {
        return;
      }
      throw new AppError(
        403,
        ErrorCode.PASSWORD_CHANGE_REQUIRED,
        'You must change your password before continuing',
      );
    });
  },
  { name: 'session', dependencies: ['config', 'db'] },
);

import {
  ApiErrorSchema,
  AuthStatusSchema,
  ErrorCode,
  LoginBodySchema,
  LoginResponseSchema,
  LogoutResponseSchema,
  UserSchema,
} from '@fieldcraft/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  refundLoginAttempt,
  reserveLoginAttempt,
  settleLoginFailure,
  settleLoginSuccess,
} from './login-throttle';
import { deleteExpiredSessions, deleteSession } from './sessions.repository';
import { AppError } from '../lib/app-error';
import { resolveDeviceSecret, setDeviceCookie, trustedDeviceId } from '../lib/device-cookie';
import { verifyAgainstDummy, verifyPassword } from '../lib/passwords';
import { clearSessionCookie, cookieSessionId, currentUser, startSession } from '../plugins/session';
import { insertAuditEntry } from '../audit/audit.repository';
import { findCredentialsByEmail, recordLogin } from '../people/users.repository';

/** /api/auth: sign-in, sign-out and "who am I". Identity comes from the session cookie only. */
const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app;
  const deviceSecret = await resolveDeviceSecret(db, config.loginRateLimit.deviceSecret ?? null);

  app.post(
    '/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email and password; sets the session cookie',
        body: LoginBodySchema,
        response: {
          200: LoginResponseSchema,
          400: ApiErrorSchema,
          401: ApiErrorSchema,
          429: ApiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      // Counted as a failure before the password is checked, atomically with the check of
      // the limits; a right password gives it back (docs/operating.md, "Sign-in limits").
      const ticket = await reserveLoginAttempt(db, config.loginRateLimit, {
        email,
        ip: request.ip,
        deviceId: trustedDeviceId(request, deviceSecret, email),
      });

      let found: Awaited<ReturnType<typeof findCredentialsByEmail>>;
      let passwordOk: boolean;
      try {
        found = await findCredentialsByEmail(db, email);
        passwordOk = found
          ? await verifyPassword(found.passwordHash, password)
          : await verifyAgainstDummy(password);
      } catch (err) {
        await refundLoginAttempt(db, ticket);
        throw err;
      }
      // One answer for unknown email, wrong password and deactivated account.
      if (!found || !passwordOk || found.deactivated) {
        await settleLoginFailure(db, config.loginRateLimit);
        throw new AppError(401, ErrorCode.INVALID_CREDENTIALS, 'Invalid email or password');
      }

      const { user } = found;
      const previous = cookieSessionId(request);
      await db.transaction().execute(async (trx) => {
        await settleLoginSuccess(trx, ticket);
        // Rotation: whatever session the browser held before is gone.
        if (previous) await deleteSession(trx, previous);
        await deleteExpiredSessions(trx);
        await startSession(trx, request, reply, user.id);
        await recordLogin(trx, user.id);
        await insertAuditEntry(trx, {
          actorId: user.id,
          action: 'auth.login',
          targetType: 'user',
          targetId: user.id,
          ip: request.ip,
        });
      });
      setDeviceCookie(request, reply, deviceSecret, email);
      return { ...user, user };
    },
  );

  app.get(
    '/status',
    {
      schema: {
        tags: ['auth'],
        summary: 'Whether the caller is signed in (always 200)',
        response: { 200: AuthStatusSchema },
      },
    },
    async (request) => ({ isAuthenticated: request.user !== null, user: request.user }),
  );

  app.get(
    '/user',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user',
        response: { 200: UserSchema, 401: ApiErrorSchema },
      },
    },
    async (request) => currentUser(request),
  );

  async function endSession(request: FastifyRequest, reply: FastifyReply) {
    const sessionId = cookieSessionId(request);
    if (sessionId) await deleteSession(db, sessionId);
    if (request.user) {
      await insertAuditEntry(db, {
        actorId: request.user.id,
        action: 'auth.logout',
        targetType: 'user',
        targetId: request.user.id,
        ip: request.ip,
      });
    }
    clearSessionCookie(request, reply);
    return { success: true as const };
  }

  app.post(
    '/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign out: deletes the session and clears the cookie (works signed out too)',
        response: { 200: LogoutResponseSchema },
      },
    },
    endSession,
  );

  app.post(
    '/force-clear',
    {
      schema: {
        tags: ['auth'],
        summary: 'Clear-auth routine: deletes any session the cookie names and clears the cookie',
        response: { 200: LogoutResponseSchema },
      },
    },
    endSession,
  );
};

export default authRoutes;

import { ErrorCode, ImpersonationStartSchema, UserIdParamsSchema } from '@fieldcraft/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error';
import {
  IMPERSONATION_TTL_SECONDS,
  newJti,
  sessionDigest,
  signImpersonationToken,
} from '../lib/impersonation-token';
import { currentUser } from '../plugins/session';
import { insertAuditEntry } from '../audit/audit.repository';
import { insertImpersonationToken } from './impersonation.repository';
import { canImpersonate } from './people.policy';
import { toImpersonatedUser } from './people.repository';
import { peopleErrors, visibleUser } from './people.service';

/**
 * POST /api/people/users/:id/impersonate: start acting as a user (OWNER and ADMIN, within
 * people.policy.ts). Reading and ending it is impersonation.routes.ts (/api/impersonation).
 */
const impersonationStartRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  app.addHook('onRequest', app.requireRole('OWNER', 'ADMIN'));

  app.post(
    '/users/:id/impersonate',
    {
      schema: {
        tags: ['people'],
        summary:
          'Start acting as a user: a signed token (≤ 30 min) bound to this session, sent back as x-impersonation-token',
        params: UserIdParamsSchema,
        response: { 200: ImpersonationStartSchema, ...peopleErrors },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const session = request.session;
      if (!session) throw new AppError(401, ErrorCode.UNAUTHENTICATED, 'Authentication required');
      const target = await visibleUser(db, actor, request.params.id);
      if (!canImpersonate(actor, target)) {
        throw new AppError(
          403,
          ErrorCode.IMPERSONATION_FORBIDDEN,
          target.id === actor.id
            ? 'You cannot impersonate yourself'
            : 'You cannot impersonate this user',
        );
      }
      if (target.deactivatedAt) {
        throw new AppError(
          403,
          ErrorCode.IMPERSONATION_FORBIDDEN,
          'A deactivated user cannot be impersonated',
        );
      }
      const iat = Math.floor(Date.now() / 1000);
      // Never past the actor's own session.
      const exp = Math.min(
        iat + IMPERSONATION_TTL_SECONDS,
        Math.floor(session.expiresAt.getTime() / 1000),
      );
      const jti = newJti();
      const token = signImpersonationToken(app.impersonationSecret, {
        act: actor.id,
        sub: target.id,
        sid: sessionDigest(app.impersonationSecret, session.id),
        iat,
        exp,
        jti,
      });
      const expiresAt = new Date(exp * 1000);
      await db.transaction().execute(async (trx) => {
        await insertImpersonationToken(trx, {
          jti,
          actorId: actor.id,
          targetId: target.id,
          sessionId: session.id,
          expiresAt,
        });
        await insertAuditEntry(trx, {
          actorId: actor.id,
          action: 'impersonation.start',
          targetType: 'user',
          targetId: target.id,
          details: { jti, expiresAt: expiresAt.toISOString() },
          ip: request.ip,
        });
      });
      return { token, expiresAt: expiresAt.toISOString(), user: toImpersonatedUser(target) };
    },
  );
};

export default impersonationStartRoutes;

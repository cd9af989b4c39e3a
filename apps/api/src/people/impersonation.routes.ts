import {
  ApiErrorSchema,
  ImpersonationStatusSchema,
  SuccessResponseSchema,
} from '@fieldcraft/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { revokeImpersonationToken } from './impersonation.repository';
import { currentUser } from '../plugins/session';
import { insertAuditEntry } from '../audit/audit.repository';
import { toImpersonatedUser } from './people.repository';

const errors = { 401: ApiErrorSchema, 403: ApiErrorSchema } as const;

/** /api/impersonation: is this request served as someone else, and Stop. */
const impersonationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  app.addHook('onRequest', app.requireUser);

  app.get(
    '/',
    {
      schema: {
        tags: ['impersonation'],
        summary:
          'Whether the x-impersonation-token sent with this request is in effect (the web drops an ended one)',
        response: { 200: ImpersonationStatusSchema, ...errors },
      },
    },
    async (request) => {
      const actor = request.impersonator;
      if (!actor || !request.impersonation) {
        return { active: false, user: null, actor: null, expiresAt: null };
      }
      return {
        active: true,
        user: toImpersonatedUser(currentUser(request)),
        actor: toImpersonatedUser(actor),
        expiresAt: request.impersonation.expiresAt.toISOString(),
      };
    },
  );

  app.delete(
    '/',
    {
      schema: {
        tags: ['impersonation'],
        summary: 'Stop: revokes the token sent with this request (nothing to stop is fine too)',
        response: { 200: SuccessResponseSchema, ...errors },
      },
    },
    async (request) => {
      const actor = request.impersonator;
      const live = request.impersonation;
      if (!actor || !live) return { success: true as const };
      await db.transaction().execute(async (trx) => {
        if (await revokeImpersonationToken(trx, live.jti)) {
          await insertAuditEntry(trx, {
            actorId: actor.id,
            action: 'impersonation.stop',
            targetType: 'user',
            targetId: currentUser(request).id,
            details: { jti: live.jti },
            ip: request.ip,
          });
        }
      });
      return { success: true as const };
    },
  );
};

export default impersonationRoutes;

import {
  AccountSchema,
  ApiErrorSchema,
  ErrorCode,
  SignOutOthersResponseSchema,
} from '@fieldcraft/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { countOtherSessions, deleteOtherSessions } from './sessions.repository';
import { AppError } from '../lib/app-error';
import { currentUser } from '../plugins/session';
import { insertAuditEntry } from '../audit/audit.repository';
import { findCompany } from '../people/companies.repository';

/** The caller's own session id; an account without one (never here behind requireUser) has none. */
function ownSessionId(request: FastifyRequest): string {
  const id = request.session?.id;
  if (!id) throw new AppError(401, ErrorCode.UNAUTHENTICATED, 'Authentication required');
  return id;
}

/**
 * /api/auth/account and /api/auth/sign-out-others: what the Profile page shows about the signed-in
 * account, and ending its sessions elsewhere. Both act on the session's own user only.
 */
const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.get(
    '/account',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['auth'],
        summary: 'The signed-in account: user, company and how many other sessions it has',
        response: { 200: AccountSchema, 401: ApiErrorSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const company = user.companyId === null ? undefined : await findCompany(db, user.companyId);
      // While an owner acts as someone, the session is the owner's: count none of the target's.
      const otherSessions = request.impersonator
        ? 0
        : await countOtherSessions(db, user.id, ownSessionId(request));
      return {
        user,
        company: company ? { id: company.id, name: company.name } : null,
        otherSessions,
      };
    },
  );

  app.post(
    '/sign-out-others',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['auth'],
        summary: 'Sign out of every other device: ends all sessions of the account but this one',
        response: { 200: SignOutOthersResponseSchema, 401: ApiErrorSchema, 403: ApiErrorSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      if (request.impersonator) {
        throw new AppError(
          403,
          ErrorCode.IMPERSONATION_FORBIDDEN,
          'Not available while acting as another user',
        );
      }
      const keep = ownSessionId(request);
      return db.transaction().execute(async (trx) => {
        const signedOut = await deleteOtherSessions(trx, user.id, keep);
        await insertAuditEntry(trx, {
          actorId: user.id,
          action: 'auth.sign_out_others',
          targetType: 'user',
          targetId: user.id,
          details: { sessionsRevoked: signedOut },
          ip: request.ip,
        });
        return { signedOut };
      });
    },
  );
};

export default accountRoutes;

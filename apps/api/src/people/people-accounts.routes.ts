import {
  PasswordResetRequestSchema,
  ManagedUserSchema,
  ResetPasswordBodySchema,
  ResetPasswordResponseSchema,
  UserIdParamsSchema,
} from '@fieldcraft/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { assertStrongPassword } from '../lib/password-strength';
import { hashPassword } from '../lib/passwords';
import { currentUser } from '../plugins/session';
import { insertAuditEntry } from '../audit/audit.repository';
import { deleteUserSessions } from '../auth/sessions.repository';
import { listOpenRequests, resolveRequestsOf } from '../auth/password-reset.repository';
import { deleteUnusedResetTokens } from '../auth/reset-tokens.repository';
import { revokeImpersonationsOf } from './impersonation.repository';
import { assertNotLastOwner } from './last-owner';
import { scopeOf } from './people.policy';
import { findManagedUser, setDeactivated, setTemporaryPassword } from './people.repository';
import {
  forbidden,
  generateTemporaryPassword,
  manageableUser,
  peopleErrors,
  userNotFound,
} from './people.service';

/**
 * /api/people/users/:id/…: password reset, deactivation and reactivation of a managed user
 * (OWNER and ADMIN, docs/people-and-companies.md); each ends the user's sessions as it must.
 */
const peopleAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  app.addHook('onRequest', app.requireRole('OWNER', 'ADMIN'));

  app.get(
    '/password-reset-requests',
    {
      schema: {
        tags: ['people'],
        summary:
          '"Forgot password" requests waiting for a temporary password (ADMIN: their company\'s USERs)',
        response: { 200: z.array(PasswordResetRequestSchema), ...peopleErrors },
      },
    },
    async (request) => listOpenRequests(db, scopeOf(currentUser(request))),
  );

  app.post(
    '/users/:id/reset-password',
    {
      schema: {
        tags: ['people'],
        summary:
          'Set or generate a temporary password (shown once); the user must change it at next sign-in and loses every session',
        params: UserIdParamsSchema,
        body: ResetPasswordBodySchema,
        response: { 200: ResetPasswordResponseSchema, ...peopleErrors },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const { id } = request.params;
      const target = await manageableUser(db, actor, id);
      if (target.id === actor.id) {
        throw forbidden('Change your own password from the sign-in screen instead');
      }
      if (request.body.password !== undefined) {
        assertStrongPassword(request.body.password, 'password', [
          target.email,
          target.username,
          target.firstName,
          target.lastName,
        ]);
      }
      const generated = request.body.password === undefined;
      const temporaryPassword = request.body.password ?? generateTemporaryPassword();
      const passwordHash = await hashPassword(temporaryPassword);
      return db.transaction().execute(async (trx) => {
        await setTemporaryPassword(trx, id, passwordHash);
        const sessionsRevoked = await deleteUserSessions(trx, id);
        await revokeImpersonationsOf(trx, id);
        // The temporary password answers any "forgot password" request of theirs.
        const requestsAnswered = await resolveRequestsOf(trx, id, actor.id);
        // A mailed reset link would undo the admin's password: it no longer works.
        await deleteUnusedResetTokens(trx, id);
        await insertAuditEntry(trx, {
          actorId: actor.id,
          action: 'user.password_reset',
          targetType: 'user',
          targetId: id,
          // Never the password itself.
          details: {
            generated,
            sessionsRevoked,
            ...(requestsAnswered > 0 && { requestsAnswered }),
          },
          ip: request.ip,
        });
        const user = await findManagedUser(trx, { kind: 'all' }, id);
        if (!user) throw userNotFound();
        return { user, temporaryPassword, generated, sessionsRevoked };
      });
    },
  );

  for (const deactivate of [true, false]) {
    app.post(
      deactivate ? '/users/:id/deactivate' : '/users/:id/reactivate',
      {
        schema: {
          tags: ['people'],
          summary: deactivate
            ? 'Deactivate: the user cannot sign in and every session ends (repeating changes nothing)'
            : 'Reactivate a deactivated user (repeating changes nothing)',
          params: UserIdParamsSchema,
          response: { 200: ManagedUserSchema, ...peopleErrors },
        },
      },
      async (request) => {
        const actor = currentUser(request);
        const { id } = request.params;
        const target = await manageableUser(db, actor, id);
        if (deactivate && target.id === actor.id) {
          throw forbidden('You cannot deactivate your own account');
        }
        if (Boolean(target.deactivatedAt) === deactivate) return target;
        return db.transaction().execute(async (trx) => {
          if (deactivate) {
            await assertNotLastOwner(trx, id, 'The last owner cannot be deactivated');
          }
          await setDeactivated(trx, id, deactivate);
          let sessionsRevoked = 0;
          if (deactivate) {
            sessionsRevoked = await deleteUserSessions(trx, id);
            await revokeImpersonationsOf(trx, id);
            // Nor does a link mailed before: reactivated, the account asks for a new one.
            await deleteUnusedResetTokens(trx, id);
          }
          await insertAuditEntry(trx, {
            actorId: actor.id,
            action: deactivate ? 'user.deactivate' : 'user.reactivate',
            targetType: 'user',
            targetId: id,
            details: deactivate ? { sessionsRevoked } : {},
            ip: request.ip,
          });
          const user = await findManagedUser(trx, { kind: 'all' }, id);
          if (!user) throw userNotFound();
          return user;
        });
      },
    );
  }
};

export default peopleAccountRoutes;

import {
  ApiErrorSchema,
  ErrorCode,
  type UpdateUserBody,
  UpdateUserBodySchema,
  type User,
  UserIdParamsSchema,
  UserSchema,
} from '@fieldcraft/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  countActiveOwners,
  findCredentialsById,
  updateUser,
  type UserPatch,
} from './users.repository';
import { AppError } from '../../lib/app-error';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { currentUser, startSession } from '../../plugins/session';
import { insertAuditEntry } from '../audit/audit.repository';
import { deleteUserSessions } from '../auth/sessions.repository';
import { assertLoginAllowed, noteLoginFailure } from '../auth/login-throttle';

// What a non-owner may send about themselves: a new password (flags may only be cleared,
// and only together with it, since the password change itself clears them).
const SELF_SERVICE_FIELDS = new Set([
  'password',
  'currentPassword',
  'passwordChangeRequired',
  'requiresReset',
]);

const forbidden = (message: string) => new AppError(403, ErrorCode.FORBIDDEN, message);

function assertSelfServiceAllowed(body: UpdateUserBody): void {
  const fields = Object.keys(body).filter((k) => body[k as keyof UpdateUserBody] !== undefined);
  if (fields.some((f) => !SELF_SERVICE_FIELDS.has(f))) {
    throw forbidden('You can only change your own password');
  }
  if (body.password === undefined) throw forbidden('You can only change your own password');
  if (body.passwordChangeRequired === true || body.requiresReset === true) {
    throw forbidden('Only an owner can require a password change');
  }
}

/** Non-secret field changes for the audit trail: names and values, never passwords. */
function auditChanges(before: User, after: UserPatch) {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const key of [
    'firstName',
    'lastName',
    'role',
    'status',
    'passwordChangeRequired',
    'requiresReset',
  ] as const) {
    if (after[key] !== undefined && after[key] !== before[key]) {
      changes[key] = { from: before[key], to: after[key] };
    }
  }
  return changes;
}

/** /api/users. The caller's identity and role come from the session, never from headers. */
const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app;

  app.patch(
    '/:id',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['users'],
        summary:
          'Change a user. Anyone: their own password (with currentPassword). OWNER: anything of anyone.',
        params: UserIdParamsSchema,
        body: UpdateUserBodySchema,
        response: {
          200: UserSchema,
          400: ApiErrorSchema,
          401: ApiErrorSchema,
          403: ApiErrorSchema,
          404: ApiErrorSchema,
          409: ApiErrorSchema,
          429: ApiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const actor = currentUser(request);
      const { id } = request.params;
      const body = request.body;
      const isSelf = id === actor.id;
      const isOwner = actor.role === 'OWNER';

      // Non-owners learn nothing about other ids (not even whether they exist).
      if (!isOwner) {
        if (!isSelf) throw forbidden('You can only change your own account');
        assertSelfServiceAllowed(body);
      }
      const target = await findCredentialsById(db, id);
      if (!target) throw new AppError(404, ErrorCode.USER_NOT_FOUND, 'User not found');

      const changesPassword = body.password !== undefined;
      const changesOwnPassword = isSelf && changesPassword;
      if (changesOwnPassword) {
        // The current password is re-verified, and guessing it is throttled like sign-in.
        if (!body.currentPassword) {
          throw new AppError(400, ErrorCode.VALIDATION_FAILED, 'Validation failed', {
            issues: {
              formErrors: [],
              fieldErrors: { currentPassword: ['Current password is required'] },
            },
          });
        }
        await assertLoginAllowed(db, config.loginRateLimit, target.user.email, request.ip);
        if (!(await verifyPassword(target.passwordHash, body.currentPassword))) {
          await noteLoginFailure(db, config.loginRateLimit, target.user.email, request.ip);
          throw new AppError(
            400,
            ErrorCode.CURRENT_PASSWORD_INCORRECT,
            'Current password is incorrect',
          );
        }
        if (body.password === body.currentPassword) {
          throw new AppError(400, ErrorCode.VALIDATION_FAILED, 'Validation failed', {
            issues: {
              formErrors: [],
              fieldErrors: {
                password: ['New password must be different from the current password'],
              },
            },
          });
        }
      }

      if (
        target.user.role === 'OWNER' &&
        body.role !== undefined &&
        body.role !== 'OWNER' &&
        (await countActiveOwners(db)) <= 1
      ) {
        throw new AppError(
          409,
          ErrorCode.LAST_OWNER,
          'The last owner cannot be given another role',
        );
      }

      const patch: UserPatch = {
        firstName: body.firstName,
        lastName: body.lastName,
        role: body.role,
        status: body.status,
        passwordChangeRequired: body.passwordChangeRequired,
        requiresReset: body.requiresReset,
      };
      if (changesPassword) patch.passwordHash = await hashPassword(body.password as string);
      if (changesOwnPassword) {
        // The activation rule: changing your own password clears the forced-change flags and
        // turns an invited (PENDING) account into an ACTIVE one.
        patch.passwordChangeRequired = false;
        patch.requiresReset = false;
        if (target.user.status === 'PENDING' && body.status === undefined) patch.status = 'ACTIVE';
      }
      const changes = auditChanges(target.user, patch);

      const updated = await db.transaction().execute(async (trx) => {
        const user = await updateUser(trx, id, patch);
        if (!user) throw new AppError(404, ErrorCode.USER_NOT_FOUND, 'User not found');
        let sessionsRevoked = 0;
        if (changesPassword) {
          // Every session of the user goes, the caller's included; a self-change gets a new one.
          sessionsRevoked = await deleteUserSessions(trx, id);
          if (isSelf) await startSession(trx, request, reply, id);
        }
        await insertAuditEntry(trx, {
          actorId: actor.id,
          action: changesPassword ? 'user.password_change' : 'user.update',
          targetType: 'user',
          targetId: id,
          details: { changes, passwordChanged: changesPassword, sessionsRevoked },
          ip: request.ip,
        });
        return user;
      });
      return updated;
    },
  );
};

export default usersRoutes;

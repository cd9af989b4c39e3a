import {
  ApiErrorSchema,
  CreateUserBodySchema,
  ErrorCode,
  OwnerUserSchema,
  type UpdateUserBody,
  UpdateUserBodySchema,
  type User,
  UserIdParamsSchema,
  UserSchema,
} from '@fieldcraft/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  findCredentialsById,
  updateUser,
  type UserCredentials,
  type UserPatch,
} from './users.repository';
import { AppError } from '../lib/app-error';
import { assertStrongPassword } from '../lib/password-strength';
import { hashPassword, verifyPassword } from '../lib/passwords';
import { currentUser, startSession } from '../plugins/session';
import { insertAuditEntry } from '../audit/audit.repository';
import { deleteUserSessions } from '../auth/sessions.repository';
import {
  refundLoginAttempt,
  reservePasswordCheck,
  settleLoginFailure,
  settleLoginSuccess,
} from '../auth/login-throttle';
import { createAccount } from './create-account';
import { assertNotLastOwner } from './last-owner';

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

/** 400 VALIDATION_FAILED for one field, in the same shape as a schema failure. */
function invalid(field: string | null, message: string): AppError {
  return new AppError(400, ErrorCode.VALIDATION_FAILED, 'Validation failed', {
    issues: field
      ? { formErrors: [], fieldErrors: { [field]: [message] } }
      : { formErrors: [message], fieldErrors: {} },
  });
}

/** What the body asks to change (currentPassword is proof, not a change). */
function requestedFields(body: UpdateUserBody): string[] {
  return Object.keys(body).filter(
    (k) => k !== 'currentPassword' && body[k as keyof UpdateUserBody] !== undefined,
  );
}

/** The patch to store. Changing your own password is also the activation rule. */
function patchFor(target: User, body: UpdateUserBody, ownPasswordChange: boolean): UserPatch {
  const patch: UserPatch = {
    firstName: body.firstName,
    lastName: body.lastName,
    role: body.role,
    status: body.status,
    passwordChangeRequired: body.passwordChangeRequired,
    requiresReset: body.requiresReset,
  };
  if (ownPasswordChange) {
    // Clears the forced-change flags and turns an invited (PENDING) account ACTIVE.
    patch.passwordChangeRequired = false;
    patch.requiresReset = false;
    if (target.status === 'PENDING' && body.status === undefined) patch.status = 'ACTIVE';
  }
  return patch;
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

  /**
   * Your own password change re-verifies the current one. Guesses are limited per session, not
   * per account: sign-in failures from elsewhere never stop a signed-in owner from changing it.
   */
  async function assertCurrentPassword(
    target: UserCredentials,
    body: UpdateUserBody,
    sessionId: string,
  ) {
    if (!body.currentPassword) throw invalid('currentPassword', 'Current password is required');
    const ticket = await reservePasswordCheck(db, config.loginRateLimit, sessionId);
    let ok: boolean;
    try {
      ok = await verifyPassword(target.passwordHash, body.currentPassword);
    } catch (err) {
      await refundLoginAttempt(db, ticket);
      throw err;
    }
    if (ok) await settleLoginSuccess(db, ticket);
    else {
      await settleLoginFailure(db, config.loginRateLimit);
      throw new AppError(
        400,
        ErrorCode.CURRENT_PASSWORD_INCORRECT,
        'Current password is incorrect',
      );
    }
    if (body.password === body.currentPassword) {
      throw invalid('password', 'New password must be different from the current password');
    }
  }

  app.post(
    '/',
    {
      // onRequest: the role is checked before the body is parsed or validated.
      onRequest: app.requireRole('OWNER'),
      schema: {
        tags: ['users'],
        summary:
          'OWNER: create a user with any role. The initial password must be changed at first sign-in.',
        body: CreateUserBodySchema,
        response: {
          201: OwnerUserSchema,
          400: ApiErrorSchema,
          401: ApiErrorSchema,
          403: ApiErrorSchema,
          409: ApiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const actor = currentUser(request);
      const body = request.body;
      const created = await createAccount(db, actor.id, body, { ip: request.ip });
      // A new account has never signed in.
      return reply.code(201).send({ ...created, lastLoginAt: null });
    },
  );

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

      // Non-owners learn nothing about other ids (not even whether they exist).
      if (actor.role !== 'OWNER') {
        if (!isSelf) throw forbidden('You can only change your own account');
        assertSelfServiceAllowed(body);
      }
      if (requestedFields(body).length === 0) throw invalid(null, 'Nothing to change');
      const target = await findCredentialsById(db, id);
      if (!target) throw new AppError(404, ErrorCode.USER_NOT_FOUND, 'User not found');

      const changesPassword = body.password !== undefined;
      const ownPasswordChange = isSelf && changesPassword;
      if (ownPasswordChange) {
        await assertCurrentPassword(target, body, request.session?.id ?? `user:${actor.id}`);
      }
      const demotesOwner =
        target.user.role === 'OWNER' && body.role !== undefined && body.role !== 'OWNER';

      if (changesPassword) {
        const { email, username, firstName, lastName } = target.user;
        assertStrongPassword(body.password as string, 'password', [
          email,
          username,
          firstName,
          lastName,
        ]);
      }
      const patch = patchFor(target.user, body, ownPasswordChange);
      if (changesPassword) patch.passwordHash = await hashPassword(body.password as string);
      const changes = auditChanges(target.user, patch);

      return db.transaction().execute(async (trx) => {
        if (demotesOwner) {
          await assertNotLastOwner(trx, id, 'The last owner cannot be given another role');
        }
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
    },
  );
};

export default usersRoutes;

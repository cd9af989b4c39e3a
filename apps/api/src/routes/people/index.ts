import {
  ApiErrorSchema,
  CreateManagedUserBodySchema,
  ErrorCode,
  ImpersonationStartSchema,
  ManagedRoomSchema,
  ManagedUserListQuerySchema,
  ManagedUserSchema,
  PeopleRoomMemberParamsSchema,
  PeopleRoomParamsSchema,
  ResetPasswordBodySchema,
  ResetPasswordResponseSchema,
  RoomMemberBodySchema,
  SuccessResponseSchema,
  UpdateManagedUserBodySchema,
  UserAccessSchema,
  type ManagedUser,
  type User,
  UserIdParamsSchema,
} from '@fieldcraft/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { randomInt } from 'node:crypto';
import { z } from 'zod';
import {
  findCompany,
  findManagedRoom,
  findManagedUser,
  findUserAccess,
  listManagedRooms,
  listManagedUsers,
  setDeactivated,
  setTemporaryPassword,
  setUserCompany,
  toImpersonatedUser,
} from './people.repository';
import { assignableRoles, canImpersonate, canManage, scopeOf } from './people.policy';
import { AppError } from '../../lib/app-error';
import {
  IMPERSONATION_TTL_SECONDS,
  newJti,
  sessionDigest,
  signImpersonationToken,
} from '../../lib/impersonation-token';
import { assertStrongPassword } from '../../lib/password-strength';
import { hashPassword } from '../../lib/passwords';
import { currentUser } from '../../plugins/session';
import { insertAuditEntry } from '../audit/audit.repository';
import { deleteUserSessions } from '../auth/sessions.repository';
import {
  insertImpersonationToken,
  revokeImpersonationsOf,
} from '../impersonation/impersonation.repository';
import { addRoomMember, removeRoomMember } from '../rooms/rooms.repository';
import { roomNotFound } from '../rooms/rooms.service';
import { updateUser, type UserPatch } from '../users/users.repository';
import { assertNotLastOwner } from '../users/last-owner';
import { createAccount } from '../users/create-account';

const errors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
  409: ApiErrorSchema,
} as const;

const userNotFound = () => new AppError(404, ErrorCode.USER_NOT_FOUND, 'User not found');
const forbidden = (message: string) => new AppError(403, ErrorCode.FORBIDDEN, message);
const companyNotFound = () => new AppError(404, ErrorCode.COMPANY_NOT_FOUND, 'Company not found');

// No 0/O, 1/l/I: the owner reads it out or types it into a message.
const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** A temporary password: 14 characters (~80 bits), easy to read aloud. */
export function generateTemporaryPassword(): string {
  let out = '';
  for (let i = 0; i < 14; i += 1) out += PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)];
  return out;
}

/**
 * /api/people: user management, room membership by company and impersonation, for OWNER and
 * ADMIN. Every rule of docs/people-and-companies.md is enforced here (people.policy.ts).
 */
const peopleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  app.addHook('onRequest', app.requireRole('OWNER', 'ADMIN'));

  /** The target as the actor may see it; 404 (as if absent) when out of their scope. */
  async function visibleUser(actor: User, id: number): Promise<ManagedUser> {
    const target = await findManagedUser(db, scopeOf(actor), id);
    if (!target) throw userNotFound();
    return target;
  }

  async function manageableUser(actor: User, id: number): Promise<ManagedUser> {
    const target = await visibleUser(actor, id);
    if (!canManage(actor, target)) throw forbidden('Admins can only manage users of their company');
    return target;
  }

  app.get(
    '/users',
    {
      schema: {
        tags: ['people'],
        summary:
          'Users the caller manages (OWNER: all; ADMIN: their company), searched and filtered',
        querystring: ManagedUserListQuerySchema,
        response: { 200: z.array(ManagedUserSchema), ...errors },
      },
    },
    async (request) => listManagedUsers(db, scopeOf(currentUser(request)), request.query),
  );

  app.post(
    '/users',
    {
      schema: {
        tags: ['people'],
        summary: 'Create a user (ADMIN: a USER of their own company)',
        body: CreateManagedUserBodySchema,
        response: { 201: ManagedUserSchema, ...errors },
      },
    },
    async (request, reply) => {
      const actor = currentUser(request);
      const body = request.body;
      let companyId = body.companyId ?? null;
      if (actor.role !== 'OWNER') {
        if (actor.companyId === null) throw forbidden('You are not assigned to a company');
        if (!assignableRoles(actor).includes(body.role)) {
          throw forbidden('Admins can only create users with the USER role');
        }
        if (body.companyId != null && body.companyId !== actor.companyId) {
          throw forbidden('Admins can only add users to their own company');
        }
        companyId = actor.companyId;
      } else if (companyId !== null && !(await findCompany(db, companyId))) {
        throw companyNotFound();
      }
      const created = await createAccount(db, actor.id, body, { ip: request.ip, companyId });
      return reply.code(201).send(await visibleUser(actor, created.id));
    },
  );

  app.get(
    '/users/:id',
    {
      schema: {
        tags: ['people'],
        summary: 'One user in the caller’s scope',
        params: UserIdParamsSchema,
        response: { 200: ManagedUserSchema, ...errors },
      },
    },
    async (request) => visibleUser(currentUser(request), request.params.id),
  );

  app.patch(
    '/users/:id',
    {
      schema: {
        tags: ['people'],
        summary: 'Edit names, role, status (PENDING/ACTIVE) and company',
        params: UserIdParamsSchema,
        body: UpdateManagedUserBodySchema,
        response: { 200: ManagedUserSchema, ...errors },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const { id } = request.params;
      const body = request.body;
      const fields = Object.keys(body).filter((k) => body[k as keyof typeof body] !== undefined);
      if (fields.length === 0) {
        throw new AppError(400, ErrorCode.VALIDATION_FAILED, 'Validation failed', {
          issues: { formErrors: ['Nothing to change'], fieldErrors: {} },
        });
      }
      const target = await manageableUser(actor, id);
      const demotesOwner =
        target.role === 'OWNER' && body.role !== undefined && body.role !== 'OWNER';
      if (body.role !== undefined && body.role !== target.role) {
        if (!assignableRoles(actor).includes(body.role)) {
          throw forbidden('Admins cannot change roles');
        }
      }
      if (body.companyId !== undefined && body.companyId !== target.companyId) {
        if (actor.role !== 'OWNER') {
          throw forbidden('Admins cannot move users to another company');
        }
        if (body.companyId !== null && !(await findCompany(db, body.companyId))) {
          throw companyNotFound();
        }
      }
      const patch: UserPatch = {
        firstName: body.firstName,
        lastName: body.lastName,
        role: body.role,
        status: body.status,
      };
      const changes: Record<string, { from: unknown; to: unknown }> = {};
      for (const key of ['firstName', 'lastName', 'role', 'status', 'companyId'] as const) {
        if (body[key] !== undefined && body[key] !== target[key]) {
          changes[key] = { from: target[key], to: body[key] };
        }
      }
      return db.transaction().execute(async (trx) => {
        if (demotesOwner) {
          await assertNotLastOwner(trx, id, 'The last owner cannot be given another role');
        }
        await updateUser(trx, id, patch);
        if (body.companyId !== undefined) await setUserCompany(trx, id, body.companyId);
        await insertAuditEntry(trx, {
          actorId: actor.id,
          action: 'user.update',
          targetType: 'user',
          targetId: id,
          details: { changes },
          ip: request.ip,
        });
        const user = await findManagedUser(trx, { kind: 'all' }, id);
        if (!user) throw userNotFound();
        return user;
      });
    },
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
        response: { 200: ResetPasswordResponseSchema, ...errors },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const { id } = request.params;
      const target = await manageableUser(actor, id);
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
        await insertAuditEntry(trx, {
          actorId: actor.id,
          action: 'user.password_reset',
          targetType: 'user',
          targetId: id,
          // Never the password itself.
          details: { generated, sessionsRevoked },
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
          response: { 200: ManagedUserSchema, ...errors },
        },
      },
      async (request) => {
        const actor = currentUser(request);
        const { id } = request.params;
        const target = await manageableUser(actor, id);
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

  app.get(
    '/users/:id/access',
    {
      schema: {
        tags: ['people'],
        summary: 'A user’s rooms, content permissions and 20 most recent content clicks',
        params: UserIdParamsSchema,
        response: { 200: UserAccessSchema, ...errors },
      },
    },
    async (request) => {
      const target = await visibleUser(currentUser(request), request.params.id);
      return findUserAccess(db, target.id);
    },
  );

  app.post(
    '/users/:id/impersonate',
    {
      schema: {
        tags: ['people'],
        summary:
          'Start acting as a user: a signed token (≤ 30 min) bound to this session, sent back as x-impersonation-token',
        params: UserIdParamsSchema,
        response: { 200: ImpersonationStartSchema, ...errors },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const session = request.session;
      if (!session) throw new AppError(401, ErrorCode.UNAUTHENTICATED, 'Authentication required');
      const target = await visibleUser(actor, request.params.id);
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

  app.get(
    '/rooms',
    {
      schema: {
        tags: ['people'],
        summary: 'Rooms the caller manages (OWNER: all; ADMIN: their company’s), with member ids',
        response: { 200: z.array(ManagedRoomSchema), ...errors },
      },
    },
    async (request) => listManagedRooms(db, scopeOf(currentUser(request))),
  );

  for (const add of [true, false]) {
    const handler = async (ip: string, actor: User, roomId: number, userId: number) => {
      const scope = scopeOf(actor);
      if (!(await findManagedRoom(db, scope, roomId))) throw roomNotFound();
      if (!(await findManagedUser(db, scope, userId))) throw userNotFound();
      return db.transaction().execute(async (trx) => {
        const changed = add
          ? await addRoomMember(trx, roomId, userId)
          : await removeRoomMember(trx, roomId, userId);
        if (changed) {
          await insertAuditEntry(trx, {
            actorId: actor.id,
            action: add ? 'room.member_add' : 'room.member_remove',
            targetType: 'room',
            targetId: roomId,
            details: { userId },
            ip,
          });
        }
        return { success: true as const };
      });
    };
    if (add) {
      app.post(
        '/rooms/:roomId/members',
        {
          schema: {
            tags: ['people'],
            summary: 'Add a user to a room (ADMIN: their company’s rooms and users)',
            params: PeopleRoomParamsSchema,
            body: RoomMemberBodySchema,
            response: { 200: SuccessResponseSchema, ...errors },
          },
        },
        async (request) =>
          handler(request.ip, currentUser(request), request.params.roomId, request.body.userId),
      );
    } else {
      app.delete(
        '/rooms/:roomId/members/:userId',
        {
          schema: {
            tags: ['people'],
            summary: 'Remove a user from a room (ADMIN: their company’s rooms and users)',
            params: PeopleRoomMemberParamsSchema,
            response: { 200: SuccessResponseSchema, ...errors },
          },
        },
        async (request) =>
          handler(request.ip, currentUser(request), request.params.roomId, request.params.userId),
      );
    }
  }
};

export default peopleRoutes;

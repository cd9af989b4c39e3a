import {
  CreateManagedUserBodySchema,
  ErrorCode,
  ManagedUserListQuerySchema,
  ManagedUserSchema,
  UpdateManagedUserBodySchema,
  UserAccessSchema,
  UserIdParamsSchema,
} from '@fieldcraft/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../lib/app-error';
import { currentUser } from '../plugins/session';
import { insertAuditEntry } from '../audit/audit.repository';
import { createAccount } from './create-account';
import { assertNotLastOwner } from './last-owner';
import { assignableRoles, scopeOf } from './people.policy';
import {
  findManagedUser,
  findUserAccess,
  listManagedUsers,
  setUserCompany,
} from './people.repository';
import { findCompany } from './companies.repository';
import {
  companyNotFound,
  forbidden,
  manageableUser,
  peopleErrors,
  userNotFound,
  visibleUser,
} from './people.service';
import { updateUser, type UserPatch } from './users.repository';

/**
 * /api/people/users: the users an OWNER or ADMIN manages — list, create, read, edit and their
 * access. Every rule of docs/people-and-companies.md is enforced here (people.policy.ts); the
 * account actions and impersonation have their own modules beside this one.
 */
const peopleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  app.addHook('onRequest', app.requireRole('OWNER', 'ADMIN'));

  app.get(
    '/users',
    {
      schema: {
        tags: ['people'],
        summary:
          'Users the caller manages (OWNER: all; ADMIN: their company), searched and filtered',
        querystring: ManagedUserListQuerySchema,
        response: { 200: z.array(ManagedUserSchema), ...peopleErrors },
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
        response: { 201: ManagedUserSchema, ...peopleErrors },
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
      return reply.code(201).send(await visibleUser(db, actor, created.id));
    },
  );

  app.get(
    '/users/:id',
    {
      schema: {
        tags: ['people'],
        summary: 'One user in the caller’s scope',
        params: UserIdParamsSchema,
        response: { 200: ManagedUserSchema, ...peopleErrors },
      },
    },
    async (request) => visibleUser(db, currentUser(request), request.params.id),
  );

  app.patch(
    '/users/:id',
    {
      schema: {
        tags: ['people'],
        summary: 'Edit names, role, status (PENDING/ACTIVE) and company',
        params: UserIdParamsSchema,
        body: UpdateManagedUserBodySchema,
        response: { 200: ManagedUserSchema, ...peopleErrors },
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
      const target = await manageableUser(db, actor, id);
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

  app.get(
    '/users/:id/access',
    {
      schema: {
        tags: ['people'],
        summary: 'A user’s rooms, content permissions and 20 most recent content clicks',
        params: UserIdParamsSchema,
        response: { 200: UserAccessSchema, ...peopleErrors },
      },
    },
    async (request) => {
      const target = await visibleUser(db, currentUser(request), request.params.id);
      return findUserAccess(db, target.id);
    },
  );
};

export default peopleRoutes;

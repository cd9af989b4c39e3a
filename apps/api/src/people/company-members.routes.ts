import {
  AssignCompanyRoomBodySchema,
  AssignCompanyUserBodySchema,
  CompanyIdParamsSchema,
  CompanyRoomParamsSchema,
  CompanyUserParamsSchema,
  SuccessResponseSchema,
} from '@fieldcraft/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../plugins/session';
import { insertAuditEntry } from '../audit/audit.repository';
import { roomNotFound } from '../rooms/rooms.service';
import { findCompany, findRoomCompany, setRoomCompany } from './companies.repository';
import { findManagedUser, setUserCompany } from './people.repository';
import { companyNotFound, peopleErrors, userNotFound } from './people.service';

/**
 * /api/companies/:id/users and /:id/rooms: moving users and rooms into and out of a company.
 * OWNER only; the companies themselves are companies.routes.ts.
 */
const companyMembersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const owner = app.requireRole('OWNER');

  /** Assign (companyId) or release (null) a user or a room; audited only when it changed. */
  async function assign(
    request: { ip: string },
    actorId: number,
    kind: 'user' | 'room',
    id: number,
    companyId: number,
    assignTo: number | null,
  ) {
    return db.transaction().execute(async (trx) => {
      if (!(await findCompany(trx, companyId))) throw companyNotFound();
      const current =
        kind === 'user'
          ? (await findManagedUser(trx, { kind: 'all' }, id))?.companyId
          : (await findRoomCompany(trx, id))?.companyId;
      if (current === undefined) {
        throw kind === 'user' ? userNotFound() : roomNotFound();
      }
      // Releasing something that is not in this company changes nothing.
      if (assignTo === null && current !== companyId) return { success: true as const };
      if (current === assignTo) return { success: true as const };
      if (kind === 'user') await setUserCompany(trx, id, assignTo);
      else await setRoomCompany(trx, id, assignTo);
      await insertAuditEntry(trx, {
        actorId,
        action: `company.${kind}_${assignTo === null ? 'remove' : 'add'}`,
        targetType: 'company',
        targetId: companyId,
        details: { [`${kind}Id`]: id, from: current, to: assignTo },
        ip: request.ip,
      });
      return { success: true as const };
    });
  }

  app.post(
    '/:id/users',
    {
      onRequest: owner,
      schema: {
        tags: ['companies'],
        summary: 'Move a user into this company (from any other)',
        params: CompanyIdParamsSchema,
        body: AssignCompanyUserBodySchema,
        response: { 200: SuccessResponseSchema, ...peopleErrors },
      },
    },
    async (request) => {
      const { id } = request.params;
      const actor = currentUser(request);
      return assign(request, actor.id, 'user', request.body.userId, id, id);
    },
  );

  app.delete(
    '/:id/users/:userId',
    {
      onRequest: owner,
      schema: {
        tags: ['companies'],
        summary: 'Take a user out of this company (no company afterwards)',
        params: CompanyUserParamsSchema,
        response: { 200: SuccessResponseSchema, ...peopleErrors },
      },
    },
    async (request) => {
      const { id, userId } = request.params;
      return assign(request, currentUser(request).id, 'user', userId, id, null);
    },
  );

  app.post(
    '/:id/rooms',
    {
      onRequest: owner,
      schema: {
        tags: ['companies'],
        summary: 'Move a room into this company',
        params: CompanyIdParamsSchema,
        body: AssignCompanyRoomBodySchema,
        response: { 200: SuccessResponseSchema, ...peopleErrors },
      },
    },
    async (request) => {
      const { id } = request.params;
      return assign(request, currentUser(request).id, 'room', request.body.roomId, id, id);
    },
  );

  app.delete(
    '/:id/rooms/:roomId',
    {
      onRequest: owner,
      schema: {
        tags: ['companies'],
        summary: 'Take a room out of this company',
        params: CompanyRoomParamsSchema,
        response: { 200: SuccessResponseSchema, ...peopleErrors },
      },
    },
    async (request) => {
      const { id, roomId } = request.params;
      return assign(request, currentUser(request).id, 'room', roomId, id, null);
    },
  );
};

export default companyMembersRoutes;

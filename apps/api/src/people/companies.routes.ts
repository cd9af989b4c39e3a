import {
  CompanyDetailSchema,
  CompanyIdParamsSchema,
  CompanySchema,
  CreateCompanyBodySchema,
  ErrorCode,
  SuccessResponseSchema,
  UpdateCompanyBodySchema,
} from '@fieldcraft/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../lib/app-error';
import { currentUser } from '../plugins/session';
import { insertAuditEntry } from '../audit/audit.repository';
import {
  deleteCompany,
  findCompany,
  findCompanyDetail,
  findCompanyIdByName,
  insertCompany,
  listCompanies,
  renameCompany,
} from './companies.repository';
import { companyNotFound, peopleErrors } from './people.service';
import { scopeOf } from './people.policy';

const nameTaken = () =>
  new AppError(409, ErrorCode.COMPANY_NAME_TAKEN, 'A company with this name already exists');

/** A unique violation on companies.name (a concurrent create won the race) → 409. */
function asNameConflict(err: unknown): AppError | null {
  return (err as { code?: unknown })?.code === '23505' ? nameTaken() : null;
}

/**
 * /api/companies: companies (tenants) with their users and rooms. OWNER manages them; an
 * ADMIN may read their own company only (anything else answers 404). Moving users and rooms
 * between companies is company-members.routes.ts.
 */
const companiesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const ownerOrAdmin = app.requireRole('OWNER', 'ADMIN');
  const owner = app.requireRole('OWNER');

  app.get(
    '/',
    {
      onRequest: ownerOrAdmin,
      schema: {
        tags: ['companies'],
        summary: 'Companies with user and room counts (ADMIN: only their own)',
        response: { 200: z.array(CompanySchema), ...peopleErrors },
      },
    },
    async (request) => listCompanies(db, scopeOf(currentUser(request))),
  );

  app.get(
    '/:id',
    {
      onRequest: ownerOrAdmin,
      schema: {
        tags: ['companies'],
        summary: 'A company with its users and rooms',
        params: CompanyIdParamsSchema,
        response: { 200: CompanyDetailSchema, ...peopleErrors },
      },
    },
    async (request) => {
      const detail = await findCompanyDetail(db, request.params.id, scopeOf(currentUser(request)));
      if (!detail) throw companyNotFound();
      return detail;
    },
  );

  app.post(
    '/',
    {
      onRequest: owner,
      schema: {
        tags: ['companies'],
        summary: 'Create a company',
        body: CreateCompanyBodySchema,
        response: { 201: CompanySchema, ...peopleErrors },
      },
    },
    async (request, reply) => {
      const actor = currentUser(request);
      const { name } = request.body;
      if (await findCompanyIdByName(db, name)) throw nameTaken();
      try {
        const id = await db.transaction().execute(async (trx) => {
          const created = await insertCompany(trx, name);
          await insertAuditEntry(trx, {
            actorId: actor.id,
            action: 'company.create',
            targetType: 'company',
            targetId: created,
            details: { name },
            ip: request.ip,
          });
          return created;
        });
        const company = await findCompany(db, id);
        if (!company) throw companyNotFound();
        return reply.code(201).send(company);
      } catch (err) {
        throw asNameConflict(err) ?? err;
      }
    },
  );

  app.patch(
    '/:id',
    {
      onRequest: owner,
      schema: {
        tags: ['companies'],
        summary: 'Rename a company',
        params: CompanyIdParamsSchema,
        body: UpdateCompanyBodySchema,
        response: { 200: CompanySchema, ...peopleErrors },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const { id } = request.params;
      const { name } = request.body;
      const before = await findCompany(db, id);
      if (!before) throw companyNotFound();
      if (before.name === name) return before;
      const other = await findCompanyIdByName(db, name);
      if (other !== undefined && other !== id) throw nameTaken();
      try {
        await db.transaction().execute(async (trx) => {
          await renameCompany(trx, id, name);
          await insertAuditEntry(trx, {
            actorId: actor.id,
            action: 'company.rename',
            targetType: 'company',
            targetId: id,
            details: { changes: { name: { from: before.name, to: name } } },
            ip: request.ip,
          });
        });
      } catch (err) {
        throw asNameConflict(err) ?? err;
      }
      return { ...before, name };
    },
  );

  app.delete(
    '/:id',
    {
      onRequest: owner,
      schema: {
        tags: ['companies'],
        summary: 'Delete a company with no users (409 otherwise); its rooms lose their company',
        params: CompanyIdParamsSchema,
        response: { 200: SuccessResponseSchema, ...peopleErrors },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const { id } = request.params;
      return db.transaction().execute(async (trx) => {
        const company = await findCompany(trx, id);
        if (!company) throw companyNotFound();
        if (company.userCount > 0) {
          throw new AppError(
            409,
            ErrorCode.COMPANY_NOT_EMPTY,
            'Move or remove this company’s users before deleting it',
          );
        }
        const roomsReleased = await deleteCompany(trx, id);
        await insertAuditEntry(trx, {
          actorId: actor.id,
          action: 'company.delete',
          targetType: 'company',
          targetId: id,
          details: { name: company.name, roomsReleased },
          ip: request.ip,
        });
        return { success: true as const };
      });
    },
  );
};

export default companiesRoutes;

import { AdminSummarySchema, ApiErrorSchema } from '@fieldcraft/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { countContent, countConversations, countRooms, countUsers } from './admin.repository';
import { currentUser } from '../plugins/session';
import { findCompany } from '../people/companies.repository';
import { scopeOf } from '../people/people.policy';

const WEEK_MS = 7 * 24 * 3_600_000;

/**
 * /api/admin: the numbers of the owner's home (/owner-control) and the admin landing page
 * (/main-dashboard). OWNER: the whole install; ADMIN: their own company (the people rules of
 * docs/people-and-companies.md); USER: 403. Read only, so nothing is audited.
 */
const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.get(
    '/summary',
    {
      onRequest: app.requireRole('OWNER', 'ADMIN'),
      schema: {
        tags: ['admin'],
        summary:
          'Counts of users, rooms, content and this week’s conversations (ADMIN: their company)',
        response: { 200: AdminSummarySchema, 401: ApiErrorSchema, 403: ApiErrorSchema },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const scope = scopeOf(actor);
      const since = new Date(Date.now() - WEEK_MS);
      const company =
        scope.kind === 'company' && scope.companyId !== null
          ? await findCompany(db, scope.companyId)
          : undefined;
      const [users, rooms, content, conversations] = await Promise.all([
        countUsers(db, scope),
        countRooms(db, scope),
        scope.kind === 'all' ? countContent(db) : null,
        countConversations(db, scope, since),
      ]);
      return {
        scope: {
          kind: scope.kind,
          companyId: company?.id ?? null,
          companyName: company?.name ?? null,
        },
        users,
        rooms,
        content,
        conversations: { ...conversations, since: since.toISOString() },
      };
    },
  );
};

export default adminRoutes;

import {
  ContentAccessRecordSchema,
  ContentIdParamsSchema,
  ContentPermissionSchema,
  ContentSearchQuerySchema,
  ContentSearchResultSchema,
  ErrorCode,
  SetContentPermissionBodySchema,
} from '@fieldcraft/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../lib/app-error';
import { currentUser } from '../plugins/session';
import { insertAuditEntry } from '../audit/audit.repository';
import { findUserById } from '../people/users.repository';
import {
  findContentRow,
  isContentVisible,
  listAccessRecords,
  listPermissions,
  recordAccess,
  searchPassages,
  setContentPermission,
} from './content.repository';
import { contentErrors, contentNotFound } from './content.service';

/**
 * Content access under /api: a viewer's clicks (access records), the owner's per-user
 * permissions and full-text search over what the caller may see.
 */
const contentAccessRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const owner = { onRequest: app.requireRole('OWNER') };
  const signedIn = { onRequest: app.requireUser };

  app.post(
    '/content/:id/access',
    {
      ...signedIn,
      schema: {
        tags: ['content'],
        summary: 'Record a click on an item the caller may see',
        params: ContentIdParamsSchema,
        response: { 204: z.null(), ...contentErrors },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { id } = request.params;
      if (!(await isContentVisible(db, user, id))) throw contentNotFound();
      await recordAccess(db, id, user.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/content/access',
    {
      ...owner,
      schema: {
        tags: ['content'],
        summary: 'Access records, newest first (OWNER)',
        response: { 200: z.array(ContentAccessRecordSchema), ...contentErrors },
      },
    },
    async () => listAccessRecords(db),
  );

  app.get(
    '/content/permissions',
    {
      ...owner,
      schema: {
        tags: ['content'],
        summary: 'Every permission row (OWNER)',
        response: { 200: z.array(ContentPermissionSchema), ...contentErrors },
      },
    },
    async () => listPermissions(db),
  );

  app.post(
    '/content/permissions',
    {
      ...owner,
      schema: {
        tags: ['content'],
        summary: 'Grant or revoke one user (OWNER)',
        body: SetContentPermissionBodySchema,
        response: { 200: ContentPermissionSchema, ...contentErrors },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const { contentId, userId, canAccess } = request.body;
      if (!(await findContentRow(db, contentId))) throw contentNotFound();
      if (!(await findUserById(db, userId))) {
        throw new AppError(404, ErrorCode.USER_NOT_FOUND, 'User not found');
      }
      await db.transaction().execute(async (trx) => {
        await setContentPermission(trx, contentId, userId, canAccess);
        await insertAuditEntry(trx, {
          actorId: actor.id,
          action: canAccess ? 'content.grant' : 'content.revoke',
          targetType: 'content',
          targetId: contentId,
          details: { userId, canAccess },
          ip: request.ip,
        });
      });
      return { contentId, userId, canAccess };
    },
  );

  app.get(
    '/content/search',
    {
      ...signedIn,
      schema: {
        tags: ['content'],
        summary: 'Full-text search over the text of items the caller may see',
        querystring: ContentSearchQuerySchema,
        response: { 200: z.array(ContentSearchResultSchema), ...contentErrors },
      },
    },
    async (request) =>
      searchPassages(db, currentUser(request), request.query.q, request.query.limit),
  );
};

export default contentAccessRoutes;

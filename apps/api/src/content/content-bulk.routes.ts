import {
  ContentBulkBodySchema,
  ContentBulkResultSchema,
  ErrorCode,
  type ContentBulkAction,
} from '@fieldcraft/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error';
import { currentUser } from '../plugins/session';
import { insertAuditEntry } from '../audit/audit.repository';
import { findUserById } from '../people/users.repository';
import {
  countItemsUsingFile,
  deleteContentItem,
  findContentRow,
  setContentPermission,
  updateContentItem,
} from './content.repository';
import { contentErrors } from './content.service';

const auditAction: Record<ContentBulkAction, string> = {
  'go-live': 'content.update',
  'take-offline': 'content.update',
  delete: 'content.delete',
  grant: 'content.grant',
  revoke: 'content.revoke',
};

/**
 * POST /api/dashboard/content/bulk (OWNER): the content table's bulk actions — go live, take
 * offline, delete, grant or revoke one user — over the selected items in one transaction, each
 * item audited as the single-item action would be. Ids that are gone are reported, not fatal:
 * another tab may have deleted one a moment ago.
 */
const contentBulkRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage } = app;

  app.post(
    '/dashboard/content/bulk',
    {
      onRequest: app.requireRole('OWNER'),
      schema: {
        tags: ['content'],
        summary: 'One action over many items: go live, take offline, delete, grant, revoke',
        body: ContentBulkBodySchema,
        response: { 200: ContentBulkResultSchema, ...contentErrors },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const { action, userId } = request.body;
      const ids = [...new Set(request.body.ids)];
      if (userId !== undefined && !(await findUserById(db, userId))) {
        throw new AppError(404, ErrorCode.USER_NOT_FOUND, 'User not found');
      }
      const freedFiles: string[] = [];
      const result = await db.transaction().execute(async (trx) => {
        const missing: number[] = [];
        let changed = 0;
        for (const id of ids) {
          const before = await findContentRow(trx, id);
          if (!before) {
            missing.push(id);
            continue;
          }
          let details: Record<string, unknown>;
          if (action === 'go-live' || action === 'take-offline') {
            const isActive = action === 'go-live';
            if (before.is_active === isActive) continue;
            await updateContentItem(trx, id, { isActive });
            details = { changed: ['isActive'], isActive, bulk: true };
          } else if (action === 'delete') {
            await deleteContentItem(trx, id);
            if (before.file_key) freedFiles.push(before.file_key);
            details = { title: before.title, fileKey: before.file_key, bulk: true };
          } else {
            const canAccess = action === 'grant';
            await setContentPermission(trx, id, userId as number, canAccess);
            details = { userId, canAccess, bulk: true };
          }
          changed += 1;
          await insertAuditEntry(trx, {
            actorId: actor.id,
            action: auditAction[action],
            targetType: 'content',
            targetId: id,
            details,
            ip: request.ip,
          });
        }
        return { action, changed, missing };
      });
      for (const key of new Set(freedFiles)) {
        if ((await countItemsUsingFile(db, key)) === 0) await storage.remove(key);
      }
      // Items switched on or off, or gone: the recognizer's library model follows.
      if (action !== 'grant' && action !== 'revoke' && result.changed > 0) {
        app.speech.scheduleLanguageModelRebuild();
      }
      return result;
    },
  );
};

export default contentBulkRoutes;

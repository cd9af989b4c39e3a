import {
  categoryOfType,
  ContentIdParamsSchema,
  ContentItemSchema,
  CONTENT_TYPES_BY_CATEGORY,
  CreateContentBodySchema,
  ManagedContentItemSchema,
  SuccessResponseSchema,
  UpdateContentBodySchema,
  URL_REQUIRED_TYPES,
} from '@fieldcraft/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../plugins/session';
import { insertAuditEntry } from '../audit/audit.repository';
import {
  countItemsUsingFile,
  deleteContentItem,
  findContentRow,
  insertContentItem,
  listAllContent,
  listVisibleContent,
  toManagedContentItem,
  updateContentItem,
} from './content.repository';
import {
  contentErrors,
  contentNotFound,
  invalid,
  fileKeyOfUrl,
  indexContentText,
} from './content.service';
import { recordContentDuration } from './library.service';

/**
 * The content library under /api: the dashboard list for every signed-in user and the owner's
 * create, edit and delete calls (files arrive first through content-upload.routes.ts).
 */
const contentLibraryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage } = app;
  const owner = { onRequest: app.requireRole('OWNER') };
  const signedIn = { onRequest: app.requireUser };

  app.get(
    '/dashboard/content',
    {
      ...signedIn,
      schema: {
        tags: ['content'],
        summary: 'Active content items the caller may see',
        response: { 200: z.array(ContentItemSchema), ...contentErrors },
      },
    },
    async (request) => listVisibleContent(db, currentUser(request)),
  );

  app.get(
    '/dashboard/content/manage',
    {
      ...owner,
      schema: {
        tags: ['content'],
        summary: 'Every content item, active or not, with whether its text is searchable (OWNER)',
        response: { 200: z.array(ManagedContentItemSchema), ...contentErrors },
      },
    },
    async () => listAllContent(db),
  );

  app.post(
    '/content/create-metadata',
    {
      ...owner,
      schema: {
        tags: ['content'],
        summary: 'Create a content item (upload its file first)',
        body: CreateContentBodySchema,
        response: { 201: ManagedContentItemSchema, ...contentErrors },
      },
    },
    async (request, reply) => {
      const actor = currentUser(request);
      const body = request.body;
      const url = body.url ? body.url : null;
      const fileKey = fileKeyOfUrl(url);
      if (fileKey && (await storage.size(fileKey)) === null) {
        throw invalid('url', 'The uploaded file was not found; upload it again');
      }
      const item = await db.transaction().execute(async (trx) => {
        const id = await insertContentItem(trx, {
          title: body.title,
          description: body.description,
          category: body.category,
          type: body.type,
          url,
          isActive: body.isActive,
          fileKey,
          createdBy: actor.id,
        });
        await insertAuditEntry(trx, {
          actorId: actor.id,
          action: 'content.create',
          targetType: 'content',
          targetId: id,
          details: { title: body.title, type: body.type, fileKey },
          ip: request.ip,
        });
        const row = await findContentRow(trx, id);
        if (!row) throw contentNotFound();
        return row;
      });
      await indexContentText(db, storage, request.log, { ...item, fileKey }, app.textExtractor);
      await recordContentDuration(db, storage, request.log, {
        id: item.id,
        type: item.type,
        fileKey,
      });
      app.speech.scheduleLanguageModelRebuild();
      // Read again: indexing recorded whether the file's text is searchable (and the length).
      return reply
        .code(201)
        .send(toManagedContentItem((await findContentRow(db, item.id)) ?? item));
    },
  );

  app.patch(
    '/dashboard/content/:id',
    {
      ...owner,
      schema: {
        tags: ['content'],
        summary: 'Change a content item (or only isActive, for the toggle)',
        params: ContentIdParamsSchema,
        body: UpdateContentBodySchema,
        response: { 200: ManagedContentItemSchema, ...contentErrors },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const { id } = request.params;
      const body = request.body;
      const before = await findContentRow(db, id);
      if (!before) throw contentNotFound();
      const type = body.type ?? before.type;
      // Changing only the type moves the item to that type's category.
      const category = body.category ?? (body.type ? categoryOfType(body.type) : before.category);
      if (!(CONTENT_TYPES_BY_CATEGORY[category] as readonly string[]).includes(type)) {
        throw invalid('type', 'This type does not belong to the chosen category');
      }
      const url = body.url === undefined ? before.url : body.url || null;
      if ((URL_REQUIRED_TYPES as readonly string[]).includes(type) && !url) {
        throw invalid('url', 'URL is required for this content type');
      }
      const fileKey = fileKeyOfUrl(url);
      if (fileKey && fileKey !== before.file_key && (await storage.size(fileKey)) === null) {
        throw invalid('url', 'The uploaded file was not found; upload it again');
      }
      const changed = Object.keys(body);
      const after = await db.transaction().execute(async (trx) => {
        const row = await updateContentItem(trx, id, {
          ...body,
          url,
          category,
          type,
          fileKey,
        });
        if (!row) throw contentNotFound();
        await insertAuditEntry(trx, {
          actorId: actor.id,
          action: 'content.update',
          targetType: 'content',
          targetId: id,
          details: { changed, ...(body.isActive !== undefined && { isActive: body.isActive }) },
          ip: request.ip,
        });
        return row;
      });
      if (before.file_key && before.file_key !== fileKey) {
        await removeFileIfUnused(before.file_key);
      }
      let indexed = false;
      if (changed.some((f) => ['title', 'description', 'type', 'url'].includes(f))) {
        await indexContentText(db, storage, request.log, { ...after, fileKey }, app.textExtractor);
        indexed = true;
      }
      if (changed.some((f) => ['type', 'url'].includes(f))) {
        await recordContentDuration(db, storage, request.log, { id, type: after.type, fileKey });
        indexed = true;
      }
      // New text, or an item switched on/off: the recognizer's library model follows.
      app.speech.scheduleLanguageModelRebuild();
      return toManagedContentItem((indexed && (await findContentRow(db, id))) || after);
    },
  );

  async function removeFileIfUnused(key: string): Promise<void> {
    if ((await countItemsUsingFile(db, key)) === 0) await storage.remove(key);
  }

  app.delete(
    '/dashboard/content/:id',
    {
      ...owner,
      schema: {
        tags: ['content'],
        summary: 'Delete a content item (and its file when nothing else uses it)',
        params: ContentIdParamsSchema,
        response: { 200: SuccessResponseSchema, ...contentErrors },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const { id } = request.params;
      const row = await db.transaction().execute(async (trx) => {
        const deleted = await deleteContentItem(trx, id);
        if (!deleted) throw contentNotFound();
        await insertAuditEntry(trx, {
          actorId: actor.id,
          action: 'content.delete',
          targetType: 'content',
          targetId: id,
          details: { title: deleted.title, fileKey: deleted.file_key },
          ip: request.ip,
        });
        return deleted;
      });
      if (row.file_key) await removeFileIfUnused(row.file_key);
      app.speech.scheduleLanguageModelRebuild();
      return { success: true as const };
    },
  );
};

export default contentLibraryRoutes;

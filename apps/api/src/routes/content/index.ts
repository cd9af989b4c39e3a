import multipart from '@fastify/multipart';
import {
  ApiErrorSchema,
  categoryOfType,
  ContentAccessRecordSchema,
  ContentIdParamsSchema,
  ContentItemSchema,
  ContentPermissionSchema,
  ContentSearchQuerySchema,
  ContentSearchResultSchema,
  CONTENT_TYPES_BY_CATEGORY,
  CreateContentBodySchema,
  ErrorCode,
  ManagedContentItemSchema,
  MAX_UPLOAD_BYTES,
  OwnerUserSchema,
  SetContentPermissionBodySchema,
  SuccessResponseSchema,
  UpdateContentBodySchema,
  UploadResponseSchema,
  URL_REQUIRED_TYPES,
} from '@fieldcraft/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { detectUploadType } from '../../lib/file-types';
import { inspectZip } from '../../lib/zip-guard';
import type { TempFile } from '../../lib/storage';
import { currentUser } from '../../plugins/session';
import { insertAuditEntry } from '../audit/audit.repository';
import { findUserById, listOwnerUsers } from '../users/users.repository';
import {
  countItemsUsingFile,
  deleteContentItem,
  findContentRow,
  insertContentItem,
  isContentVisible,
  listAccessRecords,
  listAllContent,
  listPermissions,
  listVisibleContent,
  recordAccess,
  searchPassages,
  setContentPermission,
  toManagedContentItem,
  updateContentItem,
} from './content.repository';
import { fileKeyOfUrl, fileUrl, indexContentText } from './content.service';

const errors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
} as const;

const contentNotFound = () => new AppError(404, ErrorCode.CONTENT_NOT_FOUND, 'Content not found');
const fileTooLarge = () => new AppError(413, ErrorCode.PAYLOAD_TOO_LARGE, 'File too large');
const unsupportedType = () =>
  new AppError(415, ErrorCode.UNSUPPORTED_MEDIA_TYPE, 'Unsupported file type');

function invalid(field: string, message: string): AppError {
  return new AppError(400, ErrorCode.VALIDATION_FAILED, message, {
    issues: { formErrors: [], fieldErrors: { [field]: [message] } },
  });
}

/**
 * The content library under /api: the dashboard list for every signed-in user, the owner's
 * management calls, uploads, access records, permissions and search.
 */
const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage } = app;
  const owner = { onRequest: app.requireRole('OWNER') };
  const signedIn = { onRequest: app.requireUser };

  // Encapsulated here: only this folder accepts multipart bodies. The limit stops busboy
  // after 100 MB, so an oversized upload never fills the disk either.
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, parts: 20 },
  });

  app.get(
    '/dashboard/content',
    {
      ...signedIn,
      schema: {
        tags: ['content'],
        summary: 'Active content items the caller may see',
        response: { 200: z.array(ContentItemSchema), ...errors },
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
        response: { 200: z.array(ManagedContentItemSchema), ...errors },
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
        response: { 201: ManagedContentItemSchema, ...errors },
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
      await indexContentText(
        db,
        storage,
        request.log,
        {
          id: item.id,
          type: item.type,
          title: item.title,
          description: item.description,
          fileKey,
        },
        app.textExtractor,
      );
      app.speech.scheduleLanguageModelRebuild();
      // Read again: indexing recorded whether the file's text is searchable.
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
        response: { 200: ManagedContentItemSchema, ...errors },
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
        await indexContentText(
          db,
          storage,
          request.log,
          {
            id,
            type: after.type,
            title: after.title,
            description: after.description,
            fileKey,
          },
          app.textExtractor,
        );
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
        response: { 200: SuccessResponseSchema, ...errors },
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

  app.post(
    '/content/upload',
    {
      ...owner,
      schema: {
        tags: ['content'],
        summary: 'Upload a file (multipart field `file`, at most 100 MB)',
        consumes: ['multipart/form-data'],
        response: {
          201: UploadResponseSchema,
          ...errors,
          413: ApiErrorSchema,
          415: ApiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const actor = currentUser(request);
      if (!request.isMultipart()) throw invalid('file', 'Send the file as multipart field file');
      let temp: TempFile | undefined;
      try {
        const part = await request.file();
        if (!part || part.fieldname !== 'file')
          throw invalid('file', 'Please select a file to upload.');
        try {
          temp = await storage.writeTemp(part.file);
        } catch (err) {
          if (isFileTooLarge(err)) throw fileTooLarge();
          throw err;
        }
        if (part.file.truncated) throw fileTooLarge();
        if (temp.bytes === 0) throw unsupportedType();
        const detected = await detectUploadType(temp.path, part.filename);
        if (!detected) throw unsupportedType();
        if (detected.ext === 'docx') {
          const verdict = await inspectZip(temp.path);
          if (!verdict.ok) {
            throw new AppError(
              415,
              ErrorCode.UNSUPPORTED_MEDIA_TYPE,
              `Word file refused (${verdict.reason})`,
            );
          }
        }
        const key = await temp.commit(detected.ext);
        temp = undefined;
        await insertAuditEntry(db, {
          actorId: actor.id,
          action: 'content.upload',
          targetType: 'file',
          targetId: key,
          details: { bytes: part.file.bytesRead, ext: detected.ext },
          ip: request.ip,
        });
        return reply.code(201).send({ url: fileUrl(key) });
      } catch (err) {
        if (isFileTooLarge(err)) throw fileTooLarge();
        throw err;
      } finally {
        await temp?.discard();
      }
    },
  );

  app.post(
    '/content/:id/access',
    {
      ...signedIn,
      schema: {
        tags: ['content'],
        summary: 'Record a click on an item the caller may see',
        params: ContentIdParamsSchema,
        response: { 204: z.null(), ...errors },
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
        response: { 200: z.array(ContentAccessRecordSchema), ...errors },
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
        response: { 200: z.array(ContentPermissionSchema), ...errors },
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
        response: { 200: ContentPermissionSchema, ...errors },
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
        response: { 200: z.array(ContentSearchResultSchema), ...errors },
      },
    },
    async (request) =>
      searchPassages(db, currentUser(request), request.query.q, request.query.limit),
  );

  app.get(
    '/users',
    {
      ...owner,
      schema: {
        tags: ['content'],
        summary: 'Users, for the Access popover (OWNER)',
        response: { 200: z.array(OwnerUserSchema), ...errors },
      },
    },
    async () => listOwnerUsers(db),
  );
};

function isFileTooLarge(err: unknown): boolean {
  return (
    typeof err === 'object' &&
    err !== null &&
    ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE' ||
      (err as { statusCode?: number }).statusCode === 413)
  );
}

export default contentRoutes;

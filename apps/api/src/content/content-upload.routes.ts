import { ApiErrorSchema, ErrorCode, UploadResponseSchema } from '@fieldcraft/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error';
import { detectUploadType } from '../lib/file-types';
import type { TempFile } from '../lib/storage';
import { currentUser } from '../plugins/session';
import { insertAuditEntry } from '../audit/audit.repository';
import { contentErrors, invalid, fileUrl, refuseUnsafeWordFile } from './content.service';

const fileTooLarge = () => new AppError(413, ErrorCode.PAYLOAD_TOO_LARGE, 'File too large');
const unsupportedType = () =>
  new AppError(415, ErrorCode.UNSUPPORTED_MEDIA_TYPE, 'Unsupported file type');

/**
 * POST /api/content/upload: the owner's file upload, checked by its bytes (not its name) and
 * text-indexed later by the item that uses it. Multipart is registered by the content domain's
 * scope (index.ts), at most 100 MB.
 */
const contentUploadRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage } = app;
  const owner = { onRequest: app.requireRole('OWNER') };

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
          ...contentErrors,
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
        await refuseUnsafeWordFile(temp.path, detected.ext);
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
};

function isFileTooLarge(err: unknown): boolean {
  return (
    typeof err === 'object' &&
    err !== null &&
    ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE' ||
      (err as { statusCode?: number }).statusCode === 413)
  );
}

export default contentUploadRoutes;

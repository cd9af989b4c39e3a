import multipart from '@fastify/multipart';
import {
  ApiErrorSchema,
  BULK_TYPE_BY_EXTENSION,
  BulkUploadFieldsSchema,
  BulkUploadResultSchema,
  bulkTypeOfFile,
  categoryOfType,
  ErrorCode,
  MAX_UPLOAD_BYTES,
  type BulkUploadFields,
} from '@fieldcraft/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error';
import { detectUploadType } from '../lib/file-types';
import type { TempFile } from '../lib/storage';
import { parseRequestInput, RequestValidationError } from '../plugins/error-handler';
import { currentUser } from '../plugins/session';
import { insertAuditEntry } from '../audit/audit.repository';
import { findContentRow, insertContentItem, toContentItem } from './content.repository';
import { fileUrl, indexContentText, invalid, refuseUnsafeWordFile } from './content.service';
import { writeAccessRows } from './bulk-upload.repository';

const fileTooLarge = () =>
  new AppError(413, ErrorCode.PAYLOAD_TOO_LARGE, 'File too large: the limit is 100 MB');
const unsupportedType = () =>
  new AppError(
    415,
    ErrorCode.UNSUPPORTED_MEDIA_TYPE,
    'Unsupported file type: the content is not a PDF, Word, text, video or audio file matching its name',
  );

const errorCode = (err: unknown) =>
  typeof err === 'object' && err !== null ? (err as { code?: unknown }).code : undefined;

const isFileTooLarge = (err: unknown) => errorCode(err) === 'FST_REQ_FILE_TOO_LARGE';

/** @fastify/multipart's own limits (413 there) are a malformed request here, not a big file. */
const isPartsLimit = (err: unknown) =>
  ['FST_PARTS_LIMIT', 'FST_FILES_LIMIT', 'FST_FIELDS_LIMIT'].includes(String(errorCode(err)));

/**
 * /api/bulk-upload (OWNER): one request per file of a bulk upload. Each creates one content
 * item — stored file, item row, access rows and audit row — or nothing: the rows are one
 * transaction, and the stored file is removed again when that transaction fails.
 * docs/bulk-upload.md.
 */
const bulkUploadRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage } = app;

  // Encapsulated like the content routes: the limit stops busboy after 100 MB.
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, fieldSize: 100_000, parts: 20 },
  });

  app.post(
    '/files',
    {
      onRequest: app.requireRole('OWNER'),
      schema: {
        tags: ['content'],
        summary:
          'Upload one file and create its content item (multipart: title, description, isActive, access, then file)',
        consumes: ['multipart/form-data'],
        response: {
          201: BulkUploadResultSchema,
          400: ApiErrorSchema,
          401: ApiErrorSchema,
          403: ApiErrorSchema,
          413: ApiErrorSchema,
          415: ApiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const actor = currentUser(request);
      if (!request.isMultipart()) throw invalid('file', 'Send the file as multipart field file');
      const fields: Record<string, unknown> = {};
      let meta: BulkUploadFields | undefined;
      let fileName = '';
      let temp: TempFile | undefined;
      let storedKey: string | undefined;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'field') {
            if (meta) throw invalid(part.fieldname, 'Send the fields before the file');
            fields[part.fieldname] = part.value;
            continue;
          }
          if (part.fieldname !== 'file' || meta) {
            throw invalid('file', 'Send exactly one file, in the field file');
          }
          // The metadata is checked before a byte of the file is read.
          const parsed = parseRequestInput(BulkUploadFieldsSchema, fields);
          if (!parsed.success) throw new RequestValidationError(parsed.error);
          meta = parsed.data;
          fileName = part.filename;
          temp = await storage.writeTemp(part.file);
          if (part.file.truncated) throw fileTooLarge();
        }
        if (!meta || !temp) throw invalid('file', 'Please select a file to upload.');
        if (temp.bytes === 0) throw unsupportedType();
        const detected = await detectUploadType(temp.path, fileName);
        const type = detected
          ? (bulkTypeOfFile(fileName) ?? BULK_TYPE_BY_EXTENSION[detected.ext] ?? null)
          : null;
        if (!detected || !type) throw unsupportedType();
        await refuseUnsafeWordFile(temp.path, detected.ext);
        const bytes = temp.bytes;
        storedKey = await temp.commit(detected.ext);
        temp = undefined;
        const key = storedKey;
        const fieldsOk = meta;
        const created = await db.transaction().execute(async (trx) => {
          const id = await insertContentItem(trx, {
            title: fieldsOk.title,
            description: fieldsOk.description,
            category: categoryOfType(type),
            type,
            url: fileUrl(key),
            isActive: fieldsOk.isActive,
            fileKey: key,
            createdBy: actor.id,
          });
          const permissionRows = await writeAccessRows(trx, id, fieldsOk.access);
          await insertAuditEntry(trx, {
            actorId: actor.id,
            action: 'content.create',
            targetType: 'content',
            targetId: id,
            details: {
              title: fieldsOk.title,
              type,
              fileKey: key,
              bytes,
              isActive: fieldsOk.isActive,
              access: fieldsOk.access,
              permissionRows,
              via: 'bulk-upload',
            },
            ip: request.ip,
          });
          const row = await findContentRow(trx, id);
          if (!row) throw new Error('created content item not found');
          return { row, permissionRows };
        });
        storedKey = undefined;
        const item = toContentItem(created.row);
        // After the commit: the item exists whether or not its text can be read.
        try {
          await indexContentText(
            db,
            storage,
            request.log,
            { ...item, fileKey: key },
            app.textExtractor,
          );
        } catch (err) {
          request.log.warn({ err, contentId: item.id }, 'indexing a bulk-uploaded item failed');
        }
        app.speech.scheduleLanguageModelRebuild();
        return reply.code(201).send({
          item,
          access: fieldsOk.access,
          permissionRows: created.permissionRows,
          bytes,
        });
      } catch (err) {
        // The file was stored but its rows were not: remove it, so nothing half-made stays.
        if (storedKey) {
          await storage.remove(storedKey).catch((removeErr: unknown) => {
            request.log.error(
              { err: removeErr, key: storedKey },
              'could not remove an orphan upload',
            );
          });
        }
        if (isFileTooLarge(err)) throw fileTooLarge();
        if (isPartsLimit(err)) throw invalid('file', 'Send exactly one file, in the field file');
        throw err;
      } finally {
        await temp?.discard();
      }
    },
  );
};

export default bulkUploadRoutes;

import { ApiErrorSchema, ErrorCode, FileKeyParamsSchema } from '@fieldcraft/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../lib/app-error';
import { MIME_BY_EXT } from '../lib/file-types';
import { isFileKey } from '../lib/storage';
import { currentUser } from '../plugins/session';
import { framableFileCsp } from '../plugins/security';
import { isFileVisible } from './content.repository';
import { findTitleOfFile } from './library.repository';
import { contentDisposition, humanFileName } from './library.service';

const fileNotFound = () => new AppError(404, ErrorCode.FILE_NOT_FOUND, 'File not found');

/**
 * One `bytes=` range of a file of `size` bytes: {start, end} (inclusive), 'unsatisfiable', or
 * null to ignore the header and send the whole file (several ranges, or not a byte range).
 */
export function parseRange(
  header: string,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | null {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m)
    return header.trim().startsWith('bytes=') && !header.includes(',') ? 'unsatisfiable' : null;
  const [, from, to] = m;
  if (from === '' && to === '') return 'unsatisfiable';
  if (from === '') {
    const suffix = Number(to);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}

const FilesQuerySchema = z.object({
  // 1: save it (Content-Disposition attachment) instead of showing it in the browser.
  download: z.enum(['0', '1']).optional(),
});

/**
 * /api/files/{key}: uploaded files, to signed-in users who may see an item using them, named
 * after the item's title (never the storage key) and framable by the app's own reader.
 */
const filesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage } = app;
  const fileCsp = framableFileCsp();

  app.get(
    '/:key',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['files'],
        summary: 'An uploaded file, with Range support',
        params: FileKeyParamsSchema,
        querystring: FilesQuerySchema,
        response: {
          // Streams bypass serialisation; these only document the answers.
          200: z.unknown().describe('The whole file'),
          206: z.unknown().describe('The requested byte range'),
          400: ApiErrorSchema,
          401: ApiErrorSchema,
          404: ApiErrorSchema,
          416: ApiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { key } = request.params;
      // Keys are generated (`<32 hex>.<ext>`); anything else, traversal included, is unknown.
      if (!isFileKey(key)) throw fileNotFound();
      if (!(await isFileVisible(db, currentUser(request), key))) throw fileNotFound();
      const size = await storage.size(key);
      if (size === null) throw fileNotFound();
      const rangeHeader = request.headers.range;
      const range = rangeHeader ? parseRange(rangeHeader, size) : null;
      if (range === 'unsatisfiable') {
        throw new AppError(416, ErrorCode.RANGE_NOT_SATISFIABLE, 'Range not satisfiable', {
          headers: { 'content-range': `bytes */${size}` },
        });
      }
      const ext = key.slice(key.lastIndexOf('.') + 1);
      const name = humanFileName(await findTitleOfFile(db, key), key);
      reply
        .header('content-type', MIME_BY_EXT[ext] ?? 'application/octet-stream')
        .header('accept-ranges', 'bytes')
        // Revalidated on every use: access is checked per request, so a revoked file stops
        // opening at once (docs/field-readiness.md, "Saved for offline use").
        .header('cache-control', 'private, no-cache')
        .header(
          'content-disposition',
          contentDisposition(request.query.download === '1' ? 'attachment' : 'inline', name),
        )
        .header('content-security-policy', fileCsp)
        .header('x-frame-options', 'SAMEORIGIN');
      if (range) {
        reply
          .code(206)
          .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
          .header('content-length', range.end - range.start + 1);
        return reply.send(storage.read(key, range));
      }
      reply.header('content-length', size);
      return reply.send(storage.read(key));
    },
  );
};

export default filesRoutes;

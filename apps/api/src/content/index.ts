import multipart from '@fastify/multipart';
import { MAX_UPLOAD_BYTES } from '@fieldcraft/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import bulkUploadRoutes from './bulk-upload.routes';
import contentAccessRoutes from './content-access.routes';
import contentBulkRoutes from './content-bulk.routes';
import contentLibraryRoutes from './content-library.routes';
import contentUploadRoutes from './content-upload.routes';
import filesRoutes from './files.routes';
import libraryRoutes from './library.routes';

/** Content under /api, in one scope so multipart bodies are accepted there and only there. */
const contentApi: FastifyPluginAsyncZod = async (app) => {
  // The limit stops busboy after 100 MB, so an oversized upload never fills the disk either.
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, parts: 20 },
  });
  await app.register(contentLibraryRoutes);
  await app.register(contentUploadRoutes);
  await app.register(contentAccessRoutes);
  await app.register(contentBulkRoutes);
  await app.register(libraryRoutes);
};

/** Content: the library, uploads, access and permissions, stored files and bulk upload. */
export const contentDomain: FastifyPluginAsyncZod = async (app) => {
  await app.register(contentApi, { prefix: '/api' });
  await app.register(filesRoutes, { prefix: '/api/files' });
  await app.register(bulkUploadRoutes, { prefix: '/api/bulk-upload' });
};

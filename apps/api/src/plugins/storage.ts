import fp from 'fastify-plugin';
import { mkdir } from 'node:fs/promises';
import { LocalDiskStorage } from '../lib/storage';

declare module 'fastify' {
  interface FastifyInstance {
    /** Uploaded files (local disk under `${DATA_DIR}/uploads`). */
    storage: LocalDiskStorage;
  }
}

export const storagePlugin = fp(
  async (app) => {
    await mkdir(app.config.uploadsDir, { recursive: true });
    app.decorate('storage', new LocalDiskStorage(app.config.uploadsDir));
  },
  { name: 'storage', dependencies: ['config'] },
);

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
    const storage = new LocalDiskStorage(app.config.uploadsDir);
    app.decorate('storage', storage);
    const maxAgeMs = app.config.uploadTempMaxAgeMinutes * 60_000;
    const sweep = async () => {
      const removed = await storage.sweepTemp(maxAgeMs);
      if (removed > 0) app.log.info({ removed }, 'removed leftover temporary upload files');
    };
    await sweep();
    const timer = setInterval(() => void sweep().catch(() => undefined), 10 * 60_000);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'storage', dependencies: ['config'] },
);

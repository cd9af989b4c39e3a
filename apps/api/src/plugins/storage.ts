import fp from 'fastify-plugin';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { S3Storage } from '../lib/s3-storage';
import { type FileStorage, LocalDiskStorage } from '../lib/storage';

declare module 'fastify' {
  interface FastifyInstance {
    /** Uploaded files: local disk under `${DATA_DIR}/uploads`, or an S3 bucket (`STORAGE=s3`). */
    storage: FileStorage;
  }
}

export const storagePlugin = fp(
  async (app) => {
    const { config } = app;
    await mkdir(config.uploadsDir, { recursive: true });
    let storage: FileStorage;
    if (config.storage.kind === 's3') {
      const { kind: _kind, ...options } = config.storage;
      const s3 = new S3Storage({ ...options, tmpDir: path.join(config.uploadsDir, '.tmp') });
      const bucket = await s3.ensureBucket();
      app.log.info({ bucket: options.bucket, endpoint: options.endpoint }, `S3 bucket ${bucket}`);
      app.addHook('onClose', async () => s3.client.destroy());
      storage = s3;
    } else {
      storage = new LocalDiskStorage(config.uploadsDir);
    }
    app.decorate('storage', storage);
    const maxAgeMs = config.uploadTempMaxAgeMinutes * 60_000;
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

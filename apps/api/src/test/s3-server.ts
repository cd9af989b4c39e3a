import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { StorageConfig } from '../plugins/config';

/**
 * A real S3-protocol server (s3rver: S3's REST API over HTTP, objects in a temporary folder),
 * run inside the test process on a free loopback port. Buckets are created by the API itself
 * (the storage plugin creates a missing bucket), like on a fresh MinIO.
 */
export async function startS3Server(): Promise<{
  endpoint: string;
  /** A storage configuration for a bucket on this server (created on first use). */
  storage(bucket?: string): StorageConfig;
  close(): Promise<void>;
}> {
  const directory = mkdtempSync(path.join(tmpdir(), 'fc-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  let buckets = 0;
  return {
    endpoint,
    storage: (bucket = `fieldcraft-${process.pid}-${++buckets}`) => ({
      kind: 's3',
      bucket,
      endpoint,
      region: 'us-east-1',
      // s3rver's fixed credentials; it checks the request signatures with them.
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      forcePathStyle: true,
    }),
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

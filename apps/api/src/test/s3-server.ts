import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { StorageConfig } from '../plugins/config';

const RUNNER = fileURLToPath(new URL('./s3-server-process.mjs', import.meta.url));

/**
 * A real S3-protocol server (s3rver: S3's REST API over HTTP, objects in a temporary folder),
 * in a child process on a free loopback port, so the API's memory is measured without it.
 * Buckets are created by the API itself (the storage plugin creates a missing bucket), like
 * on a fresh MinIO.
 */
export async function startS3Server(): Promise<{
  endpoint: string;
  /** A storage configuration for a bucket on this server (created on first use). */
  storage(bucket?: string): StorageConfig;
  close(): Promise<void>;
}> {
  const directory = mkdtempSync(path.join(tmpdir(), 'fc-s3rver-'));
  const child = spawn(process.execPath, [RUNNER, directory], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /listening (\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    child.once('exit', (code) => reject(new Error(`the S3 server exited (${code})`)));
    child.once('error', reject);
  });
  const endpoint = `http://127.0.0.1:${port}`;
  let buckets = 0;
  let closed: Promise<void> | undefined;
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
    close: () => {
      closed ??= new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }).then(() => rmSync(directory, { recursive: true, force: true }));
      return closed;
    },
  };
}

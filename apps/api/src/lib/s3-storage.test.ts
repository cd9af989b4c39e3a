import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server } from '../test/s3-server';
import { S3Storage } from './s3-storage';
import { testDir } from '../test/temp-dirs';

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('S3 storage against an S3-protocol server', () => {
  let server: Awaited<ReturnType<typeof startS3Server>>;
  let storage: S3Storage;
  const tmpDir = path.join(testDir('fc-s3-tmp-'), '.tmp');

  beforeAll(async () => {
    server = await startS3Server();
    const config = server.storage();
    if (config.kind !== 's3') throw new Error('unreachable');
    const { kind: _kind, ...options } = config;
    storage = new S3Storage({ ...options, tmpDir });
    expect(await storage.ensureBucket()).toBe('created');
    expect(await storage.ensureBucket()).toBe('exists');
  });

  afterAll(async () => {
    storage?.client.destroy();
    await server?.close();
  });

  it('stores a multipart-sized file, reads it whole and by range, then deletes it', async () => {
    // Larger than one 8 MB part, so commit takes the multipart path.
    const data = randomBytes(9 * 1024 * 1024 + 123);
    const temp = await storage.writeTemp(
      Readable.from([data.subarray(0, 5_000_000), data.subarray(5_000_000)]),
    );
    expect(temp.bytes).toBe(data.length);
    expect((await readFile(temp.path)).equals(data)).toBe(true);
    const key = await temp.commit('mp4');
    expect(key).toMatch(/^[0-9a-f]{32}\.mp4$/);
    expect(await storage.list()).toEqual([key]);
    expect(await storage.size(key)).toBe(data.length);
    expect((await bytesOf(storage.read(key))).equals(data)).toBe(true);
    const range = { start: 8 * 1024 * 1024 - 10, end: 8 * 1024 * 1024 + 9 };
    expect(
      (await bytesOf(storage.read(key, range))).equals(data.subarray(range.start, range.end + 1)),
    ).toBe(true);
    // The temporary file went once the object was in the bucket.
    await expect(readFile(temp.path)).rejects.toThrow(/ENOENT/);

    await storage.remove(key);
    expect(await storage.size(key)).toBeNull();
    expect(await storage.list()).toEqual([]);
    await storage.remove(key); // idempotent
  });

  it('hands text extraction a local copy and removes it afterwards', async () => {
    const temp = await storage.writeTemp(Readable.from([Buffer.from('Hard hats on site.\n')]));
    const key = await temp.commit('txt');
    let copy = '';
    const content = await storage.withLocalFile(key, async (file) => {
      copy = file;
      return readFile(file, 'utf8');
    });
    expect(content).toBe('Hard hats on site.\n');
    await expect(readFile(copy)).rejects.toThrow(/ENOENT/);
    await storage.remove(key);
  });

  it('reports a missing object as absent, errors its read stream, and refuses bad keys', async () => {
    const missing = `${'a'.repeat(32)}.pdf`;
    expect(await storage.size(missing)).toBeNull();
    await expect(text(storage.read(missing))).rejects.toThrow();
    expect(() => storage.read('../etc/passwd')).toThrow(/Invalid file key/);
    await expect(storage.size('x/../y.pdf')).rejects.toThrow(/Invalid file key/);
  });

  it('passes the readiness check while the server answers, fails it once it is gone', async () => {
    await storage.check();
    const other = await startS3Server();
    const config = other.storage();
    if (config.kind !== 's3') throw new Error('unreachable');
    const { kind: _kind, ...options } = config;
    const gone = new S3Storage({ ...options, tmpDir });
    await gone.ensureBucket();
    await gone.check();
    await other.close();
    await expect(gone.check()).rejects.toThrow();
    // Requests meet a 503 the caller can retry, not a 500.
    await expect(gone.size(`${'b'.repeat(32)}.pdf`)).rejects.toMatchObject({
      statusCode: 503,
      code: 'SERVICE_UNAVAILABLE',
    });
    gone.client.destroy();
  });
});

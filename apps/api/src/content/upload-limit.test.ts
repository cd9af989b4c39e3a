import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { MAX_UPLOAD_BYTES } from '@fieldcraft/contracts';
import { expect, it } from 'vitest';
import { describeEachDatabase, describeOnPglite } from '../test/test-app';
import { multipartHeaders, streamedMultipart } from '../test/multipart';
import { sessionCookieFor } from '../test/world';

describeOnPglite('upload limit', (ctx) => {
  it('answers a streamed upload just over 100 MB with 413 and keeps nothing', async () => {
    const owner = await ctx.createUser({ email: 'owner@example.com', role: 'OWNER' });
    const cookie = await sessionCookieFor(ctx.db, owner.id);
    const before = process.memoryUsage().rss;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/content/upload',
      headers: { cookie, ...multipartHeaders },
      // Generated as it is read: the test never holds the 100 MB either.
      payload: streamedMultipart('big.mp4', MAX_UPLOAD_BYTES + 1),
    });
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json()).toMatchObject({ error: 'File too large', code: 'PAYLOAD_TOO_LARGE' });
    // Streamed, not buffered: far less than the body's size stayed in memory.
    expect(process.memoryUsage().rss - before).toBeLessThan(60 * 1024 * 1024);
    const left = await readdir(ctx.config.uploadsDir, { recursive: true });
    expect(left.filter((f) => f !== '.tmp' && !f.startsWith(`.tmp${path.sep}`))).toEqual([]);
    expect(left).not.toContainEqual(expect.stringMatching(/^\.tmp.+/));
  }, 60_000);
});

describeEachDatabase(
  'upload to S3',
  (ctx) => {
    it('streams a 100 MB upload into the bucket without holding it in memory', async () => {
      const owner = await ctx.createUser({ email: 'owner@example.com', role: 'OWNER' });
      const cookie = await sessionCookieFor(ctx.db, owner.id);
      const before = process.memoryUsage().rss;
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/content/upload',
        headers: { cookie, ...multipartHeaders },
        payload: streamedMultipart('big.mp4', MAX_UPLOAD_BYTES),
      });
      expect(res.statusCode, res.body).toBe(201);
      // Multipart parts of 8 MB, two in flight: far less than the file stayed in memory.
      expect(process.memoryUsage().rss - before).toBeLessThan(60 * 1024 * 1024);
      const key = (res.json() as { url: string }).url.split('/').pop() ?? '';
      expect(await ctx.app.storage.list()).toEqual([key]);
      expect(await ctx.app.storage.size(key)).toBe(MAX_UPLOAD_BYTES);
      // Only the bucket holds it: the temporary file on this machine is gone.
      expect(await readdir(path.join(ctx.config.uploadsDir, '.tmp'))).toEqual([]);
      const tail = await ctx.app.inject({
        method: 'GET',
        url: `/api/files/${key}`,
        headers: { cookie, range: 'bytes=-4' },
      });
      expect(tail.statusCode).toBe(206);
      expect(tail.headers['content-range']).toBe(
        `bytes ${MAX_UPLOAD_BYTES - 4}-${MAX_UPLOAD_BYTES - 1}/${MAX_UPLOAD_BYTES}`,
      );
      expect(tail.rawPayload).toEqual(Buffer.alloc(4));
    }, 120_000);
  },
  { storages: ['s3'] },
);

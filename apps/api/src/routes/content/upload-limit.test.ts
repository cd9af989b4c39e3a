import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { MAX_UPLOAD_BYTES } from '@fieldcraft/contracts';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/test-app';
import { multipartHeaders, streamedMultipart } from '../../test/multipart';
import { sessionCookieFor } from '../../test/world';

describeEachDatabase('upload limit', (ctx) => {
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

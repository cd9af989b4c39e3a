import type { ManagedContentItem } from '@fieldcraft/contracts';
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { beforeEach, describe, expect, it } from 'vitest';
import { tinyRunsWordFile } from '../test/docx';
import { multipartBody, multipartHeaders } from '../test/multipart';
import { describeEachDatabase, type TestContext } from '../test/test-app';
import { createWorld, type World } from '../test/world';

// A 30 KB .docx once froze every request for 43 s. Text is now read in a worker
// thread with a time and a memory limit; here the time limit is 2 s so a test takes seconds.
const TIME_LIMIT_MS = 2000;

/** The owner uploads a file and makes an item of it (its text is read then). */
function ownerCalls(ctx: TestContext, world: () => World) {
  const cookie = () => world().cookies.OWNER ?? '';
  return {
    async upload(name: string, content: Buffer | string): Promise<string> {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/content/upload',
        headers: { cookie: cookie(), ...multipartHeaders },
        payload: multipartBody(name, content),
      });
      expect(res.statusCode, res.body).toBe(201);
      return (res.json() as { url: string }).url;
    },
    create: (url: string, type: 'WORD' | 'PDF' | 'DOCUMENT', title: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/content/create-metadata',
        headers: { cookie: cookie() },
        payload: { title, description: 'Uploaded for the test', category: 'read', type, url },
      }),
  };
}

describeEachDatabase(
  'hostile documents',
  (ctx) => {
    let w: World;
    beforeEach(async () => {
      w = await createWorld(ctx);
    });

    const { upload, create } = ownerCalls(ctx, () => w);

    const managed = async () =>
      (
        await ctx.app.inject({
          method: 'GET',
          url: '/api/dashboard/content/manage',
          headers: { cookie: w.cookies.OWNER ?? '' },
        })
      ).json() as ManagedContentItem[];

    it('a Word file of 200,000 tiny runs: other requests stay fast, the item is stored as not searchable', async () => {
      const hostile = tinyRunsWordFile();
      expect(hostile.length).toBeLessThan(30_000); // the review's size class
      const url = await upload('hostile.docx', hostile); // below the zip guard's ceilings

      const server = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = ctx.app.server.address() as AddressInfo;
      expect(server).toContain(String(port));
      const base = `http://127.0.0.1:${port}`;

      const read = async (i: number) => {
        const path = i % 2 ? '/api/health' : '/api/dashboard/content';
        const t0 = performance.now();
        const res = await fetch(`${base}${path}`, { headers: { cookie: w.cookies.USER ?? '' } });
        await res.arrayBuffer();
        return { ms: performance.now() - t0, status: res.status };
      };
      for (let i = 0; i < 20; i++) await read(i); // warm: connection, routes, serializers

      // The owner creates the item (its text is read now) while others keep reading: health
      // (the database answers) and a signed-in list, one after another, until it is answered
      // (at most 20 s: the old code took ~6 s for this file on the event loop).
      const started = Date.now();
      let done = false;
      const creating = create(url, 'WORD', 'Hostile procedure').finally(() => (done = true));
      const latencies: number[] = [];
      const statuses = new Set<number>();
      while (!done && Date.now() - started < 20_000) {
        const { ms, status } = await read(latencies.length);
        latencies.push(ms);
        statuses.add(status);
      }
      expect(done, 'the item was answered within 20 s').toBe(true);
      const res = await creating;
      const elapsed = Date.now() - started;

      expect(statuses).toEqual(new Set([200]));
      // No read waits a second: the old code made them wait 12 to 16 s. How much the reading
      // adds to the other requests is a speed target: `npm run bench` measures it against a
      // baseline (bench/hostile-read.mjs), where a busy machine does not decide it.
      const seen = latencies.map(Math.round).join(' ');
      expect(
        Math.max(...latencies),
        `slowest of ${latencies.length} reads: ${seen} ms`,
      ).toBeLessThan(1000);
      // The old code managed 5 to 17 reads here, one of them waiting 12 to 16 s.
      expect(latencies.length).toBeGreaterThanOrEqual(20);

      // Stored, listed, and not searchable, with the reason: not a 500.
      expect(res.statusCode, res.body).toBe(201);
      const item = res.json() as ManagedContentItem;
      expect(item).toMatchObject({ title: 'Hostile procedure', textStatus: 'failed' });
      expect(['timeout', 'memory']).toContain(item.textStatusReason);
      // Cut at the limit, counted from when the reading thread had loaded its code (that
      // start and the thread's end come on top), not when mammoth would have finished.
      expect(elapsed).toBeLessThan(TIME_LIMIT_MS + 10_000);
      expect((await managed()).find((i) => i.id === item.id)).toMatchObject({
        textStatus: 'failed',
        textStatusReason: item.textStatusReason,
      });
      const file = await fetch(`${base}${url}`, { headers: { cookie: w.cookies.OWNER ?? '' } });
      expect(file.status).toBe(200);
      expect(Buffer.from(await file.arrayBuffer()).equals(hostile)).toBe(true);
      // Its title and description are still searched; none of the file's text was stored.
      const passages = await ctx.db
        .selectFrom('content_passages')
        .select('text')
        .where('content_id', '=', item.id)
        .execute();
      expect(passages.map((p) => p.text)).toEqual(['Hostile procedure\n\nUploaded for the test']);

      // The server is up; the next document is read as usual ('the states the owner sees').
      expect((await fetch(`${base}/api/health`)).status).toBe(200);
    }, 40_000);
  },
  { config: { textExtraction: { timeoutMs: TIME_LIMIT_MS, maxChars: 20_000 } } },
);

// The states of ordinary files, under the default time limit: a 2 s limit is for the hostile
// file above, and on a busy machine a low-priority thread may need longer for a real one.
describeEachDatabase(
  'document text states',
  (ctx) => {
    let w: World;
    beforeEach(async () => {
      w = await createWorld(ctx);
    });

    const { upload, create } = ownerCalls(ctx, () => w);

    describe('the states the owner sees', () => {
      it('ok for a readable file, partial past the character limit, failed for a damaged one, none with a reason for a scan or a format that is not read', async () => {
        const long = Array.from({ length: 50 }, (_, i) => `Section ${i}. ${'text '.repeat(100)}`);
        const demo = await readFile(
          new URL('../bootstrap/demo-files/concrete-pour-procedure.docx', import.meta.url),
        );
        const cases = [
          { name: 'procedure.docx', data: demo, type: 'WORD' },
          { name: 'notes.txt', data: 'Short notes about the slab.\n', type: 'DOCUMENT' },
          { name: 'long.txt', data: long.join('\n\n'), type: 'DOCUMENT' },
          { name: 'broken.pdf', data: '%PDF-1.7\nthis is not really a PDF\n%%EOF\n', type: 'PDF' },
          {
            name: 'empty.docx',
            data: (await import('../test/docx')).wordFile(''),
            type: 'WORD',
          },
        ] as const;
        const results: Record<
          string,
          Pick<ManagedContentItem, 'textStatus' | 'textStatusReason'>
        > = {};
        for (const c of cases) {
          const res = await create(await upload(c.name, c.data), c.type, c.name);
          expect(res.statusCode, res.body).toBe(201);
          const { textStatus, textStatusReason } = res.json() as ManagedContentItem;
          results[c.name] = { textStatus, textStatusReason };
        }
        expect(results).toEqual({
          'procedure.docx': { textStatus: 'ok', textStatusReason: null },
          'notes.txt': { textStatus: 'ok', textStatusReason: null },
          'long.txt': { textStatus: 'partial', textStatusReason: 'too_long' },
          'broken.pdf': { textStatus: 'failed', textStatusReason: 'unreadable' },
          'empty.docx': { textStatus: 'none', textStatusReason: 'no_text' },
        });
        // A link has no file text: none, nothing to say.
        const link = await ctx.app.inject({
          method: 'POST',
          url: '/api/content/create-metadata',
          headers: { cookie: w.cookies.OWNER ?? '' },
          payload: {
            title: 'Site',
            description: 'A link',
            category: 'read',
            type: 'LINK',
            url: 'https://example.com',
          },
        });
        expect(link.json()).toMatchObject({ textStatus: 'none', textStatusReason: null });
        // The dashboard's list (every signed-in user) does not carry the owner's fields.
        const dashboard = await ctx.app.inject({
          method: 'GET',
          url: '/api/dashboard/content',
          headers: { cookie: w.cookies.USER ?? '' },
        });
        expect(dashboard.json()[0]).not.toHaveProperty('textStatus');
        // Five real readings, each in a thread of its own that loads its reader first: seconds
        // each when the browser suite shares the machine, so more than the default 30 s.
      }, 90_000);
    });
  },
  { config: { textExtraction: { maxChars: 20_000 } } },
);

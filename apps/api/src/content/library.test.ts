import type { ContentItem, ContentReader } from '@fieldcraft/contracts';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeEach, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../test/test-app';
import { multipartBody, multipartHeaders } from '../test/multipart';
import { createWorld, type World } from '../test/world';
import { zipOf } from '../test/zip';

const DEMO = fileURLToPath(new URL('../bootstrap/demo-files/', import.meta.url));
const demoFile = (name: string) => readFile(path.join(DEMO, name));

/** A Word file with a heading per section and a link of `href` in the second section. */
function wordWithLink(href: string): Buffer {
  const p = (text: string, style?: string) =>
    `<w:p>${style ? `<w:pPr><w:pStyle w:val="${style}"/></w:pPr>` : ''}<w:r><w:t>${text}</w:t></w:r></w:p>`;
  const body =
    p('Before the pour', 'Heading1') +
    p('Check the forms &lt;script&gt;alert(1)&lt;/script&gt; and the rebar.') +
    p('Curing', 'Heading1') +
    `<w:p><w:hyperlink r:id="rId9"><w:r><w:t>Read the guide</w:t></w:r></w:hyperlink></w:p>` +
    p('Keep the slab wet for seven days.');
  const document = `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><w:body>${body}</w:body></w:document>`;
  const rels = `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId9" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink" Target="${href}" TargetMode="External"/></Relationships>`;
  return zipOf([
    {
      name: '[Content_Types].xml',
      data: Buffer.from(
        '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
      ),
    },
    {
      name: '_rels/.rels',
      data: Buffer.from(
        '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
      ),
    },
    { name: 'word/_rels/document.xml.rels', data: Buffer.from(rels) },
    { name: 'word/document.xml', data: Buffer.from(document) },
  ]);
}

describeEachDatabase('the library: reader, resume, durations, file names', (ctx) => {
  let w: World;
  beforeEach(async () => {
    w = await createWorld(ctx);
  });

  const as = (cookie: string | undefined): Record<string, string> => (cookie ? { cookie } : {});
  const get = (url: string, cookie: string | undefined) =>
    ctx.app.inject({ method: 'GET', url, headers: as(cookie) });
  const put = (url: string, cookie: string | undefined, payload: unknown) =>
    ctx.app.inject({
      method: 'PUT',
      url,
      headers: { ...as(cookie), 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });

  async function createWithFile(
    file: string,
    content: Buffer,
    body: { title: string; type: ContentItem['type']; category: ContentItem['category'] },
  ): Promise<ContentItem> {
    const up = await ctx.app.inject({
      method: 'POST',
      url: '/api/content/upload',
      headers: { ...as(w.cookies.OWNER), ...multipartHeaders },
      payload: multipartBody(file, content),
    });
    expect(up.statusCode, up.body).toBe(201);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/content/create-metadata',
      headers: as(w.cookies.OWNER),
      payload: { ...body, description: 'For the library test', url: up.json().url },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as ContentItem;
  }

  const audio = () =>
    demoFile('toolbox-talk.wav').then((data) =>
      createWithFile('talk.wav', data, {
        title: 'Hearing talk',
        type: 'AUDIO',
        category: 'listen',
      }),
    );

  describe('durations', () => {
    it('measures uploaded audio and video from their headers; the dashboard lists them', async () => {
      const talk = await audio();
      const clip = await createWithFile('clip.mp4', await demoFile('crane-signals.mp4'), {
        title: 'Clip',
        type: 'VIDEO',
        category: 'watch',
      });
      expect(talk.durationSeconds).toBeCloseTo(1, 1);
      expect(clip.durationSeconds).toBeCloseTo(3, 1);
      const listed = (await get('/api/dashboard/content', w.cookies.USER)).json() as ContentItem[];
      expect(listed.find((i) => i.id === talk.id)?.durationSeconds).toBeCloseTo(1, 1);
      const pdf = await createWithFile('c.pdf', await demoFile('site-safety-checklist.pdf'), {
        title: 'Checklist',
        type: 'PDF',
        category: 'read',
      });
      expect(pdf.durationSeconds).toBeNull();
    });
  });

  describe('resume', () => {
    it('saves where each user is, per user, overwriting; the reader and the list return it', async () => {
      const talk = await audio();
      const url = `/api/content/${talk.id}/position`;
      expect((await put(url, w.cookies.USER, { positionSeconds: 12.5 })).json()).toMatchObject({
        contentId: talk.id,
        positionSeconds: 12.5,
      });
      // Another device of the same user continues from there, then saves later.
      const reader = (await get(`/api/content/${talk.id}/reader`, w.cookies.USER)).json();
      expect(reader).toMatchObject({ kind: 'audio', positionSeconds: 12.5 });
      expect((await put(url, w.cookies.USER, { positionSeconds: 40 })).statusCode).toBe(200);
      expect((await get('/api/content/positions', w.cookies.USER)).json()).toEqual([
        { contentId: talk.id, positionSeconds: 40, updatedAt: expect.any(String) },
      ]);
      // Someone else's place is their own.
      expect((await get('/api/content/positions', w.cookies.ADMIN)).json()).toEqual([]);
      expect(
        (await get(`/api/content/${talk.id}/reader`, w.cookies.ADMIN)).json().positionSeconds,
      ).toBe(0);
      const rows = await ctx.db.selectFrom('playback_positions').selectAll().execute();
      expect(rows).toHaveLength(1);
    });

    it('refuses bad positions, items without a position, hidden items and strangers', async () => {
      const talk = await audio();
      const url = `/api/content/${talk.id}/position`;
      for (const bad of [
        { positionSeconds: -1 },
        { positionSeconds: 'x' },
        {},
        { positionSeconds: 1e9 },
      ]) {
        const res = await put(url, w.cookies.USER, bad);
        expect(res.statusCode, JSON.stringify(bad)).toBe(400);
        expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', error: expect.any(String) });
      }
      expect((await put(url, undefined, { positionSeconds: 3 })).statusCode).toBe(401);
      expect(
        (await put('/api/content/999999/position', w.cookies.USER, { positionSeconds: 3 })).json(),
      ).toMatchObject({ code: 'CONTENT_NOT_FOUND' });
      const pdf = await createWithFile('c.pdf', await demoFile('site-safety-checklist.pdf'), {
        title: 'Checklist',
        type: 'PDF',
        category: 'read',
      });
      const notMedia = await put(`/api/content/${pdf.id}/position`, w.cookies.USER, {
        positionSeconds: 3,
      });
      expect(notMedia.statusCode).toBe(400);
      await ctx.app.inject({
        method: 'POST',
        url: '/api/content/permissions',
        headers: as(w.cookies.OWNER),
        payload: { contentId: talk.id, userId: w.user.id, canAccess: false },
      });
      expect((await put(url, w.cookies.USER, { positionSeconds: 3 })).statusCode).toBe(404);
      expect((await get(`/api/content/${talk.id}/reader`, w.cookies.USER)).statusCode).toBe(404);
    });
  });

  describe('reader', () => {
    it('renders a Word file to sanitised HTML with section anchors; nothing executable survives', async () => {
      const doc = await createWithFile('pour.docx', wordWithLink('javascript:alert(1)'), {
        title: 'Pour',
        type: 'WORD',
        category: 'read',
      });
      const res = await get(`/api/content/${doc.id}/reader`, w.cookies.USER);
      expect(res.statusCode, res.body).toBe(200);
      const reader = res.json() as ContentReader;
      expect(reader.kind).toBe('html');
      expect(reader.html).toContain('<h1>Before the pour</h1>');
      expect(reader.html).toContain('<h1 id="section-2">Curing</h1>');
      expect(reader.html).toContain('&lt;script&gt;');
      expect(reader.html).not.toMatch(/<script|javascript:|href=|on\w+=/i);
      expect(reader.downloadUrl).toMatch(/^\/api\/files\/[0-9a-f]{32}\.docx\?download=1$/);
      // The section numbers are the search's: "seven days" is found in section 2.
      const found = (await get('/api/content/search?q=seven%20days', w.cookies.USER)).json();
      expect(found).toEqual([expect.objectContaining({ contentId: doc.id, page: 2 })]);

      const safe = await createWithFile('guide.docx', wordWithLink('https://example.com/guide'), {
        title: 'Guide',
        type: 'WORD',
        category: 'read',
      });
      const html = (await get(`/api/content/${safe.id}/reader`, w.cookies.USER)).json().html;
      expect(html).toContain(
        '<a href="https://example.com/guide" target="_blank" rel="noopener noreferrer">Read the guide</a>',
      );
      // Three worker threads per file (text at upload, text at create, HTML here), from the
      // sources through tsx: slow on a loaded machine, not a limit of the feature.
    }, 120_000);

    it('gives a PDF to the viewer, a text file as text and news as its own text', async () => {
      const pdf = await createWithFile('c.pdf', await demoFile('site-safety-checklist.pdf'), {
        title: 'Checklist',
        type: 'PDF',
        category: 'read',
      });
      expect((await get(`/api/content/${pdf.id}/reader`, w.cookies.USER)).json()).toMatchObject({
        kind: 'pdf',
        fileUrl: expect.stringMatching(/^\/api\/files\/[0-9a-f]{32}\.pdf$/),
        html: null,
      });
      const txt = await createWithFile('r.txt', await demoFile('daily-report-template.txt'), {
        title: 'Daily report',
        type: 'DOCUMENT',
        category: 'read',
      });
      const text = (await get(`/api/content/${txt.id}/reader`, w.cookies.USER)).json();
      expect(text).toMatchObject({ kind: 'text', truncated: false });
      expect(text.text).toBe(await demoFile('daily-report-template.txt').then(String));
      const news = await ctx.app.inject({
        method: 'POST',
        url: '/api/content/create-metadata',
        headers: as(w.cookies.OWNER),
        payload: {
          title: 'Crane inspections due',
          description: 'Every crane is inspected before Friday.',
          category: 'read',
          type: 'NEWS',
          url: 'https://example.com/news',
        },
      });
      const story = (await get(`/api/content/${news.json().id}/reader`, w.cookies.USER)).json();
      expect(story).toMatchObject({
        kind: 'news',
        text: 'Every crane is inspected before Friday.',
        fileUrl: null,
        downloadUrl: null,
      });
      expect((await get(`/api/content/${pdf.id}/reader`, undefined)).statusCode).toBe(401);
      expect((await get('/api/content/abc/reader', w.cookies.USER)).statusCode).toBe(400);
    });
  });

  describe('files', () => {
    it('are served under the item title with the right extension, inline or as a download', async () => {
      const pdf = await createWithFile('c.pdf', await demoFile('site-safety-checklist.pdf'), {
        title: 'Site safety: "checklist" / Été',
        type: 'PDF',
        category: 'read',
      });
      const inline = await get(pdf.url ?? '', w.cookies.USER);
      expect(inline.statusCode).toBe(200);
      expect(inline.headers['content-disposition']).toBe(
        `inline; filename="Site safety checklist _t_.pdf"; filename*=UTF-8''Site%20safety%20checklist%20%C3%89t%C3%A9.pdf`,
      );
      expect(inline.headers['content-disposition']).not.toMatch(/[0-9a-f]{32}/);
      const download = await get(`${pdf.url}?download=1`, w.cookies.USER);
      expect(download.headers['content-disposition']).toMatch(
        /^attachment; filename="Site safety checklist _t_\.pdf"/,
      );
      // The app's own reader may frame a file; nothing else is framable.
      expect(inline.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(inline.headers['content-security-policy']).toContain("frame-ancestors 'self'");
      const api = await get('/api/dashboard/content', w.cookies.USER);
      expect(api.headers['x-frame-options']).toBe('DENY');
      expect(api.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect((await get(`${pdf.url}?download=yes`, w.cookies.USER)).statusCode).toBe(400);
    });
  });
});

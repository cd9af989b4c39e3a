// Over 300 lines: the content routes' cases over one test app and its stored files; one case per
// behaviour.
import type { ContentItem } from '@fieldcraft/contracts';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeEach, describe, expect, it } from 'vitest';
import { describeEachDatabaseAndStorage } from '../test/test-app';
import { multipartBody, multipartHeaders } from '../test/multipart';
import { createWorld, headersFor, type Identity, type World } from '../test/world';
import { zipOf } from '../test/zip';

const DEMO = fileURLToPath(new URL('../bootstrap/demo-files/', import.meta.url));
const demoFile = (name: string) => readFile(path.join(DEMO, name));

// Four variants: PGlite and PostgreSQL, each with local-disk and S3 storage.
describeEachDatabaseAndStorage('content', (ctx) => {
  let w: World;
  beforeEach(async () => {
    w = await createWorld(ctx);
  });

  const as = (cookie: string | undefined) => (cookie ? { cookie } : {});
  const get = (url: string, cookie: string | undefined, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url, headers: { ...as(cookie), ...headers } });
  const send = (
    method: 'POST' | 'PATCH' | 'DELETE',
    url: string,
    cookie: string | undefined,
    payload?: object,
  ) => ctx.app.inject({ method, url, headers: as(cookie), ...(payload && { payload }) });

  async function upload(name: string, content: Buffer | string, cookie = w.cookies.OWNER) {
    return ctx.app.inject({
      method: 'POST',
      url: '/api/content/upload',
      headers: { ...as(cookie), ...multipartHeaders },
      payload: multipartBody(name, content),
    });
  }

  async function create(body: Partial<ContentItem> & { type: ContentItem['type'] }) {
    const res = await send('POST', '/api/content/create-metadata', w.cookies.OWNER, {
      title: `${body.type} item`,
      description: 'About it',
      category: { VIMEO: 'watch', VIDEO: 'watch', AUDIO: 'listen' }[body.type as string] ?? 'read',
      url: body.url ?? `https://example.com/${body.type}`,
      ...body,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as ContentItem;
  }

  const ids = (items: { id: number }[]) => items.map((i) => i.id).sort((a, b) => a - b);
  const visibleTo = async (cookie: string | undefined) =>
    ids((await get('/api/dashboard/content', cookie)).json());
  const permit = (contentId: number, userId: number, canAccess: boolean) =>
    send('POST', '/api/content/permissions', w.cookies.OWNER, { contentId, userId, canAccess });

  describe('visibility', () => {
    it('an item without permission rows is visible to everyone signed in; inactive to none but the manage list', async () => {
      const open = await create({ type: 'LINK' });
      const off = await create({ type: 'NEWS', isActive: false });
      for (const who of ['OWNER', 'ADMIN', 'USER'] as const) {
        expect(await visibleTo(w.cookies[who])).toEqual([open.id]);
      }
      expect((await get('/api/dashboard/content', undefined)).statusCode).toBe(401);
      expect(ids((await get('/api/dashboard/content/manage', w.cookies.OWNER)).json())).toEqual([
        open.id,
        off.id,
      ]);
      // Make Live shows it again.
      const res = await send('PATCH', `/api/dashboard/content/${off.id}`, w.cookies.OWNER, {
        isActive: true,
      });
      expect(res.json()).toMatchObject({ id: off.id, isActive: true });
      expect(await visibleTo(w.cookies.USER)).toEqual([open.id, off.id]);
    });

    it('revoke hides an item from that user only; grant restores it; bulk revoke hides it from all', async () => {
      const item = await create({ type: 'LINK' });
      expect((await permit(item.id, w.user.id, false)).json()).toEqual({
        contentId: item.id,
        userId: w.user.id,
        canAccess: false,
      });
      expect(await visibleTo(w.cookies.USER)).toEqual([]);
      expect(await visibleTo(w.outsiderCookie)).toEqual([item.id]);
      expect(await visibleTo(w.cookies.OWNER)).toEqual([item.id]);
      expect((await permit(item.id, w.user.id, true)).statusCode).toBe(200);
      expect(await visibleTo(w.cookies.USER)).toEqual([item.id]);

      // Bulk: the web sends one call per user, in parallel.
      const users = [w.admin, w.user, w.outsider];
      const results = await Promise.all(users.map((u) => permit(item.id, u.id, false)));
      expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
      for (const c of [w.cookies.ADMIN, w.cookies.USER, w.outsiderCookie]) {
        expect(await visibleTo(c)).toEqual([]);
      }
      const perms = (await get('/api/content/permissions', w.cookies.OWNER)).json();
      expect(perms).toHaveLength(3);
      expect(perms.every((p: { canAccess: boolean }) => !p.canAccess)).toBe(true);
      await Promise.all(users.map((u) => permit(item.id, u.id, true)));
      expect(await visibleTo(w.outsiderCookie)).toEqual([item.id]);

      const audit = await ctx.db
        .selectFrom('audit_log')
        .select('action')
        .where('action', 'like', 'content.%')
        .execute();
      expect(audit.filter((a) => a.action === 'content.revoke')).toHaveLength(4);
    });

    it('permissions for unknown items or users are 404', async () => {
      const item = await create({ type: 'LINK' });
      expect((await permit(999999, w.user.id, true)).json().code).toBe('CONTENT_NOT_FOUND');
      expect((await permit(item.id, 999999, true)).json().code).toBe('USER_NOT_FOUND');
    });
  });

  describe('role matrix', () => {
    const ownerOnly: [string, string, object?][] = [
      ['GET', '/api/dashboard/content/manage'],
      ['GET', '/api/content/access'],
      ['GET', '/api/content/permissions'],
      ['GET', '/api/users'],
      [
        'POST',
        '/api/content/create-metadata',
        { title: 't', description: 'd', category: 'read', type: 'NEWS', url: 'https://x.y' },
      ],
      ['PATCH', '/api/dashboard/content/1', { isActive: false }],
      ['DELETE', '/api/dashboard/content/1'],
      ['POST', '/api/content/permissions', { contentId: 1, userId: 1, canAccess: true }],
      ['POST', '/api/content/upload'],
    ];
    it('refuses owner calls to others, even with a spoofed user-role: OWNER', async () => {
      const item = await create({ type: 'LINK' });
      for (const [method, rawUrl, payload] of ownerOnly) {
        const url = rawUrl.replace('/1', `/${item.id}`);
        for (const who of ['anonymous', 'ADMIN', 'USER'] as Identity[]) {
          const res = await ctx.app.inject({
            method: method as 'GET',
            url,
            headers: headersFor(w, who, 'OWNER'),
            ...(payload && { payload }),
          });
          expect(res.statusCode, `${who} ${method} ${url}`).toBe(who === 'anonymous' ? 401 : 403);
        }
      }
      // Still there, untouched.
      expect((await get('/api/dashboard/content/manage', w.cookies.OWNER)).json()).toHaveLength(1);
    });

    it('lets the owner list users', async () => {
      const res = await get('/api/users', w.cookies.OWNER);
      expect(res.statusCode).toBe(200);
      expect(res.json().map((u: { email: string }) => u.email)).toContain('user@example.com');
    });
  });

  describe('create and update', () => {
    it('applies the spec messages', async () => {
      const res = await send('POST', '/api/content/create-metadata', w.cookies.OWNER, {
        title: '',
        description: '',
        category: 'watch',
        type: 'VIMEO',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().issues.fieldErrors).toEqual({
        title: ['Title is required'],
        description: ['Description is required'],
        url: ['URL is required for this content type'],
      });
      const item = await create({ type: 'LINK' });
      const bad = await send('PATCH', `/api/dashboard/content/${item.id}`, w.cookies.OWNER, {
        url: '',
      });
      expect(bad.json().issues.fieldErrors.url).toEqual(['URL is required for this content type']);
      const missing = await send('PATCH', '/api/dashboard/content/999999', w.cookies.OWNER, {
        isActive: false,
      });
      expect(missing.statusCode).toBe(404);
    });

    it('audits every owner mutation', async () => {
      const item = await create({ type: 'LINK' });
      await send('PATCH', `/api/dashboard/content/${item.id}`, w.cookies.OWNER, { title: 'New' });
      await send('DELETE', `/api/dashboard/content/${item.id}`, w.cookies.OWNER);
      const actions = (
        await ctx.db.selectFrom('audit_log').select(['action', 'actor_id']).orderBy('id').execute()
      ).filter((a) => a.action.startsWith('content.'));
      expect(actions).toEqual([
        { action: 'content.create', actor_id: w.owner.id },
        { action: 'content.update', actor_id: w.owner.id },
        { action: 'content.delete', actor_id: w.owner.id },
      ]);
    });
  });

  describe('access records', () => {
    it('records clicks on visible items only, and lists them for the owner', async () => {
      const item = await create({ type: 'LINK' });
      const hidden = await create({ type: 'NEWS' });
      const off = await create({ type: 'NEWS', isActive: false });
      await permit(hidden.id, w.user.id, false);
      const click = (id: number) => send('POST', `/api/content/${id}/access`, w.cookies.USER);
      expect((await click(item.id)).statusCode).toBe(204);
      expect((await click(hidden.id)).statusCode).toBe(404);
      expect((await click(off.id)).statusCode).toBe(404);
      expect((await send('POST', `/api/content/${item.id}/access`, undefined)).statusCode).toBe(
        401,
      );
      const records = (await get('/api/content/access', w.cookies.OWNER)).json();
      expect(records).toEqual([
        { contentId: item.id, userId: w.user.id, accessedAt: expect.stringMatching(/^\d{4}-/) },
      ]);
    });
  });

  describe('uploads and files', () => {
    it('stores a real PDF, serves it with its type and ranges, and extracts its pages', async () => {
      const pdf = await demoFile('site-safety-checklist.pdf');
      const res = await upload('checklist.pdf', pdf);
      expect(res.statusCode, res.body).toBe(201);
      const { url } = res.json();
      expect(url).toMatch(/^\/api\/files\/[0-9a-f]{32}\.pdf$/);

      // Before an item uses it, only the owner may fetch it.
      expect((await get(url, w.cookies.USER)).statusCode).toBe(404);
      const own = await get(url, w.cookies.OWNER);
      expect(own.statusCode).toBe(200);
      expect(own.headers['content-type']).toBe('application/pdf');
      expect(own.rawPayload.equals(pdf)).toBe(true);

      const item = await create({ type: 'PDF', url });
      const full = await get(url, w.cookies.USER);
      expect(full.statusCode).toBe(200);
      expect(full.headers['accept-ranges']).toBe('bytes');
      // Never reused from the browser's HTTP cache without asking: access is checked every time,
      // so a revoked file does not keep opening (saved-for-offline copies are the offline path).
      expect(full.headers['cache-control']).toBe('private, no-cache');

      const part = await get(url, w.cookies.USER, { range: 'bytes=0-7' });
      expect(part.statusCode).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes 0-7/${pdf.length}`);
      expect(part.body).toBe('%PDF-1.4');
      const tail = await get(url, w.cookies.USER, { range: 'bytes=-6' });
      expect(tail.statusCode).toBe(206);
      expect(tail.rawPayload.equals(pdf.subarray(pdf.length - 6))).toBe(true);
      for (const range of [`bytes=${pdf.length}-`, 'bytes=9-3', 'bytes=-0', 'bytes=x-y']) {
        const bad = await get(url, w.cookies.USER, { range });
        expect(bad.statusCode, range).toBe(416);
        expect(bad.headers['content-range']).toBe(`bytes */${pdf.length}`);
        expect(bad.json().code).toBe('RANGE_NOT_SATISFIABLE');
      }
      expect((await get(url, undefined)).statusCode).toBe(401);

      // Revoked or inactive: the file goes with the item.
      await permit(item.id, w.user.id, false);
      expect((await get(url, w.cookies.USER)).statusCode).toBe(404);
      expect((await get(url, w.cookies.ADMIN)).statusCode).toBe(200);
      await send('PATCH', `/api/dashboard/content/${item.id}`, w.cookies.OWNER, {
        isActive: false,
      });
      expect((await get(url, w.cookies.ADMIN)).statusCode).toBe(404);

      const passages = await ctx.db
        .selectFrom('content_passages')
        .select(['page', 'text'])
        .where('content_id', '=', item.id)
        .orderBy('page')
        .execute();
      expect(passages.map((p) => p.page)).toEqual([1, 2]);
      expect(passages[1]?.text).toContain('full body harness');
    });

    it('extracts Word sections and answers permission-aware searches', async () => {
      const docx = await upload('procedure.docx', await demoFile('concrete-pour-procedure.docx'));
      expect(docx.statusCode, docx.body).toBe(201);
      const word = await create({ type: 'WORD', url: docx.json().url, title: 'Pour procedure' });
      const pdf = await upload('checklist.pdf', await demoFile('site-safety-checklist.pdf'));
      const checklist = await create({ type: 'PDF', url: pdf.json().url, title: 'Checklist' });

      const search = (q: string, cookie: string | undefined) =>
        get(`/api/content/search?q=${encodeURIComponent(q)}`, cookie);
      const curing = (await search('slab curing', w.cookies.USER)).json();
      expect(curing).toEqual([
        expect.objectContaining({
          contentId: word.id,
          title: 'Pour procedure',
          type: 'WORD',
          page: 2,
        }),
      ]);
      expect(curing[0].text).toContain('seven days');
      const harness = (await search('harness', w.cookies.USER)).json();
      expect(harness).toEqual([expect.objectContaining({ contentId: checklist.id, page: 2 })]);

      await permit(checklist.id, w.user.id, false);
      expect((await search('harness', w.cookies.USER)).json()).toEqual([]);
      expect((await search('harness', w.cookies.ADMIN)).json()).toHaveLength(1);
      expect((await search('harness', w.cookies.OWNER)).json()).toHaveLength(1);
      expect((await search('', w.cookies.USER)).statusCode).toBe(400);
      expect((await search('harness', undefined)).statusCode).toBe(401);
    });

    it('accepts each demo type and a text document; refuses a renamed text file with 415', async () => {
      for (const name of ['toolbox-talk.wav', 'crane-signals.mp4', 'daily-report-template.txt']) {
        const res = await upload(name, await demoFile(name));
        expect(res.statusCode, name).toBe(201);
      }
      for (const name of ['movie.mp4', 'song.mp3', 'report.pdf', 'notes.docx']) {
        const res = await upload(name, 'just some plain text pretending to be something else\n');
        expect(res.statusCode, name).toBe(415);
        expect(res.json()).toMatchObject({
          error: 'Unsupported file type',
          code: 'UNSUPPORTED_MEDIA_TYPE',
        });
      }
      // A real PDF under an unaccepted name, and an executable, are refused too.
      expect((await upload('x.exe', await demoFile('site-safety-checklist.pdf'))).statusCode).toBe(
        415,
      );
      expect(
        (await upload('a.txt', Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 1, 2]))).statusCode,
      ).toBe(415);
      // Nothing but the three accepted files is left in storage.
      const { readdir } = await import('node:fs/promises');
      const stored = await ctx.app.storage.list();
      expect(stored.length).toBeGreaterThanOrEqual(3);
      expect(await readdir(path.join(ctx.config.uploadsDir, '.tmp'))).toEqual([]);
    });

    // Inflating 300 MB to refuse it is CPU work: a loaded 2-core machine gets 90 s, not 30.
    it('refuses a Word-shaped zip bomb with a clear 415 and keeps nothing of it', async () => {
      // 300 MB of zeros in a ~300 KB upload, shaped like a .docx so file-type calls it one.
      const chunk = Buffer.alloc(20 * 1024 * 1024);
      const bomb = zipOf([
        {
          name: '[Content_Types].xml',
          data: Buffer.from(
            '<Types><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
          ),
        },
        { name: 'word/document.xml', data: Buffer.from('<w:document/>') },
        ...Array.from({ length: 15 }, (_, i) => ({
          name: `word/media/image${i}.bin`,
          data: chunk,
        })),
      ]);
      expect(bomb.length).toBeLessThan(1_000_000);
      const { readdir } = await import('node:fs/promises');
      const storedFiles = () => ctx.app.storage.list();
      const before = await storedFiles();
      const res = await upload('procedure.docx', bomb);
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({
        error: 'Word file refused (unpacks to more than 128 MB)',
        code: 'UNSUPPORTED_MEDIA_TYPE',
      });
      expect(await storedFiles()).toEqual(before);
      expect(await readdir(path.join(ctx.config.uploadsDir, '.tmp'))).toEqual([]);
      // The real demo Word file still goes through.
      const docx = await upload('procedure.docx', await demoFile('concrete-pour-procedure.docx'));
      expect(docx.statusCode).toBe(201);
    }, 90_000);

    it('rejects traversal attempts and unknown keys', async () => {
      for (const url of [
        '/api/files/..%2f..%2fetc%2fpasswd',
        '/api/files/%2e%2e%2fpackage.json',
        '/api/files/..%5c..%5cwindows',
        '/api/files/%2fetc%2fpasswd',
        '/api/files/..',
        '/api/files/0123456789abcdef0123456789abcdef.pdf',
        '/api/files/0123456789ABCDEF0123456789ABCDEF.pdf',
      ]) {
        const res = await get(url, w.cookies.OWNER);
        expect(res.statusCode, url).toBe(404);
      }
      const res = await get('/api/files/../../etc/passwd', w.cookies.OWNER);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('root:');
    });

    it('deletes an item’s file only when no other item uses it', async () => {
      const { url } = (await upload('a.pdf', await demoFile('site-safety-checklist.pdf'))).json();
      const a = await create({ type: 'PDF', url, title: 'A' });
      const b = await create({ type: 'DOCUMENT', url, title: 'B' });
      const key = url.split('/').pop();
      const stored = async () => (await ctx.app.storage.size(key)) !== null;
      await send('DELETE', `/api/dashboard/content/${a.id}`, w.cookies.OWNER);
      expect(await stored()).toBe(true);
      const res = await send('DELETE', `/api/dashboard/content/${b.id}`, w.cookies.OWNER);
      expect(res.json()).toEqual({ success: true });
      expect(await stored()).toBe(false);
      expect(
        (await send('DELETE', `/api/dashboard/content/${b.id}`, w.cookies.OWNER)).statusCode,
      ).toBe(404);
    });

    it('refuses metadata pointing at a file that does not exist', async () => {
      const res = await send('POST', '/api/content/create-metadata', w.cookies.OWNER, {
        title: 't',
        description: 'd',
        category: 'read',
        type: 'PDF',
        url: '/api/files/0123456789abcdef0123456789abcdef.pdf',
      });
      expect(res.statusCode).toBe(400);
    });
  });

  describe('user dashboard and login stats', () => {
    it('summarises the caller’s rooms and new content, and never errors', async () => {
      const item = await create({ type: 'LINK' });
      const res = await get('/api/user/dashboard', w.cookies.USER);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.rooms.map((r: { id: number }) => r.id).sort()).toEqual(
        [w.rooms.shared, w.rooms.userOnly].sort(),
      );
      expect(ids(body.newContent)).toEqual([item.id]);
      expect(body).toMatchObject({
        newContentCount: 1,
        recentConversations: [],
        lastVisitAt: null,
      });
      expect((await get('/api/user/dashboard', w.cookies.OWNER)).json().rooms).toHaveLength(4);
      expect((await get('/api/user/dashboard', undefined)).statusCode).toBe(401);
    });

    it('counts sign-ins and dates "new" from the previous one', async () => {
      await ctx.login('user@example.com', 'password-123');
      const { cookie } = await ctx.login('user@example.com', 'password-123');
      const res = await get('/api/user/login-stats', cookie ?? undefined);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ loginCount: 2, lastLoginAt: expect.stringMatching(/^\d{4}-/) });
      const dash = (await get('/api/user/dashboard', cookie ?? undefined)).json();
      expect(dash.lastVisitAt).toMatch(/^\d{4}-/);
      expect(dash.newContent).toEqual([]);
      expect((await get('/api/user/login-stats', undefined)).statusCode).toBe(401);
    });
  });
});

// Over 300 lines: the bulk-upload route's cases over one test app and its stored files; one case
// per behaviour.
import type { BulkUploadResult, ContentItem } from '@fieldcraft/contracts';
import { MAX_UPLOAD_BYTES } from '@fieldcraft/contracts';
import { sql } from 'kysely';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { request } from 'node:http';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BOUNDARY, multipartHeaders, streamedMultipart } from '../test/multipart';
import {
  describeEachDatabase,
  describeEachDatabaseAndStorage,
  type TestContext,
} from '../test/test-app';
import { createWorld, headersFor, type Identity, type World } from '../test/world';
import { zipOf } from '../test/zip';

const DEMO = fileURLToPath(new URL('../bootstrap/demo-files/', import.meta.url));
const demoFile = (name: string) => readFile(path.join(DEMO, name));

/** A tiny MP3: eight silent MPEG-1 Layer III frames (128 kb/s, 44.1 kHz). */
function mp3(): Buffer {
  const frame = Buffer.alloc(417);
  Buffer.from([0xff, 0xfb, 0x90, 0x64]).copy(frame);
  return Buffer.concat(Array.from({ length: 8 }, () => frame));
}

type Fields = Record<string, string>;

const DEFAULTS: Fields = {
  title: 'Site safety checklist',
  description: 'Uploaded in bulk',
  isActive: 'true',
  access: 'all',
};

/** multipart/form-data: the text fields first, then the file (what the web page sends). */
function body(fields: Fields, file?: { name: string; content: Buffer | string }): Buffer {
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content),
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(parts);
}

/** Nothing of a failed upload may remain: no item, no rows, no stored or temporary file. */
async function expectNothingCreated(ctx: TestContext) {
  expect(await ctx.db.selectFrom('content_items').select('id').execute()).toEqual([]);
  expect(await ctx.db.selectFrom('content_permissions').select('content_id').execute()).toEqual([]);
  expect(await ctx.db.selectFrom('content_passages').select('content_id').execute()).toEqual([]);
  const audit = await ctx.db
    .selectFrom('audit_log')
    .select('action')
    .where('action', 'like', 'content.%')
    .execute();
  expect(audit).toEqual([]);
  expect(await ctx.app.storage.list()).toEqual([]);
  const tmp = await readdir(path.join(ctx.config.uploadsDir, '.tmp')).catch(() => []);
  expect(tmp).toEqual([]);
}

// PGlite and PostgreSQL, each with local-disk and S3 storage.
describeEachDatabaseAndStorage('bulk upload', (ctx) => {
  let w: World;
  beforeEach(async () => {
    w = await createWorld(ctx);
    // Tables are emptied per test; the store is ours to empty.
    for (const key of await ctx.app.storage.list()) await ctx.app.storage.remove(key);
  });

  const upload = (
    fields: Fields,
    file?: { name: string; content: Buffer | string },
    headers: Record<string, string> = { cookie: w.cookies.OWNER ?? '' },
  ) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/bulk-upload/files',
      headers: { ...headers, ...multipartHeaders },
      payload: body(fields, file),
    });

  const visibleTo = async (cookie: string | undefined) =>
    (
      (
        await ctx.app.inject({
          method: 'GET',
          url: '/api/dashboard/content',
          headers: cookie ? { cookie } : {},
        })
      ).json() as ContentItem[]
    ).map((i) => i.title);

  it('creates one item per file with the detected type and the chosen metadata', async () => {
    const files = [
      { name: 'site-safety-checklist.pdf', content: await demoFile('site-safety-checklist.pdf') },
      {
        name: 'concrete-pour-procedure.docx',
        content: await demoFile('concrete-pour-procedure.docx'),
      },
      { name: 'radio-check.mp3', content: mp3() },
      { name: 'crane-signals.mp4', content: await demoFile('crane-signals.mp4') },
      { name: 'daily-report-template.txt', content: await demoFile('daily-report-template.txt') },
    ];
    const results: BulkUploadResult[] = [];
    for (const [i, file] of files.entries()) {
      const res = await upload(
        { ...DEFAULTS, title: `File ${i}`, isActive: i === 2 ? 'false' : 'true' },
        file,
      );
      expect(res.statusCode, res.body).toBe(201);
      results.push(res.json());
    }
    expect(results.map((r) => [r.item.type, r.item.category, r.item.isActive])).toEqual([
      ['PDF', 'read', true],
      ['WORD', 'read', true],
      ['AUDIO', 'listen', false],
      ['VIDEO', 'watch', true],
      ['DOCUMENT', 'read', true],
    ]);
    expect(results[0]).toMatchObject({
      item: {
        title: 'File 0',
        description: 'Uploaded in bulk',
        url: expect.stringMatching(/^\/api\/files\/[0-9a-f]{32}\.pdf$/),
      },
      access: 'all',
      permissionRows: 3,
      bytes: files[0]?.content.length,
    });
    // The stored file is what was sent, served at the item's url.
    const served = await ctx.app.inject({
      method: 'GET',
      url: results[0]?.item.url ?? '',
      headers: { cookie: w.cookies.USER ?? '' },
    });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(files[0]?.content as Buffer)).toBe(true);
    // 'All users': a grant row for each non-owner; the live items reach every dashboard.
    const perms = await ctx.db
      .selectFrom('content_permissions')
      .selectAll()
      .where('content_id', '=', results[0]?.item.id ?? 0)
      .execute();
    expect(perms.map((p) => [p.user_id, p.can_access]).sort()).toEqual(
      [w.admin.id, w.user.id, w.outsider.id].sort().map((id) => [id, true]),
    );
    expect((await visibleTo(w.cookies.USER)).sort()).toEqual([
      'File 0',
      'File 1',
      'File 3',
      'File 4',
    ]);
    // The PDF's own text is searchable.
    const search = await ctx.app.inject({
      method: 'GET',
      url: '/api/content/search?q=hard+hats',
      headers: { cookie: w.cookies.USER ?? '' },
    });
    expect(search.json().map((r: { title: string }) => r.title)).toContain('File 0');
    // Each creation is audited with who did it and the defaults applied.
    const audit = await ctx.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id', 'details'])
      .where('action', '=', 'content.create')
      .orderBy('id')
      .execute();
    expect(audit).toHaveLength(5);
    expect(audit[2]).toMatchObject({
      actor_id: w.owner.id,
      details: {
        type: 'AUDIO',
        isActive: false,
        access: 'all',
        permissionRows: 3,
        via: 'bulk-upload',
      },
    });
  });

  it("'No one' writes a revoke row for every non-owner: only the owner sees the item", async () => {
    const res = await upload(
      { ...DEFAULTS, access: 'none' },
      { name: 'notes.txt', content: 'Hard hats on site.\n' },
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ access: 'none', permissionRows: 3 });
    for (const who of [w.cookies.ADMIN, w.cookies.USER, w.outsiderCookie]) {
      expect(await visibleTo(who)).toEqual([]);
    }
    expect(await visibleTo(w.cookies.OWNER)).toEqual(['Site safety checklist']);
  });

  it('refuses a text file renamed .pdf with 415 and keeps nothing', async () => {
    const res = await upload(DEFAULTS, {
      name: 'report.pdf',
      content: 'Just some text, not a PDF.\n',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({
      error:
        'Unsupported file type: the content is not a PDF, Word, text, video or audio file matching its name',
      code: 'UNSUPPORTED_MEDIA_TYPE',
    });
    await expectNothingCreated(ctx);
  });

  it('refuses a Word file that inflates past the limits (zip bomb) and keeps nothing', async () => {
    // 300 MB of zeros in a small upload, shaped like a .docx so file-type calls it one.
    const chunk = Buffer.alloc(20 * 1024 * 1024);
    const bomb = zipOf([
      {
        name: '[Content_Types].xml',
        data: Buffer.from(
          '<Types><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
        ),
      },
      { name: 'word/document.xml', data: Buffer.from('<w:document/>') },
      ...Array.from({ length: 15 }, (_, i) => ({ name: `word/media/image${i}.bin`, data: chunk })),
    ]);
    const res = await upload(DEFAULTS, { name: 'bomb.docx', content: bomb });
    expect(res.statusCode).toBe(415);
    expect(res.json().error).toMatch(/^Word file refused/);
    await expectNothingCreated(ctx);
  }, 60_000);

  it('checks the metadata before reading the file: 400 with field messages, nothing kept', async () => {
    const res = await upload(
      { title: ' ', description: '', isActive: 'maybe', access: 'some' },
      { name: 'notes.txt', content: 'Hard hats on site.\n' },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(Object.keys(res.json().issues.fieldErrors).sort()).toEqual([
      'access',
      'description',
      'isActive',
      'title',
    ]);
    expect(res.json().issues.fieldErrors.title).toEqual(['Title is required']);
    // Two files in one request, or the fields after the file: a malformed request.
    const two = await ctx.app.inject({
      method: 'POST',
      url: '/api/bulk-upload/files',
      headers: { cookie: w.cookies.OWNER ?? '', ...multipartHeaders },
      payload: Buffer.concat([
        body(DEFAULTS, { name: 'a.txt', content: 'First.\n' }).subarray(
          0,
          -Buffer.byteLength(`--${BOUNDARY}--\r\n`),
        ),
        body({}, { name: 'b.txt', content: 'Second.\n' }),
      ]),
    });
    expect(two.statusCode, two.body).toBe(400);
    expect(two.json().error).toBe('Send exactly one file, in the field file');
    const late = await ctx.app.inject({
      method: 'POST',
      url: '/api/bulk-upload/files',
      headers: { cookie: w.cookies.OWNER ?? '', ...multipartHeaders },
      payload: Buffer.concat([
        body(DEFAULTS, { name: 'a.txt', content: 'First.\n' }).subarray(
          0,
          -Buffer.byteLength(`--${BOUNDARY}--\r\n`),
        ),
        body({ extra: 'late' }),
      ]),
    });
    expect(late.statusCode, late.body).toBe(400);
    expect(late.json().error).toBe('Send the fields before the file');
    const noFile = await upload(DEFAULTS);
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().error).toBe('Please select a file to upload.');
    await expectNothingCreated(ctx);
  });

  // Faults after the file is stored: a step of the transaction fails. A NOT VALID check
  // constraint makes the database refuse that step's new rows, on PGlite and PostgreSQL alike.
  const faults = [
    ['the access rows', 'content_permissions', 'can_access is null'],
    ['the audit row', 'audit_log', "action <> 'content.create'"],
    ['the item row', 'content_items', "title <> 'Site safety checklist'"],
  ] as const;
  for (const [step, table, check] of faults) {
    it(`removes the stored file again when ${step} cannot be written`, async () => {
      await sql`alter table ${sql.table(table)} add constraint bulk_fault check (${sql.raw(check)}) not valid`.execute(
        ctx.db,
      );
      try {
        const res = await upload(DEFAULTS, {
          name: 'site-safety-checklist.pdf',
          content: await demoFile('site-safety-checklist.pdf'),
        });
        expect(res.statusCode).toBe(500);
        expect(res.json()).toMatchObject({ code: 'INTERNAL_ERROR' });
        await expectNothingCreated(ctx);
      } finally {
        await sql`alter table ${sql.table(table)} drop constraint bulk_fault`.execute(ctx.db);
      }
      // The same upload succeeds once the fault is gone.
      const again = await upload(DEFAULTS, { name: 'notes.txt', content: 'Hard hats on site.\n' });
      expect(again.statusCode, again.body).toBe(201);
      expect(await ctx.app.storage.list()).toHaveLength(1);
    });
  }

  describe('role matrix', () => {
    it('refuses everyone but the owner, even with a spoofed user-role: OWNER', async () => {
      for (const who of ['anonymous', 'ADMIN', 'USER'] as Identity[]) {
        const res = await upload(
          DEFAULTS,
          { name: 'notes.txt', content: 'Hard hats.\n' },
          headersFor(w, who, 'OWNER'),
        );
        expect(res.statusCode, who).toBe(who === 'anonymous' ? 401 : 403);
      }
      await expectNothingCreated(ctx);
    });
  });
});

/** A streamed bulk-upload body: the default fields, then `bytes` of a generated mp4. */
function streamedBody(bytes: number): Readable {
  const fields = body(DEFAULTS).subarray(0, -Buffer.byteLength(`--${BOUNDARY}--\r\n`));
  return streamedMultipart('big.mp4', bytes, fields);
}

describeEachDatabase('bulk upload limit', (ctx) => {
  const ownerCookie = async () => {
    const owner = await ctx.createUser({ email: 'owner@example.com', role: 'OWNER' });
    const { sessionCookieFor } = await import('../test/world');
    return sessionCookieFor(ctx.db, owner.id);
  };

  it('accepts a file of exactly 100 MB', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/bulk-upload/files',
      headers: { cookie: await ownerCookie(), ...multipartHeaders },
      payload: streamedBody(MAX_UPLOAD_BYTES),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ item: { type: 'VIDEO' }, bytes: MAX_UPLOAD_BYTES });
    const [key] = await ctx.app.storage.list();
    expect(await ctx.app.storage.size(key ?? '')).toBe(MAX_UPLOAD_BYTES);
    await ctx.app.storage.remove(key ?? '');
  }, 60_000);

  it('answers a file over 100 MB with 413 mid-stream and keeps nothing', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/bulk-upload/files',
      headers: { cookie: await ownerCookie(), ...multipartHeaders },
      payload: streamedBody(MAX_UPLOAD_BYTES + 1),
    });
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json()).toEqual({
      error: 'File too large: the limit is 100 MB',
      code: 'PAYLOAD_TOO_LARGE',
    });
    expect(await ctx.db.selectFrom('content_items').select('id').execute()).toEqual([]);
    expect(await ctx.app.storage.list()).toEqual([]);
    expect(await readdir(path.join(ctx.config.uploadsDir, '.tmp')).catch(() => [])).toEqual([]);
  }, 60_000);

  it('keeps nothing of an upload the browser cancels mid-stream', async () => {
    const owner = await ctx.createUser({ email: 'owner@example.com', role: 'OWNER' });
    const { sessionCookieFor } = await import('../test/world');
    const cookie = await sessionCookieFor(ctx.db, owner.id);
    const address = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    const tmpDir = path.join(ctx.config.uploadsDir, '.tmp');
    const head = Buffer.concat([
      body(DEFAULTS).subarray(0, -Buffer.byteLength(`--${BOUNDARY}--\r\n`)),
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="walk.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
      ),
      Buffer.from('000000186674797069736f6d0000020069736f6d6d703432', 'hex'),
    ]);
    const req = request(`${address}/api/bulk-upload/files`, {
      method: 'POST',
      headers: {
        cookie,
        ...multipartHeaders,
        'content-length': String(head.length + 50 * 1024 * 1024),
      },
    });
    req.on('error', () => undefined);
    req.write(head);
    for (let i = 0; i < 8; i++) req.write(Buffer.alloc(256 * 1024));
    // The server has started writing the temporary file: now the browser aborts (xhr.abort()).
    const poll = { timeout: 10_000, interval: 20 };
    await vi.waitFor(
      async () => expect(await readdir(tmpDir).catch(() => [])).toHaveLength(1),
      poll,
    );
    req.destroy();
    await vi.waitFor(async () => expect(await readdir(tmpDir)).toEqual([]), poll);
    expect(await ctx.db.selectFrom('content_items').select('id').execute()).toEqual([]);
    expect(await ctx.app.storage.list()).toEqual([]);
  }, 30_000);
});

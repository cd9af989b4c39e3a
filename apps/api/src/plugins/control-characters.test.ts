import { expect, it } from 'vitest';
import { BOUNDARY, multipartHeaders } from '../test/multipart';
import { createPeopleWorld } from '../test/people-world';
import { describeEachDatabase } from '../test/test-app';

// PostgreSQL refuses NUL in text: a NUL that reached a query was a 500. Every schema-checked
// input (query, params, body) is refused at the boundary instead: 400 with the field named.
describeEachDatabase('control characters in requests', (ctx) => {
  const get = (url: string, cookie: string) =>
    ctx.app.inject({ method: 'GET', url, headers: { cookie } });

  function expectRefused(res: { statusCode: number; json(): unknown }, field: string) {
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'Validation failed',
      code: 'VALIDATION_FAILED',
      issues: {
        formErrors: [],
        fieldErrors: { [field]: ['Must not contain control characters'] },
      },
    });
  }

  it('refuses a NUL in content, people and conversation search', async () => {
    const w = await createPeopleWorld(ctx);
    for (const url of [
      '/api/content/search?q=pump%00',
      '/api/content/search?q=%00',
      '/api/people/users?q=a%00b',
      '/api/voice/conversations?q=ab%00cd',
      '/api/voice/conversations?q=ab%01cd',
    ]) {
      expectRefused(await get(url, w.owner.cookie), 'q');
    }
  });

  it('refuses a NUL anywhere in a JSON body, keys included', async () => {
    const w = await createPeopleWorld(ctx);
    const patch = (payload: object) =>
      ctx.app.inject({
        method: 'PATCH',
        url: `/api/people/users/${w.userA.id}`,
        headers: { cookie: w.owner.cookie },
        payload,
      });
    expectRefused(await patch({ firstName: 'Uma\u0000' }), 'firstName');
    expectRefused(await patch({ lastName: 'T\u001fester' }), 'lastName');
    expectRefused(await patch({ 'first\u0000Name': 'Uma' }), 'first\u0000Name');
    const create = await ctx.app.inject({
      method: 'POST',
      url: '/api/content/create-metadata',
      headers: { cookie: w.owner.cookie },
      payload: {
        title: 'Pumps',
        description: 'x\u0000',
        category: 'read',
        type: 'NEWS',
        url: '/x',
      },
    });
    expectRefused(create, 'description');
    expect(await ctx.db.selectFrom('content_items').selectAll().execute()).toEqual([]);
  });

  it('refuses a NUL in a multipart field (bulk upload), before the file is read', async () => {
    const w = await createPeopleWorld(ctx);
    const field = (name: string, value: string) =>
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const payload = Buffer.from(
      field('title', 'Check\u0000list') +
        field('description', 'Bulk') +
        field('access', 'all') +
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n` +
        `Content-Type: text/plain\r\n\r\nSome text.\r\n--${BOUNDARY}--\r\n`,
    );
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/bulk-upload/files',
      headers: { cookie: w.owner.cookie, ...multipartHeaders },
      payload,
    });
    expectRefused(res, 'title');
    expect(await ctx.db.selectFrom('content_items').selectAll().execute()).toEqual([]);
  });

  it('refuses a NUL in a path parameter', async () => {
    const w = await createPeopleWorld(ctx);
    const res = await get('/api/files/%00.pdf', w.owner.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
  });

  it('keeps tabs and line breaks, which text fields use', async () => {
    const w = await createPeopleWorld(ctx);
    const create = await ctx.app.inject({
      method: 'POST',
      url: '/api/content/create-metadata',
      headers: { cookie: w.owner.cookie },
      payload: {
        title: 'Pumps',
        description: 'Line one\r\nline\ttwo',
        category: 'read',
        type: 'NEWS',
        url: '/x',
      },
    });
    expect(create.statusCode).toBe(201);
    expect((await get('/api/content/search?q=pump%09', w.owner.cookie)).statusCode).toBe(200);
  });
});

import { beforeEach, expect, it } from 'vitest';
import { describeOnPglite } from '../test/test-app';
import { createWorld } from '../test/world';

// A URL is checked as a browser reads it (WHATWG URL parser) and stored normalised, so a
// site path that a browser takes to another host can never be stored as "this site".
describeOnPglite('content URLs', (ctx) => {
  let cookie = '';
  beforeEach(async () => {
    cookie = (await createWorld(ctx)).cookies.OWNER ?? '';
  });
  const send = (method: 'POST' | 'PATCH', url: string, payload: object) =>
    ctx.app.inject({ method, url, headers: { cookie }, payload });
  const link = (url: string) => ({
    title: 'Link',
    description: 'A link',
    category: 'read',
    type: 'LINK',
    url,
  });

  it('refuses control characters and site paths that lead to another host', async () => {
    for (const [url, message] of [
      ['/\t/evil.example/x', 'URL must not contain control characters'],
      ['/\n/evil.example/x', 'URL must not contain control characters'],
      // Other control characters are refused for every field at the boundary.
      ['https://evil.example/\u0007', 'Must not contain control characters'],
      ['/\\evil.example/x', 'URL must start with http://, https:// or /'],
      ['/./\\evil.example/x', 'URL must start with http://, https:// or /'],
      ['//evil.example/x', 'URL must start with http://, https:// or /'],
      ['javascript:alert(1)', 'URL must start with http://, https:// or /'],
    ]) {
      const res = await send('POST', '/api/content/create-metadata', link(url as string));
      expect(res.statusCode, JSON.stringify(url)).toBe(400);
      expect(res.json().issues.fieldErrors, JSON.stringify(url)).toEqual({ url: [message] });
    }
    expect(await ctx.db.selectFrom('content_items').selectAll().execute()).toEqual([]);
  });

  it('stores the URL normalised, on create and on edit', async () => {
    const created = await send('POST', '/api/content/create-metadata', link('HTTPS://Example.org'));
    expect(created.statusCode).toBe(201);
    expect(created.json().url).toBe('https://example.org/');
    const row = await ctx.db.selectFrom('content_items').select(['id', 'url']).executeTakeFirst();
    expect(row?.url).toBe('https://example.org/');
    const edited = await send('PATCH', `/api/dashboard/content/${row?.id}`, {
      url: '/api/files/../files/a.pdf',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().url).toBe('/api/files/a.pdf');
  });
});

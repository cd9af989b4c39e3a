import { expect, it } from 'vitest';
import { describeOnPglite } from '../test/test-app';

describeOnPglite('health and API docs', (ctx) => {
  it('GET /api/health answers {"status":"ok"} once the database answers', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.body).toBe('{"status":"ok"}');
  });

  it('serves the OpenAPI document generated from the contracts at /api/docs and /api/docs/json', async () => {
    const docs = await ctx.app.inject({ method: 'GET', url: '/api/docs' });
    expect(docs.statusCode).toBe(200);
    const doc = docs.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/health',
        '/api/auth/login',
        '/api/auth/status',
        '/api/auth/user',
        '/api/auth/logout',
        '/api/auth/force-clear',
        '/api/users/{id}',
      ]),
    );
    expect(doc.paths['/api/docs']).toBeUndefined();
    const login = doc.paths['/api/auth/login'].post;
    expect(login.requestBody.content['application/json'].schema.required).toEqual([
      'email',
      'password',
    ]);
    expect(Object.keys(login.responses)).toEqual(['200', '400', '401', '429']);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json()).toEqual(doc);
  });
});

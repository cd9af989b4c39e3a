import { expect, it } from 'vitest';
import type { App } from '../app';
import { AppError } from '../lib/app-error';
import { describeOnPglite } from '../test/test-app';

function addFailingRoutes(app: App) {
  app.get('/api/test/crash', async () => {
    throw new Error('relation "secret_table" does not exist: select * from secret_table');
  });
  app.get('/api/test/teapot', async () => {
    throw new AppError(409, 'FORBIDDEN', 'A readable reason');
  });
}

describeOnPglite(
  'error handling',
  (ctx) => {
    it('answers unknown /api paths with a JSON 404 for every method, never HTML', async () => {
      for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD'] as const) {
        const res = await ctx.app.inject({ method, url: '/api/no-such-thing' });
        expect(res.statusCode, method).toBe(404);
        expect(res.headers['content-type']).toContain('application/json');
        if (method !== 'HEAD')
          expect(res.json()).toEqual({ error: 'Not found', code: 'NOT_FOUND' });
      }
      // A known path with a method it does not have is unknown too.
      expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/login' })).json().code).toBe(
        'NOT_FOUND',
      );
    });

    it('answers malformed JSON with 400 INVALID_JSON', async () => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: '{"email": "owner@fieldcraft.local", ',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: 'The request body is not valid JSON',
        code: 'INVALID_JSON',
      });
    });

    it('answers a body over 1 MB with 413 PAYLOAD_TOO_LARGE', async () => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(2 * 1024 * 1024) }),
      });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({
        error: 'The request body is too large',
        code: 'PAYLOAD_TOO_LARGE',
      });
    });

    it('answers unsupported content types (text/plain included) with 415', async () => {
      for (const type of ['text/plain', 'application/x-www-form-urlencoded']) {
        const res = await ctx.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          headers: { 'content-type': type },
          payload: 'email=a@b.co&password=12345678',
        });
        expect(res.statusCode, type).toBe(415);
        expect(res.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
      }
    });

    it("answers what Fastify itself refuses in the product's shape, never echoing the path", async () => {
      for (const url of ['/api/%E0%A4%A', '/%E0%A4%A', '/api/health/%E0%A4%A?x=%ZZ']) {
        const res = await ctx.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(400);
        expect(res.json(), url).toEqual({
          error: 'The request address is not valid',
          code: 'BAD_REQUEST',
        });
        expect(res.body).not.toContain('%E0');
        // No hook ran for it, yet it carries the same security headers.
        expect(res.headers['content-security-policy']).toContain("default-src 'self'");
        expect(res.headers['x-frame-options']).toBe('DENY');
      }
      const mismatch = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json', 'content-length': '5' },
        payload: '{"email":"a@b.co"}',
      });
      expect(mismatch.statusCode).toBe(400);
      expect(Object.keys(mismatch.json()).sort()).toEqual(['code', 'error']);
      const emptyType = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login/%2e%2e',
        headers: { 'content-type': 'application/xml' },
        payload: '<a/>',
      });
      expect(emptyType.body).not.toContain('%2e');
      expect(Object.keys(emptyType.json()).sort()).toEqual(['code', 'error']);
    });

    it('passes AppError through with its status, code and message', async () => {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/test/teapot' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: 'A readable reason', code: 'FORBIDDEN' });
    });

    it('turns anything else into a generic 500 and logs the details, never sending them', async () => {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/test/crash?x=1' });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({
        error: 'Something went wrong on our side. Please try again.',
        code: 'INTERNAL_ERROR',
      });
      expect(res.body).not.toMatch(/secret_table|at .*\.ts/);

      const logged = ctx
        .logs()
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .find((entry) => entry.msg === 'unhandled error');
      expect(logged).toMatchObject({ method: 'GET', url: '/api/test/crash?x=1', level: 50 });
      expect(JSON.stringify(logged)).toContain('secret_table');
    });
  },
  { setup: addFailingRoutes, config: { logLevel: 'error' } },
);

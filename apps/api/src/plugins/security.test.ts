// Over 300 lines: every security header and CSRF case over one test app; one case per behaviour.
import { expect, it } from 'vitest';
import { DEFAULT_PASSWORD, describeOnPglite } from '../test/test-app';

const CSP =
  "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data: blob:;" +
  "media-src 'self' blob:;connect-src 'self';font-src 'self' data:;frame-src 'self' https://player.vimeo.com;" +
  "worker-src 'self' blob:;object-src 'none';base-uri 'self';frame-ancestors 'none';form-action 'self'";

describeOnPglite(
  'security headers and CSRF',
  (ctx) => {
    const login = (headers: Record<string, string>) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers,
        payload: { email: 'dana@example.com', password: DEFAULT_PASSWORD },
      });

    it('sends the security headers on API answers and on 404s', async () => {
      for (const url of ['/api/health', '/api/nothing-here']) {
        const res = await ctx.app.inject({ method: 'GET', url });
        expect(res.headers['content-security-policy']).toBe(CSP);
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
        expect(res.headers['x-frame-options']).toBe('DENY');
        expect(res.headers['x-powered-by']).toBeUndefined();
        expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      }
    });

    it("sends helmet's whole header set, fixed at start; the CSP allows no inline or eval script", async () => {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.headers).toMatchObject({
        'content-security-policy': CSP,
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-resource-policy': 'same-origin',
        'origin-agent-cluster': '?1',
        'referrer-policy': 'strict-origin-when-cross-origin',
        'permissions-policy': expect.stringMatching(
          /^microphone=\(self\), camera=\(\), geolocation=\(\)/,
        ),
        'x-content-type-options': 'nosniff',
        'x-dns-prefetch-control': 'off',
        'x-download-options': 'noopen',
        'x-frame-options': 'DENY',
        'x-permitted-cross-domain-policies': 'none',
        'x-xss-protection': '0',
      });
      const directives = new Map(
        CSP.split(';').map((d) => {
          const [name, ...values] = d.trim().split(/\s+/);
          return [name, values] as const;
        }),
      );
      for (const directive of ['script-src', 'default-src']) {
        expect(directives.get(directive)).toEqual(["'self'"]);
      }
      expect(CSP).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
      expect(directives.get('object-src')).toEqual(["'none'"]);
      expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
      // The same set on a mutation that is refused before any route runs.
      const refused = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { origin: 'https://evil.example' },
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.headers['content-security-policy']).toBe(CSP);
      expect(refused.headers['permissions-policy']).toBe(res.headers['permissions-policy']);
      expect(refused.headers['cache-control']).toBe('no-store');
    });

    it('allows the microphone to this origin only, and turns the other powerful features off', async () => {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
      const policy = new Map(
        String(res.headers['permissions-policy'])
          .split(', ')
          .map((d) => d.split('=') as [string, string]),
      );
      expect(policy.get('microphone')).toBe('(self)');
      for (const feature of ['camera', 'geolocation', 'payment', 'usb', 'display-capture']) {
        expect(policy.get(feature), feature).toBe('()');
      }
    });

    it('sends Strict-Transport-Security only over HTTPS, and X-Forwarded-Proto counts only behind a trusted proxy', async () => {
      const plain = await ctx.app.inject({ method: 'GET', url: '/api/health' });
      expect(plain.headers['strict-transport-security']).toBeUndefined();
      const forged = await ctx.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(forged.headers['strict-transport-security']).toBeUndefined();
    });

    it('marks API answers no-store (signed in, errors, 404s); a route may say otherwise; other paths untouched', async () => {
      await ctx.createUser({ email: 'dana@example.com' });
      const { cookie } = await ctx.login('dana@example.com', DEFAULT_PASSWORD);
      const headers = { cookie: cookie as string };
      for (const url of [
        '/api/auth/status',
        '/api/user/rooms',
        '/api/nothing-here',
        '/%61pi/auth/status',
      ]) {
        const res = await ctx.app.inject({ method: 'GET', url, headers });
        expect(res.headers['cache-control'], url).toBe('no-store');
      }
      const refused = await ctx.app.inject({ method: 'GET', url: '/api/user/rooms' });
      expect(refused.statusCode).toBe(401);
      expect(refused.headers['cache-control']).toBe('no-store');
      // Not the API (no web app in these tests: a JSON 404 all the same): no API policy.
      const page = await ctx.app.inject({ method: 'GET', url: '/dashboard' });
      expect(page.headers['cache-control']).toBeUndefined();
    });

    it('rejects mutations from a foreign Origin (403 CSRF_REJECTED) and allows our own', async () => {
      await ctx.createUser({ email: 'dana@example.com' });
      const foreign = await login({ origin: 'https://evil.example' });
      expect(foreign.statusCode).toBe(403);
      expect(foreign.json()).toEqual({
        error: 'Cross-site request rejected',
        code: 'CSRF_REJECTED',
      });
      expect(await ctx.db.selectFrom('sessions').selectAll().execute()).toEqual([]);

      expect((await login({ origin: 'null' })).statusCode).toBe(403);
      expect(
        (await login({ origin: 'http://localhost:80', host: 'localhost:80' })).statusCode,
      ).toBe(200);
      expect(
        (await login({ origin: 'http://api.test:3000', host: 'api.test:3000' })).statusCode,
      ).toBe(200);
      // Non-browser clients send neither header.
      expect((await login({})).statusCode).toBe(200);
      // Origins listed in TRUSTED_ORIGINS are accepted.
      expect((await login({ origin: 'http://localhost:4200' })).statusCode).toBe(200);
    });

    it('rejects Sec-Fetch-Site cross-site and same-site, accepts same-origin and none', async () => {
      await ctx.createUser({ email: 'dana@example.com' });
      expect((await login({ 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
      expect((await login({ 'sec-fetch-site': 'same-site' })).statusCode).toBe(403);
      expect((await login({ 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
      expect((await login({ 'sec-fetch-site': 'none' })).statusCode).toBe(200);
    });

    it('a cross-site logout leaves the session alone; reads are never blocked', async () => {
      await ctx.createUser({ email: 'dana@example.com' });
      const { cookie } = await ctx.login('dana@example.com', DEFAULT_PASSWORD);
      const headers = { cookie: cookie as string, origin: 'https://evil.example' };
      const logout = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers });
      expect(logout.statusCode).toBe(403);
      const status = await ctx.app.inject({ method: 'GET', url: '/api/auth/status', headers });
      expect(status.json().isAuthenticated).toBe(true);
    });

    it('does not trust X-Forwarded-Host or -Proto without TRUST_PROXY', async () => {
      await ctx.createUser({ email: 'dana@example.com' });
      const res = await login({
        origin: 'https://app.example.com',
        host: 'internal:3000',
        'x-forwarded-host': 'app.example.com',
        'x-forwarded-proto': 'https',
      });
      expect(res.statusCode).toBe(403);
      const ok = await login({ 'x-forwarded-proto': 'https' });
      expect(String(ok.headers['set-cookie'])).not.toMatch(/;\s*Secure/i);
    });
  },
  { config: { trustedOrigins: ['http://localhost:4200'] } },
);

describeOnPglite(
  'behind a TLS-terminating proxy (TRUST_PROXY=true)',
  (ctx) => {
    it('sends Strict-Transport-Security when the proxy says the request came over HTTPS', async () => {
      const secure = await ctx.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(secure.headers['strict-transport-security']).toBe(
        'max-age=31536000; includeSubDomains',
      );
      const plain = await ctx.app.inject({ method: 'GET', url: '/api/health' });
      expect(plain.headers['strict-transport-security']).toBeUndefined();
    });

    it('compares Origin with X-Forwarded-Host and marks the cookie Secure over https', async () => {
      await ctx.createUser({ email: 'dana@example.com' });
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: {
          origin: 'https://app.example.com',
          host: 'internal:3000',
          'x-forwarded-host': 'app.example.com',
          'x-forwarded-proto': 'https',
        },
        payload: { email: 'dana@example.com', password: DEFAULT_PASSWORD },
      });
      expect(res.statusCode).toBe(200);
      expect(String(res.headers['set-cookie'])).toMatch(/;\s*Secure/i);
    });
  },
  { config: { trustProxy: true } },
);

it('normalisedPath reads a path as the router and browsers do', async () => {
  const { isApiPath, normalisedPath } = await import('./security');
  for (const url of [
    '/api/auth/logout',
    '/%61pi/auth/logout',
    '/%61PI/auth/logout',
    '/api/%61uth/logout',
    '/api/auth/l%6Fgout',
    '/api/auth/l%6fgout',
    '//api/auth/logout',
    '/api//auth/logout',
    '/api/./auth/logout',
    '/api/x/../auth/logout',
    '/x/%2e%2e/api/auth/logout',
    '/api\\auth/logout',
    '/api%2Fauth/logout',
    '/api/auth/logout?next=/x',
  ]) {
    expect(normalisedPath(url).toLowerCase(), url).toBe('/api/auth/logout');
    expect(isApiPath(url), url).toBe(true);
  }
  expect(isApiPath('/%76%31/convai/conversation')).toBe(true);
  for (const url of ['/', '/apidocs', '/dashboard', '/%E0%A4%A', '/assets/api/x.js']) {
    expect(isApiPath(url), url).toBe(false);
  }
});

describeOnPglite('CSRF and session checks on however the path is spelled', (ctx) => {
  // Fastify decodes the path for routing, so each of these reaches /api/auth/logout (or,
  // where the router does not normalise, a 404): the checks must see the same path.
  const LOGOUTS = [
    '/%61pi/auth/logout',
    '/%61%70%69/auth/logout',
    '/api/%61uth/logout',
    '/api/auth/l%6Fgout',
    '/api/auth/l%6fgout',
    '//api/auth/logout',
    '/api/./auth/logout',
    '/api/x/../auth/logout',
    '/%41PI/auth/logout',
  ];

  it('refuses a cross-site mutation on every spelling; the session survives', async () => {
    await ctx.createUser({ email: 'dana@example.com' });
    const { cookie } = await ctx.login('dana@example.com', DEFAULT_PASSWORD);
    for (const url of LOGOUTS) {
      for (const cross of [{ origin: 'https://evil.example' }, { 'sec-fetch-site': 'same-site' }]) {
        const res = await ctx.app.inject({
          method: 'POST',
          url,
          headers: { cookie: cookie as string, ...cross },
        });
        expect(res.statusCode, `${url} ${JSON.stringify(cross)}`).toBe(403);
        expect(res.json()).toEqual({ error: 'Cross-site request rejected', code: 'CSRF_REJECTED' });
      }
    }
    const status = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/status',
      headers: { cookie: cookie as string },
    });
    expect(status.json().isAuthenticated).toBe(true);
    expect(await ctx.db.selectFrom('sessions').selectAll().execute()).toHaveLength(1);
  });

  it('refuses cross-site mutations off the API too (nothing there takes one)', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/anything',
      headers: { origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('reads the session and applies the guards on an encoded API path', async () => {
    await ctx.createUser({ email: 'owner@example.com', role: 'OWNER' });
    const { cookie } = await ctx.login('owner@example.com', DEFAULT_PASSWORD);
    const headers = { cookie: cookie as string };
    for (const url of ['/%61pi/auth/status', '/api/%61uth/status', '/api/auth/st%61tus']) {
      const res = await ctx.app.inject({ method: 'GET', url, headers });
      expect(res.statusCode, url).toBe(200);
      expect(res.json().isAuthenticated, url).toBe(true);
    }
    // Admin preview mode (a downgrade to USER) holds on an encoded path as well.
    for (const url of ['/api/owner/users', '/%61pi/owner/users', '/api/%6Fwner/users']) {
      const res = await ctx.app.inject({
        method: 'GET',
        url,
        headers: { ...headers, 'x-preview-mode': 'user' },
      });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().code, url).toBe('FORBIDDEN');
    }
  });
});

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, expect, it } from 'vitest';
import { describeOnPglite } from '../test/test-app';

// A stand-in for the built web app and its server renderer (dist/apps/web-ssr/entry-server.mjs,
// whose real rendering apps/web/src/server/entry-server.test.tsx covers). It draws who the
// answers name, so the tests see whose session each page was drawn with.
const dist = mkdtempSync(path.join(tmpdir(), 'fc-first-view-web-'));
const ssr = mkdtempSync(path.join(tmpdir(), 'fc-first-view-ssr-'));
afterAll(() => {
  rmSync(dist, { recursive: true, force: true });
  rmSync(ssr, { recursive: true, force: true });
});
const INDEX =
  '<!doctype html><html><head></head><body><div id="root"></div><script type="module" src="/assets/a.js"></script></body></html>';
writeFileSync(path.join(dist, 'index.html'), INDEX);
/** The page at every address but / and /login when none is drawn: the whole app's start preloaded (web-app.ts). */
const isAppPage = (body: string) =>
  body.startsWith('<!doctype html><html><head><link rel="modulepreload"') &&
  body.includes('<link rel="modulepreload" crossorigin href="/assets/start.js">') &&
  body.includes('<link rel="modulepreload" crossorigin href="/assets/more.js">') &&
  body.endsWith(
    '</head><body><div id="root"></div><script type="module" src="/assets/a.js"></script></body></html>',
  );
// The web build's manifest: the entry (index.html's graph) and the signed-in start's chunks.
mkdirSync(path.join(dist, '.vite'));
writeFileSync(
  path.join(dist, '.vite', 'manifest.json'),
  JSON.stringify({
    'index.html': { file: 'assets/a.js', name: 'index', isEntry: true, imports: ['_shared.js'] },
    '_shared.js': { file: 'assets/shared.js' },
    '_start.js': {
      file: 'assets/start.js',
      name: 'signed-in-start',
      imports: ['_shared.js', '_more.js'],
    },
    '_more.js': { file: 'assets/more.js', imports: ['_start.js'] },
    '_other.js': { file: 'assets/other.js', name: 'rooms' },
  }),
);
writeFileSync(
  path.join(ssr, 'entry-server.mjs'),
  `
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
const paths = ['/', '/dashboard'];
const sources = { getAuthStatus: '/api/auth/status', getDashboardContent: '/api/dashboard/content' };
async function renderFirstView({ url, answers, outdoor }) {
  const user = answers.getAuthStatus.isAuthenticated ? answers.getAuthStatus.user : null;
  if (!user) return null;
  if (user.email.startsWith('boom')) throw new Error('render failed');
  if (user.email.startsWith('crash')) process.exit(3);
  if (user.email.startsWith('slow')) return new Promise(() => {});
  if (user.passwordChangeRequired) return null;
  return {
    root: '<div id="root" data-first-view="server">Welcome back, ' + user.email + ' at ' + url + (outdoor ? ' outdoor' : '') +
      ' items=' + answers.getDashboardContent.length + '</div>',
    data: '<script type="application/json" id="fieldcraft-first-view">{"userId":' + user.id + '}</script>',
  };
}
// The worker protocol of apps/web/src/server/entry-server.tsx.
if (!isMainThread && workerData === 'fieldcraft-first-view') {
  parentPort.postMessage({ type: 'ready', paths, sources, chunks: ['signed-in-start'] });
  parentPort.on('message', ({ id, input }) => {
    renderFirstView(input).then(
      (view) => parentPort.postMessage({ type: 'view', id, view }),
      (error) => parentPort.postMessage({ type: 'view', id, view: null, error: String(error) }),
    );
  });
}
`,
);

describeOnPglite(
  'the first view: signed-in page loads of / and /dashboard drawn on the server',
  (ctx) => {
    const page = (url: string, headers: Record<string, string> = {}) =>
      ctx.app.inject({ method: 'GET', url, headers });
    async function signedIn(email: string, extra: { passwordChangeRequired?: boolean } = {}) {
      await ctx.createUser({ email, ...extra });
      const { cookie } = await ctx.login(email, 'password-123');
      if (!cookie) throw new Error('no session cookie');
      return cookie;
    }

    it('draws the dashboard into index.html for a signed-in session, private to that cookie', async () => {
      const cookie = await signedIn('dana@example.com');
      for (const url of ['/dashboard', '/', '/dashboard?from=menu']) {
        const res = await page(url, { cookie });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-type']).toContain('text/html');
        expect(res.body).toContain(
          `<div id="root" data-first-view="server">Welcome back, dana@example.com at ${url} items=0</div>`,
        );
        expect(res.body).toContain('<script type="application/json" id="fieldcraft-first-view">');
        // The rest of index.html is untouched: the app's scripts still load.
        expect(res.body).toContain('<script type="module" src="/assets/a.js"></script>');
        expect(res.headers['cache-control']).toBe('private, no-cache');
        expect(String(res.headers.vary)).toContain('cookie');
        expect(res.headers['content-security-policy']).toContain("script-src 'self'");
        // The signed-in start's chunks load with the entry; what the entry loads is not repeated.
        const head = res.body.slice(0, res.body.indexOf('</head>'));
        expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/start.js">');
        expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/more.js">');
        expect(head).not.toMatch(/assets\/(shared|a|other)\.js/);
      }
    });

    it("draws each session's own user: nothing of one account reaches another", async () => {
      const ann = await signedIn('ann@example.com');
      const bob = await signedIn('bob@example.com');
      const forAnn = await page('/dashboard', { cookie: ann });
      const forBob = await page('/dashboard', { cookie: bob });
      expect(forAnn.body).toContain('ann@example.com');
      expect(forAnn.body).not.toContain('bob@example.com');
      expect(forBob.body).toContain('bob@example.com');
      expect(forBob.body).not.toContain('ann@example.com');
    });

    it('sends the plain index.html without a session, with an unknown one, or with a signed-out one', async () => {
      const cookie = await signedIn('carl@example.com');
      await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
      for (const headers of [{}, { cookie: 'fc_session=not-a-session' }, { cookie }] as Record<
        string,
        string
      >[]) {
        const res = await page('/dashboard', headers);
        expect(res.statusCode).toBe(200);
        expect(isAppPage(res.body)).toBe(true);
        expect((await page('/', headers)).body).toBe(INDEX);
        expect(res.headers['cache-control']).toBe('no-cache');
        // None was due: nothing says one failed.
        expect(res.headers['x-fieldcraft-first-view']).toBeUndefined();
      }
    });

    it('sends the plain page when the renderer draws nothing (a password change due) or fails', async () => {
      const due = await signedIn('due@example.com', { passwordChangeRequired: true });
      const boom = await signedIn('boom@example.com');
      const drawnNone = await page('/dashboard', { cookie: due });
      expect(isAppPage(drawnNone.body)).toBe(true);
      expect(drawnNone.headers['x-fieldcraft-first-view']).toBeUndefined();
      const failed = await page('/dashboard', { cookie: boom });
      expect(failed.statusCode).toBe(200);
      expect(isAppPage(failed.body)).toBe(true);
      // Failed, not signed out: the service worker keeps the page it has.
      expect(failed.headers['x-fieldcraft-first-view']).toBe('unavailable');
    });

    it('sends the plain page when the renderer dies or does not answer, and draws again after', async () => {
      const crash = await signedIn('crash@example.com');
      const slow = await signedIn('slow@example.com');
      const fine = await signedIn('hal@example.com');
      for (const cookie of [crash, slow]) {
        const res = await page('/dashboard', { cookie });
        expect(res.statusCode).toBe(200);
        expect(isAppPage(res.body)).toBe(true);
        expect(res.headers['x-fieldcraft-first-view']).toBe('unavailable');
      }
      // A new worker took over from the one that died.
      expect((await page('/dashboard', { cookie: fine })).body).toContain(
        'Welcome back, hal@example.com',
      );
    });

    it('draws only / and /dashboard: other pages stay the plain app', async () => {
      const cookie = await signedIn('erin@example.com');
      for (const url of ['/rooms', '/login', '/dashboard/extra']) {
        const res = await page(url, { cookie });
        expect(res.statusCode, url).toBe(200);
        expect(res.body, url).not.toContain('fieldcraft-first-view');
        if (url === '/login') expect(res.body, url).toBe(INDEX);
        else expect(isAppPage(res.body), url).toBe(true);
      }
    });

    it('compresses the drawn page when the browser accepts gzip, and takes the outdoor cookie', async () => {
      const cookie = await signedIn('fay@example.com');
      const res = await page('/dashboard', {
        cookie: `${cookie}; fieldcraft-outdoor=on`,
        'accept-encoding': 'gzip, br',
      });
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(res.rawPayload).toString('utf8')).toContain(
        'Welcome back, fay@example.com at /dashboard outdoor',
      );
    });
  },
  { config: { webDistDir: dist, webSsrDir: ssr } },
);

describeOnPglite(
  'the first view: a renderer that cannot load',
  (ctx) => {
    it('leaves the app served as before (the plain index.html)', async () => {
      await ctx.createUser({ email: 'gus@example.com' });
      const { cookie } = await ctx.login('gus@example.com', 'password-123');
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/dashboard',
        headers: { cookie: cookie ?? '' },
      });
      expect(res.statusCode).toBe(200);
      expect(isAppPage(res.body)).toBe(true);
      const home = await ctx.app.inject({
        method: 'GET',
        url: '/',
        headers: { cookie: cookie ?? '' },
      });
      expect(home.body).toBe(INDEX);
    });
  },
  { config: { webDistDir: dist, webSsrDir: path.join(ssr, 'missing') } },
);

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, expect, it } from 'vitest';
import { describeOnPglite } from '../test/test-app';

// A tiny stand-in for the built web app.
const dist = mkdtempSync(path.join(tmpdir(), 'fc-web-dist-'));
mkdirSync(path.join(dist, 'assets'));
const INDEX = '<!doctype html><html><body><div id="root">fieldcraft-spa</div></body></html>';
writeFileSync(path.join(dist, 'index.html'), INDEX);
writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log("app");');
writeFileSync(path.join(dist, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
const distWithWorker = mkdtempSync(path.join(tmpdir(), 'fc-web-dist-sw-'));
writeFileSync(path.join(distWithWorker, 'index.html'), INDEX);
writeFileSync(path.join(distWithWorker, 'sw.js'), 'self.addEventListener("fetch", () => {});');
writeFileSync(path.join(distWithWorker, 'manifest.webmanifest'), '{"name":"Fieldcraft"}');
mkdirSync(path.join(distWithWorker, 'assets'));
const BIG_JS = `console.log(${JSON.stringify('fieldcraft '.repeat(400))});`;
writeFileSync(path.join(distWithWorker, 'assets', 'big-abc.js'), BIG_JS);
writeFileSync(path.join(distWithWorker, 'assets', 'big-abc.js.br'), brotliCompressSync(BIG_JS));
writeFileSync(path.join(distWithWorker, 'assets', 'big-abc.js.gz'), gzipSync(BIG_JS));
afterAll(() => rmSync(distWithWorker, { recursive: true, force: true }));
// A build with a manifest: the entry only chooses the app; the whole app's start is a chunk.
const distWithManifest = mkdtempSync(path.join(tmpdir(), 'fc-web-dist-manifest-'));
const HEADED =
  '<!doctype html><html><head><title>Fieldcraft</title></head><body><div id="root"></div></body></html>';
writeFileSync(path.join(distWithManifest, 'index.html'), HEADED);
mkdirSync(path.join(distWithManifest, '.vite'));
writeFileSync(
  path.join(distWithManifest, '.vite', 'manifest.json'),
  JSON.stringify({
    'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_runtime.js'] },
    '_runtime.js': { file: 'assets/runtime-1.js' },
    '_start.js': {
      file: 'assets/start-1.js',
      name: 'signed-in-start',
      imports: ['_runtime.js', '_shared.js'],
    },
    '_shared.js': { file: 'assets/shared-1.js', name: 'shared-ui' },
    '_public.js': { file: 'assets/public-1.js', name: 'public-app', imports: ['_shared.js'] },
  }),
);
afterAll(() => rmSync(distWithManifest, { recursive: true, force: true }));
afterAll(() => rmSync(dist, { recursive: true, force: true }));

describeOnPglite(
  'serving the built web app',
  (ctx) => {
    const get = (url: string, method: 'GET' | 'HEAD' = 'GET') => ctx.app.inject({ method, url });

    it('serves index.html at / without caching, under the CSP', async () => {
      const res = await get('/');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toBe(INDEX);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    });

    it('caches hashed assets for a year (immutable), other files revalidate', async () => {
      const asset = await get('/assets/index-abc123.js');
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect((await get('/logo.svg')).headers['cache-control']).toBe('no-cache');
    });

    it('falls back to index.html (200) for any other page path, GET and HEAD', async () => {
      for (const url of ['/login', '/test-room/3?session=abc', '/no/such/page']) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(200);
        expect(res.body).toBe(INDEX);
        expect(res.headers['cache-control']).toBe('no-cache');
      }
      const head = await get('/rooms', 'HEAD');
      expect(head.statusCode).toBe(200);
      expect(head.headers['content-type']).toContain('text/html');
    });

    it('never answers /api or /v1 with the app: JSON 404 instead', async () => {
      for (const url of ['/api/anything', '/api', '/v1/convai/nothing', '/api/../api/x']) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(404);
        expect(res.headers['content-type']).toContain('application/json');
        expect(res.json()).toEqual({ error: 'Not found', code: 'NOT_FOUND' });
      }
    });

    it('never answers a missing /sw.js or manifest with index.html', async () => {
      for (const url of ['/sw.js', '/sw.js?v=2', '/manifest.webmanifest']) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(404);
        expect(res.headers['content-type']).toContain('application/json');
      }
    });

    it('answers other methods on page paths with a JSON 404', async () => {
      const res = await ctx.app.inject({ method: 'POST', url: '/login', payload: {} });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    });
  },
  { config: { webDistDir: dist } },
);

describeOnPglite(
  'serving the installable app (service worker and manifest)',
  (ctx) => {
    const get = (url: string) => ctx.app.inject({ method: 'GET', url });

    it('serves /sw.js as JavaScript that is revalidated on every update check', async () => {
      const res = await get('/sw.js');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('addEventListener');
      // The CSP lets the page register a same-origin worker and load the manifest.
      const csp = String((await get('/')).headers['content-security-policy']);
      expect(csp).toMatch(/worker-src 'self'/);
      expect(csp).toMatch(/default-src 'self'/); // manifest-src falls back to it
    });

    it('sends the build’s precompressed files to browsers that accept them', async () => {
      const br = await ctx.app.inject({
        method: 'GET',
        url: '/assets/big-abc.js',
        headers: { 'accept-encoding': 'gzip, deflate, br' },
      });
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toMatch(/javascript/);
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(br.rawPayload.length).toBeLessThan(BIG_JS.length / 4);
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(BIG_JS);

      const gz = await ctx.app.inject({
        method: 'GET',
        url: '/assets/big-abc.js',
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(gz.headers['content-encoding']).toBe('gzip');
      const plain = await ctx.app.inject({
        method: 'GET',
        url: '/assets/big-abc.js',
        headers: { 'accept-encoding': 'identity' },
      });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(BIG_JS);
    });

    it('serves the manifest as application/manifest+json without long caching', async () => {
      const res = await get('/manifest.webmanifest');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('application/manifest+json');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.json()).toEqual({ name: 'Fieldcraft' });
    });
  },
  { config: { webDistDir: distWithWorker } },
);

describeOnPglite(
  'the page names the app that will start',
  (ctx) => {
    const preloads = (body: string) =>
      [...body.matchAll(/rel="modulepreload" crossorigin href="([^"]+)"/g)].map((m) => m[1]);

    it('preloads the whole app where it starts: every address but / and /login', async () => {
      for (const url of [
        '/rooms',
        '/test-room/3?session=abc',
        '/content-management',
        '/dashboard',
        '/no/such/page',
      ]) {
        const res = await ctx.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['cache-control'], url).toBe('no-cache');
        // Its start and what that imports, not what the entry loads already, nor the public app.
        expect(preloads(res.body), url).toEqual(
          expect.arrayContaining(['/assets/start-1.js', '/assets/shared-1.js']),
        );
        expect(preloads(res.body), url).toHaveLength(2);
      }
      const zipped = await ctx.app.inject({
        method: 'GET',
        url: '/rooms',
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(zipped.rawPayload).toString()).toContain('/assets/start-1.js');
    });

    it('sends / and /login plain: a new visitor gets the light public app there', async () => {
      for (const url of ['/', '/login', '/login?next=%2Frooms']) {
        const res = await ctx.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        expect(res.body, url).toBe(HEADED);
      }
    });
  },
  { config: { webDistDir: distWithManifest, webSsrDir: null } },
);

describeOnPglite(
  'without a built web app',
  (ctx) => {
    it('answers page paths with a JSON 404 and keeps the API working', async () => {
      const res = await ctx.app.inject({ method: 'GET', url: '/' });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
      expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({
        status: 'ok',
      });
    });
  },
  { config: { webDistDir: path.join(dist, 'missing') } },
);

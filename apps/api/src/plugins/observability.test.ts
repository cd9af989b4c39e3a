// Over 300 lines: logs, metrics and probes over one test app; one case per behaviour.
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../app';
import { insertUser } from '../people/users.repository';
import { multipartBody, multipartHeaders } from '../test/multipart';
import { startS3Server } from '../test/s3-server';
import {
  captureLogs,
  createScratchDatabase,
  describeEachDatabase,
  describeEachDatabaseKind,
  testConfig,
} from '../test/test-app';
import { sessionCookieFor } from '../test/world';

const REMOTE = '203.0.113.9';

/** A series `name{a="x",b="y"}` with its labels sorted: the text format leaves their order open. */
function normalSeries(series: string): string {
  const m = /^([^{]+)\{(.*)\}$/.exec(series);
  if (!m) return series;
  const labels = m[2]!.match(/[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\]|\\.)*"/g) ?? [];
  return `${m[1]}{${labels.sort().join(',')}}`;
}

/** One sample's value from a Prometheus text body (`name{labels} value`), or undefined. */
function sample(body: string, series: string): number | undefined {
  const wanted = normalSeries(series);
  for (const line of body.split('\n')) {
    const at = line.lastIndexOf(' ');
    if (at > 0 && normalSeries(line.slice(0, at)) === wanted) return Number(line.slice(at + 1));
  }
  return undefined;
}

describeEachDatabase('readiness and metrics', (ctx) => {
  it('GET /api/ready answers 200 while the database and the uploads folder answer, 503 otherwise', async () => {
    const ready = await ctx.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', database: 'ok', storage: 'local' });

    // The uploads folder disappears (an unmounted volume): not ready, but still alive.
    rmSync(ctx.config.uploadsDir, { recursive: true, force: true });
    try {
      const down = await ctx.app.inject({ method: 'GET', url: '/api/ready' });
      expect(down.statusCode).toBe(503);
      expect(down.headers['retry-after']).toBe('5');
      expect(down.json()).toEqual({
        error: 'Not ready: the file store (local) is not reachable',
        code: 'SERVICE_UNAVAILABLE',
      });
      expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      mkdirSync(ctx.config.uploadsDir, { recursive: true });
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
  });

  it('GET /metrics counts requests by method, route pattern and status class, with durations', async () => {
    const owner = await ctx.createUser({ email: 'owner@example.com', role: 'OWNER' });
    const cookie = await sessionCookieFor(ctx.db, owner.id);
    const before = (await ctx.app.inject({ method: 'GET', url: '/metrics' })).body;
    const series = 'http_requests_total{method="GET",route="/api/files/:key",status="4xx"}';
    const was = sample(before, series) ?? 0;
    for (const key of ['a', 'b', 'c']) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/files/${key}`,
        headers: { cookie },
      });
      expect(res.statusCode).toBe(404);
    }
    await ctx.app.inject({ method: 'GET', url: '/api/no/such/route' });

    const res = await ctx.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    const body = res.body;
    // One series per route pattern, never per URL (keys, ids) — and unknown paths share one.
    expect(sample(body, series)).toBe(was + 3);
    expect(body).not.toContain('/api/files/a');
    expect(body).toContain('route="(unmatched)",status="4xx"');
    expect(body).toContain('# TYPE http_request_duration_seconds histogram');
    expect(
      sample(body, 'http_request_duration_seconds_count{method="GET",route="/api/files/:key"}'),
    ).toBeGreaterThanOrEqual(3);
    expect(
      sample(
        body,
        'http_request_duration_seconds_bucket{method="GET",route="/api/files/:key",le="+Inf"}',
      ),
    ).toBeGreaterThanOrEqual(3);
    expect(sample(body, 'process_resident_memory_bytes')).toBeGreaterThan(10_000_000);
    expect(sample(body, 'nodejs_heap_used_bytes')).toBeGreaterThan(0);
  });

  it('reports voice sessions through app.metrics.voice, as the voice runtime does', async () => {
    const { voice } = ctx.app.metrics;
    const read = async () => (await ctx.app.inject({ method: 'GET', url: '/metrics' })).body;
    const started = sample(await read(), 'fieldcraft_voice_sessions_started_total') ?? NaN;
    const active = sample(await read(), 'fieldcraft_voice_sessions_active') ?? NaN;
    expect(started).toBeGreaterThanOrEqual(0);
    // Two sessions open; one ends normally (1000), one by the inactivity timeout (4000s code).
    voice.started.inc();
    voice.active.inc();
    voice.started.inc();
    voice.active.inc();
    voice.active.dec();
    voice.closed.inc({ code: 1000 });
    const body = await read();
    expect(sample(body, 'fieldcraft_voice_sessions_started_total')).toBe(started + 2);
    expect(sample(body, 'fieldcraft_voice_sessions_active')).toBe(active + 1);
    expect(
      sample(body, 'fieldcraft_voice_sessions_closed_total{code="1000"}'),
    ).toBeGreaterThanOrEqual(1);
    voice.active.dec();
    voice.closed.inc({ code: 1008 });
    expect(sample(await read(), 'fieldcraft_voice_sessions_active')).toBe(active);
  });

  it('serves /metrics to loopback clients only when no token is set, whatever X-Forwarded-For says', async () => {
    const owner = await ctx.createUser({ email: 'owner@example.com', role: 'OWNER' });
    const cookie = await sessionCookieFor(ctx.db, owner.id);
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const res = await ctx.app.inject({ method: 'GET', url: '/metrics', remoteAddress: address });
      expect(res.statusCode, address).toBe(200);
    }
    const remote = await ctx.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: REMOTE,
      headers: { cookie, 'x-forwarded-for': '127.0.0.1' },
    });
    expect(remote.statusCode).toBe(403);
    expect(remote.json()).toEqual({
      error: 'Metrics are served to this machine only; set METRICS_TOKEN to read them remotely',
      code: 'FORBIDDEN',
    });
  });
});

describeEachDatabase(
  'metrics token',
  (ctx) => {
    const token = 'scrape-token-0123456789';
    it('requires the METRICS_TOKEN bearer when it is set, from any address, loopback included', async () => {
      for (const [address, authorization] of [
        ['127.0.0.1', undefined],
        [REMOTE, undefined],
        [REMOTE, 'Bearer wrong-token-0123456789'],
        [REMOTE, token],
        ['127.0.0.1', `Basic ${token}`],
      ] as const) {
        const res = await ctx.app.inject({
          method: 'GET',
          url: '/metrics',
          remoteAddress: address,
          headers: authorization ? { authorization } : {},
        });
        expect(res.statusCode, `${address} ${authorization}`).toBe(401);
        expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
        expect(res.json()).toEqual({
          error: 'Send the metrics token as a Bearer token',
          code: 'UNAUTHENTICATED',
        });
      }
      const ok = await ctx.app.inject({
        method: 'GET',
        url: '/metrics',
        remoteAddress: REMOTE,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(ok.statusCode).toBe(200);
      expect(ok.body).toContain('# TYPE http_requests_total counter');
    });
  },
  { config: { metricsToken: 'scrape-token-0123456789' } },
);

describeEachDatabase(
  'request ids',
  (ctx) => {
    const logsOf = async (run: () => Promise<{ headers: Record<string, unknown> }>) => {
      const from = ctx.logs().length;
      const res = await run();
      const lines = ctx
        .logs()
        .slice(from)
        .map((l) => JSON.parse(l) as { reqId?: string; msg?: string });
      return { id: String(res.headers['x-request-id']), lines, res };
    };

    it('puts the request id on every log line of a request, errors and handler logs included', async () => {
      for (const run of [
        () => ctx.app.inject({ method: 'GET', url: '/api/test/log-and-fail' }),
        () =>
          ctx.app.inject({
            method: 'POST',
            url: '/api/auth/login',
            payload: { email: 'nobody@example.com', password: 'wrong-password' },
          }),
        () => ctx.app.inject({ method: 'GET', url: '/api/no/such/route' }),
      ]) {
        const { id, lines } = await logsOf(run);
        expect(id).toMatch(/^[0-9a-f-]{36}$/);
        expect(lines.length).toBeGreaterThanOrEqual(2);
        expect(lines.filter((l) => l.reqId !== id)).toEqual([]);
      }
      const { lines } = await logsOf(() =>
        ctx.app.inject({ method: 'GET', url: '/api/test/log-and-fail' }),
      );
      expect(lines.map((l) => l.msg)).toEqual(
        expect.arrayContaining(['about to fail', 'request completed']),
      );
    });

    it('takes x-request-id from a trusted proxy only, and only when it is well formed', async () => {
      const send = (remoteAddress: string, id: string) =>
        logsOf(() =>
          ctx.app.inject({
            method: 'GET',
            url: '/api/health',
            remoteAddress,
            headers: { 'x-request-id': id },
          }),
        );
      // From the proxy (TRUST_PROXY=127.0.0.1): one id across proxy and API logs.
      const proxied = await send('127.0.0.1', 'edge-7f3a.42');
      expect(proxied.id).toBe('edge-7f3a.42');
      expect(proxied.lines.every((l) => l.reqId === 'edge-7f3a.42')).toBe(true);
      // A client talking to the API directly cannot choose its id.
      const direct = await send(REMOTE, 'chosen-by-client');
      expect(direct.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(direct.lines.some((l) => l.reqId === 'chosen-by-client')).toBe(false);
      // Not even through the proxy can it inject log noise.
      for (const bad of ['has space', 'x'.repeat(129), 'quote"brace}']) {
        expect((await send('127.0.0.1', bad)).id).toMatch(/^[0-9a-f-]{36}$/);
      }
    });
  },
  {
    config: { logLevel: 'info', trustProxy: '127.0.0.1' },
    setup: (app) => {
      app.get('/api/test/log-and-fail', { schema: { hide: true } }, async (request) => {
        request.log.warn('about to fail');
        throw new Error('boom');
      });
    },
  },
);

describe('request ids without TRUST_PROXY', () => {
  let app: App;
  beforeAll(async () => {
    app = await buildApp(testConfig({ logLevel: 'silent' }), { logStream: captureLogs().stream });
    await app.ready();
  });
  afterAll(async () => app?.close());

  it('ignores an incoming x-request-id, even from loopback', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'edge-1' },
    });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describeEachDatabaseKind('readiness with S3 storage', (kind) => {
  let app: App;
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const scratch = await createScratchDatabase(kind);
    drop = scratch.drop;
    s3 = await startS3Server();
    app = await buildApp(testConfig({ ...scratch.config, storage: s3.storage() }));
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await drop?.();
  });

  it('answers 200 while the bucket answers and 503 once the S3 server is gone', async () => {
    const ready = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.json()).toEqual({ status: 'ok', database: 'ok', storage: 's3' });
    await s3.close();
    const down = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({
      error: 'Not ready: the file store (s3) is not reachable',
      code: 'SERVICE_UNAVAILABLE',
    });
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

    // An upload meanwhile is a clear 503 and leaves nothing behind on this machine.
    const owner = await insertUser(app.db, {
      email: 'owner@example.com',
      username: 'owner-s3',
      role: 'OWNER',
      status: 'ACTIVE',
      passwordHash: 'x',
      passwordChangeRequired: false,
      requiresReset: false,
    });
    const upload = await app.inject({
      method: 'POST',
      url: '/api/content/upload',
      headers: { ...multipartHeaders, cookie: await sessionCookieFor(app.db, owner.id) },
      payload: multipartBody('notes.txt', 'Hard hats on site.\n'),
    });
    expect(upload.statusCode).toBe(503);
    expect(upload.json()).toEqual({
      error: 'The file store is not available. Please try again in a moment.',
      code: 'SERVICE_UNAVAILABLE',
    });
    expect(readdirSync(path.join(app.config.uploadsDir, '.tmp'))).toEqual([]);
  });
});

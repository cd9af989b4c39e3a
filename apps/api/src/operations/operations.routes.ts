import { ApiErrorSchema, ErrorCode, ReadySchema } from '@fieldcraft/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { AppError } from '../lib/app-error';
import { trustedPeer } from '../lib/request-id';

/** A probe that hangs counts as a failure: the orchestrator must get an answer. */
const PROBE_TIMEOUT_MS = 3000;

function withTimeout<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer in time`)), PROBE_TIMEOUT_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

const sameSecret = (a: string, b: string) =>
  timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());

const isLoopback = trustedPeer('loopback');

/**
 * Operations endpoints: GET /api/ready (readiness: the database answers and the file store is
 * reachable; /api/health stays the liveness check) and GET /metrics (Prometheus text format,
 * METRICS_TOKEN bearer, or loopback clients only when no token is set).
 */
const operationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/ready',
    {
      schema: {
        tags: ['health'],
        summary: 'Readiness: the database answers and the file store is reachable',
        response: { 200: ReadySchema, 503: ApiErrorSchema },
      },
    },
    async (request) => {
      const failed: string[] = [];
      const [database, storage] = await Promise.allSettled([
        withTimeout(sql`select 1`.execute(app.db), 'the database'),
        withTimeout(app.storage.check(), 'the file store'),
      ]);
      if (database.status === 'rejected') {
        request.log.error({ err: database.reason }, 'ready check: database did not answer');
        failed.push('the database is not available');
      }
      if (storage.status === 'rejected') {
        request.log.error({ err: storage.reason }, 'ready check: file store did not answer');
        failed.push(`the file store (${app.storage.kind}) is not reachable`);
      }
      if (failed.length) {
        throw new AppError(503, ErrorCode.SERVICE_UNAVAILABLE, `Not ready: ${failed.join('; ')}`, {
          headers: { 'retry-after': '5' },
        });
      }
      return { status: 'ok' as const, database: 'ok' as const, storage: app.storage.kind };
    },
  );

  /** METRICS_TOKEN as a bearer token; without one, only a client on this machine. */
  async function metricsAccess(request: FastifyRequest): Promise<void> {
    const token = app.config.metricsToken;
    if (token) {
      const header = request.headers.authorization ?? '';
      const given = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
      if (!given || !sameSecret(given, token)) {
        throw new AppError(
          401,
          ErrorCode.UNAUTHENTICATED,
          'Send the metrics token as a Bearer token',
          {
            headers: { 'www-authenticate': 'Bearer realm="metrics"' },
          },
        );
      }
      return;
    }
    // The socket's own address: X-Forwarded-For could be sent by anyone.
    if (!isLoopback(request.socket.remoteAddress)) {
      throw new AppError(
        403,
        ErrorCode.FORBIDDEN,
        'Metrics are served to this machine only; set METRICS_TOKEN to read them remotely',
      );
    }
  }

  app.get(
    '/metrics',
    {
      onRequest: metricsAccess,
      schema: {
        tags: ['health'],
        summary: 'Prometheus metrics of this instance (METRICS_TOKEN bearer, or loopback only)',
        response: {
          200: z.string().describe('Prometheus text exposition format 0.0.4'),
          401: ApiErrorSchema,
          403: ApiErrorSchema,
        },
      },
    },
    async (_request, reply) => {
      return reply
        .header('content-type', 'text/plain; version=0.0.4; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(await app.metrics.render());
    },
  );
};

export default operationsRoutes;

import { ApiErrorSchema, ErrorCode, HealthSchema } from '@fieldcraft/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { AppError } from '../lib/app-error';

/** /api/health: 200 once the database answers a query, 503 otherwise. */
const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and database readiness',
        response: { 200: HealthSchema, 503: ApiErrorSchema },
      },
    },
    async (request) => {
      try {
        await sql`select 1`.execute(app.db);
      } catch (err) {
        request.log.error({ err }, 'health check: database did not answer');
        throw new AppError(503, ErrorCode.SERVICE_UNAVAILABLE, 'The database is not available');
      }
      return { status: 'ok' as const };
    },
  );
};

export default healthRoutes;

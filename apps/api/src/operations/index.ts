import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import adminRoutes from './admin.routes';
import healthRoutes from './health.routes';
import operationsRoutes from './operations.routes';

/** Operations: liveness, readiness, metrics and the admin landing page's summary. */
export const operationsDomain: FastifyPluginAsyncZod = async (app) => {
  await app.register(healthRoutes, { prefix: '/api/health' });
  // Its own paths: /api/ready and /metrics.
  await app.register(operationsRoutes);
  await app.register(adminRoutes, { prefix: '/api/admin' });
};

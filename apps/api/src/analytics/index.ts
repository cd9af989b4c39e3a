import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import analyticsRoutes from './analytics.routes';

/** Analytics: the owner's usage, engagement and knowledge-gap reports. */
export const analyticsDomain: FastifyPluginAsyncZod = async (app) => {
  await app.register(analyticsRoutes, { prefix: '/api/owner/analytics' });
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import dashboardRoutes from './dashboard.routes';

/** Dashboard: a signed-in user's home (what they can reach, recent activity, sign-in stats). */
export const dashboardDomain: FastifyPluginAsyncZod = async (app) => {
  await app.register(dashboardRoutes, { prefix: '/api/user' });
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import authRoutes from './auth.routes';

/** Auth: sign-in, sign-out, session status and the sign-in throttle. */
export const authDomain: FastifyPluginAsyncZod = async (app) => {
  await app.register(authRoutes, { prefix: '/api/auth' });
};

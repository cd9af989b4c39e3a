import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import accountRoutes from './account.routes';
import authRoutes from './auth.routes';
import passwordResetRoutes from './password-reset.routes';

/** Auth: sign-in, sign-out, session status, the signed-in account and the sign-in throttle. */
export const authDomain: FastifyPluginAsyncZod = async (app) => {
  await app.register(authRoutes, { prefix: '/api/auth' });
  await app.register(accountRoutes, { prefix: '/api/auth' });
  await app.register(passwordResetRoutes, { prefix: '/api/auth' });
};

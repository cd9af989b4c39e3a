import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import companiesRoutes from './companies.routes';
import companyMembersRoutes from './company-members.routes';
import impersonationStartRoutes from './impersonation-start.routes';
import impersonationRoutes from './impersonation.routes';
import peopleAccountRoutes from './people-accounts.routes';
import peopleRoutes from './people.routes';
import userListsRoutes from './user-lists.routes';
import usersRoutes from './users.routes';

/** People: user accounts, companies and impersonation, under every prefix the spec gives them. */
export const peopleDomain: FastifyPluginAsyncZod = async (app) => {
  await app.register(usersRoutes, { prefix: '/api/users' });
  // GET /api/users and GET /api/owner/users.
  await app.register(userListsRoutes, { prefix: '/api' });
  await app.register(peopleRoutes, { prefix: '/api/people' });
  await app.register(peopleAccountRoutes, { prefix: '/api/people' });
  await app.register(impersonationStartRoutes, { prefix: '/api/people' });
  await app.register(companiesRoutes, { prefix: '/api/companies' });
  await app.register(companyMembersRoutes, { prefix: '/api/companies' });
  await app.register(impersonationRoutes, { prefix: '/api/impersonation' });
};

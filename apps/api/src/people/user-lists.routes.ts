import { ApiErrorSchema, OwnerUserSchema } from '@fieldcraft/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listOwnerUsers } from './users.repository';

const errors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
} as const;

/** The same list under the two paths the spec gives it (as [path, OpenAPI tag, summary]). */
const LISTS = [
  ['/owner/users', 'owner', 'Every user, for the owner tools'],
  ['/users', 'content', 'Users, for the Access popover (OWNER)'],
] as const;

/**
 * Under /api: every user, for the owner's tools (GET /api/owner/users) and for the content
 * Access popover (GET /api/users). OWNER only, checked before anything else runs.
 */
const userListsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  for (const [url, tag, summary] of LISTS) {
    app.get(
      url,
      {
        onRequest: app.requireRole('OWNER'),
        schema: { tags: [tag], summary, response: { 200: z.array(OwnerUserSchema), ...errors } },
      },
      async () => listOwnerUsers(db),
    );
  }
};

export default userListsRoutes;

import {
  ApiErrorSchema,
  type LoginStats,
  LoginStatsSchema,
  type UserDashboard,
  UserDashboardSchema,
} from '@fieldcraft/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../plugins/session';
import { listVisibleContent } from '../content/content.repository';
import { listRooms } from '../rooms/rooms.repository';
import { loginStats, previousLoginAt, recentConversations } from './dashboard.repository';

const errors = { 401: ApiErrorSchema, 403: ApiErrorSchema } as const;

/**
 * /api/user/dashboard and /api/user/login-stats: the caller's own summary. The spec's web app
 * fetches both on every dashboard visit, so once signed in they never answer an error: a part
 * that fails is logged and comes back empty.
 */
const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  async function orEmpty<T>(
    log: FastifyBaseLogger,
    what: string,
    work: () => Promise<T>,
    empty: T,
  ): Promise<T> {
    try {
      return await work();
    } catch (err) {
      // The request's logger, so the line carries its request id.
      log.error({ err }, `user dashboard: ${what} failed`);
      return empty;
    }
  }

  app.get(
    '/dashboard',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['dashboard'],
        summary: "The caller's rooms, content new since their last visit, recent conversations",
        response: { 200: UserDashboardSchema, ...errors },
      },
    },
    async (request): Promise<UserDashboard> => {
      const user = currentUser(request);
      const lastVisit = await orEmpty(
        request.log,
        'last visit',
        () => previousLoginAt(db, user.id),
        null,
      );
      const [rooms, newContent, conversations] = await Promise.all([
        orEmpty(
          request.log,
          'rooms',
          () => listRooms(db, user.role === 'OWNER' ? {} : { memberId: user.id }),
          [],
        ),
        orEmpty(request.log, 'content', () => listVisibleContent(db, user, lastVisit), []),
        orEmpty(request.log, 'conversations', () => recentConversations(db, user.id), []),
      ]);
      return {
        rooms,
        newContent,
        newContentCount: newContent.length,
        recentConversations: conversations,
        lastVisitAt: lastVisit ? lastVisit.toISOString() : null,
      };
    },
  );

  app.get(
    '/login-stats',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['dashboard'],
        summary: "The caller's sign-in count and last sign-in",
        response: { 200: LoginStatsSchema, ...errors },
      },
    },
    async (request): Promise<LoginStats> => {
      const user = currentUser(request);
      return orEmpty(request.log, 'login stats', () => loginStats(db, user.id), {
        loginCount: 0,
        lastLoginAt: null,
      });
    },
  );
};

export default dashboardRoutes;

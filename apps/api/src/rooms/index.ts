import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import managedRoomsRoutes from './managed-rooms.routes';
import ownerRoomsRoutes from './owner-rooms.routes';
import roomQuickActionsRoutes from './room-quick-actions.routes';
import userRoomsRoutes from './rooms.routes';

/**
 * Rooms: a member's rooms, the owner's room management, the navigation's quick actions (the
 * spec's /api/test-rooms, which change real rooms) and room membership by company.
 */
export const roomsDomain: FastifyPluginAsyncZod = async (app) => {
  await app.register(userRoomsRoutes, { prefix: '/api/user/rooms' });
  await app.register(ownerRoomsRoutes, { prefix: '/api/owner' });
  await app.register(roomQuickActionsRoutes, { prefix: '/api/test-rooms' });
  await app.register(managedRoomsRoutes, { prefix: '/api/people' });
};

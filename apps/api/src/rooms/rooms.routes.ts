import { ApiErrorSchema, RoomIdParamsSchema, RoomSchema } from '@fieldcraft/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { findRoom, listRooms, type RoomScope } from './rooms.repository';
import { roomNotFound } from './rooms.service';
import { currentUser } from '../plugins/session';
import type { User } from '@fieldcraft/contracts';

/**
 * Which rooms a user may see: an OWNER every room; a USER or an ADMIN only the rooms they are
 * a member of (docs/decisions.md, "Rooms").
 */
export function roomScopeFor(user: User): RoomScope {
  return user.role === 'OWNER' ? {} : { memberId: user.id };
}

/** /api/user/rooms: the rooms the signed-in user may enter. */
const userRoomsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  app.addHook('onRequest', app.requireUser);

  app.get(
    '/',
    {
      schema: {
        tags: ['rooms'],
        summary: 'Rooms of the signed-in user (OWNER: every room), all with hasAccess true',
        response: { 200: z.array(RoomSchema), 401: ApiErrorSchema, 403: ApiErrorSchema },
      },
    },
    async (request) => listRooms(db, roomScopeFor(currentUser(request))),
  );

  app.get(
    '/:roomId',
    {
      schema: {
        tags: ['rooms'],
        summary: 'One room the signed-in user may enter; 404 for any other id',
        params: RoomIdParamsSchema,
        response: {
          200: RoomSchema,
          400: ApiErrorSchema,
          401: ApiErrorSchema,
          403: ApiErrorSchema,
          404: ApiErrorSchema,
        },
      },
    },
    async (request) => {
      // A room the user is not in answers exactly like one that does not exist.
      const room = await findRoom(db, request.params.roomId, roomScopeFor(currentUser(request)));
      if (!room) throw roomNotFound();
      return room;
    },
  );
};

export default userRoomsRoutes;

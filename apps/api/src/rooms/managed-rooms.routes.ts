import {
  ManagedRoomSchema,
  PeopleRoomMemberParamsSchema,
  PeopleRoomParamsSchema,
  RoomMemberBodySchema,
  SuccessResponseSchema,
  type User,
} from '@fieldcraft/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../plugins/session';
import { scopeOf } from '../people/people.policy';
import { findManagedRoom, findManagedUser, listManagedRooms } from '../people/people.repository';
import { peopleErrors, userNotFound } from '../people/people.service';
import { changeRoomMember, roomNotFound } from './rooms.service';

/**
 * /api/people/rooms: the rooms an OWNER or ADMIN manages (ADMIN: their company's) and their
 * members, by company (docs/people-and-companies.md).
 */
const managedRoomsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  app.addHook('onRequest', app.requireRole('OWNER', 'ADMIN'));

  app.get(
    '/rooms',
    {
      schema: {
        tags: ['people'],
        summary: 'Rooms the caller manages (OWNER: all; ADMIN: their company’s), with member ids',
        response: { 200: z.array(ManagedRoomSchema), ...peopleErrors },
      },
    },
    async (request) => listManagedRooms(db, scopeOf(currentUser(request))),
  );

  for (const add of [true, false]) {
    const handler = async (ip: string, actor: User, roomId: number, userId: number) => {
      const scope = scopeOf(actor);
      if (!(await findManagedRoom(db, scope, roomId))) throw roomNotFound();
      if (!(await findManagedUser(db, scope, userId))) throw userNotFound();
      await db
        .transaction()
        .execute((trx) => changeRoomMember(trx, { actorId: actor.id, ip }, roomId, userId, add));
      return { success: true as const };
    };
    if (add) {
      app.post(
        '/rooms/:roomId/members',
        {
          schema: {
            tags: ['people'],
            summary: 'Add a user to a room (ADMIN: their company’s rooms and users)',
            params: PeopleRoomParamsSchema,
            body: RoomMemberBodySchema,
            response: { 200: SuccessResponseSchema, ...peopleErrors },
          },
        },
        async (request) =>
          handler(request.ip, currentUser(request), request.params.roomId, request.body.userId),
      );
    } else {
      app.delete(
        '/rooms/:roomId/members/:userId',
        {
          schema: {
            tags: ['people'],
            summary: 'Remove a user from a room (ADMIN: their company’s rooms and users)',
            params: PeopleRoomMemberParamsSchema,
            response: { 200: SuccessResponseSchema, ...peopleErrors },
          },
        },
        async (request) =>
          handler(request.ip, currentUser(request), request.params.roomId, request.params.userId),
      );
    }
  }
};

export default managedRoomsRoutes;

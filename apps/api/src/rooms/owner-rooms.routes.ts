import {
  ApiErrorSchema,
  AssignRoomUserBodySchema,
  CreateRoomBodySchema,
  ErrorCode,
  OwnerRoomIdParamsSchema,
  OwnerRoomSchema,
  RoomIdParamsSchema,
  RoomUserParamsSchema,
  SuccessResponseSchema,
  UpdateRoomBodySchema,
} from '@fieldcraft/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../lib/app-error';
import { currentUser } from '../plugins/session';
import { findOwnerRoom, listOwnerRooms, type RoomPatch } from './rooms.repository';
import {
  changeRoomMember,
  createRoom,
  emptyToNull,
  roomNotFound,
  updateRoomAudited,
} from './rooms.service';
import { findUserById } from '../people/users.repository';
import { findAgentByAgentId } from '../agents/agents.repository';

const errors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
} as const;

const agentNotFound = () =>
  new AppError(400, ErrorCode.AGENT_NOT_FOUND, 'Agent not found', {
    issues: { formErrors: [], fieldErrors: { agentId: ['Agent not found'] } },
  });

const userNotFound = () => new AppError(404, ErrorCode.USER_NOT_FOUND, 'User not found');

/** /api/owner/rooms: the owner's room tools. OWNER only, from the session. */
const ownerRoomsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  // onRequest, so the role is checked before the body is even parsed.
  app.addHook('onRequest', app.requireRole('OWNER'));

  app.get(
    '/rooms',
    {
      schema: {
        tags: ['owner'],
        summary: 'Every room, with its members',
        response: { 200: z.array(OwnerRoomSchema), ...errors },
      },
    },
    async () => listOwnerRooms(db),
  );

  app.post(
    '/rooms',
    {
      schema: {
        tags: ['owner'],
        summary: 'Create a room',
        body: CreateRoomBodySchema,
        response: { 201: OwnerRoomSchema, ...errors },
      },
    },
    async (request, reply) => {
      const actor = currentUser(request);
      const room = await db
        .transaction()
        .execute((trx) => createRoom(trx, actor, request.body, request.ip, 'room.create'));
      return reply.code(201).send(room);
    },
  );

  app.patch(
    '/rooms/:id',
    {
      schema: {
        tags: ['owner'],
        summary:
          'Edit a room (name, category, agent, status, description, colour, badge); members stay',
        params: OwnerRoomIdParamsSchema,
        body: UpdateRoomBodySchema,
        response: { 200: OwnerRoomSchema, ...errors },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const { id } = request.params;
      const body = request.body;
      const agent =
        body.agentId === undefined ? undefined : await findAgentByAgentId(db, body.agentId);
      if (body.agentId !== undefined && !agent) throw agentNotFound();
      const patch: RoomPatch = {
        name: body.name,
        category: body.category,
        agentId: agent?.id,
        status: body.status,
        description: emptyToNull(body.description),
        backgroundColor: emptyToNull(body.backgroundColor),
        badgeText: emptyToNull(body.badgeText),
      };
      const fields = (Object.keys(patch) as (keyof RoomPatch)[]).filter(
        (k) => patch[k] !== undefined,
      );
      if (fields.length === 0) {
        throw new AppError(400, ErrorCode.VALIDATION_FAILED, 'Validation failed', {
          issues: { formErrors: ['Nothing to change'], fieldErrors: {} },
        });
      }
      return db.transaction().execute((trx) =>
        updateRoomAudited(
          trx,
          { actorId: actor.id, ip: request.ip },
          id,
          patch,
          'room.update',
          (before) => {
            const changes: Record<string, { from: unknown; to: unknown }> = {};
            for (const key of fields) {
              if (before[key] !== patch[key]) changes[key] = { from: before[key], to: patch[key] };
            }
            return { changes };
          },
        ),
      );
    },
  );

  app.post(
    '/rooms/:roomId/users',
    {
      schema: {
        tags: ['owner'],
        summary: 'Assign a user to a room (assigning again changes nothing)',
        params: RoomIdParamsSchema,
        body: AssignRoomUserBodySchema,
        response: { 200: SuccessResponseSchema, ...errors },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const { roomId } = request.params;
      const { userId } = request.body;
      return db.transaction().execute(async (trx) => {
        if (!(await findOwnerRoom(trx, roomId))) throw roomNotFound();
        if (!(await findUserById(trx, userId))) throw userNotFound();
        await changeRoomMember(trx, { actorId: actor.id, ip: request.ip }, roomId, userId, true);
        return { success: true as const };
      });
    },
  );

  app.delete(
    '/rooms/:roomId/users/:userId',
    {
      schema: {
        tags: ['owner'],
        summary: 'Remove a user from a room (removing a non-member changes nothing)',
        params: RoomUserParamsSchema,
        response: { 200: SuccessResponseSchema, ...errors },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const { roomId, userId } = request.params;
      return db.transaction().execute(async (trx) => {
        if (!(await findOwnerRoom(trx, roomId))) throw roomNotFound();
        if (!(await findUserById(trx, userId))) throw userNotFound();
        await changeRoomMember(trx, { actorId: actor.id, ip: request.ip }, roomId, userId, false);
        return { success: true as const };
      });
    },
  );
};

export default ownerRoomsRoutes;

import {
  ApiErrorSchema,
  OwnerRoomSchema,
  QuickCreateRoomBodySchema,
  ROOM_DEFAULTS,
  RoomIdParamsSchema,
  SuccessResponseSchema,
  UpdateRoomStatusBodySchema,
} from '@fieldcraft/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DEFAULT_AGENT, ensureDefaultAgent } from '../bootstrap/bootstrap';
import { currentUser } from '../plugins/session';
import { deleteRoom } from './rooms.repository';
import { auditRoom, createRoom, roomNotFound, updateRoomAudited } from './rooms.service';

const errors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
} as const;

/**
 * /api/test-rooms (the spec's path; the rooms are real): the navigation's quick add,
 * pause/resume and delete. OWNER only.
 */
const roomQuickActionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  app.addHook('onRequest', app.requireRole('OWNER'));

  app.post(
    '/',
    {
      schema: {
        tags: ['owner'],
        summary: "Quick add (navigation dialog): the room form's defaults and the default agent",
        body: QuickCreateRoomBodySchema,
        response: { 201: OwnerRoomSchema, ...errors },
      },
    },
    async (request, reply) => {
      const actor = currentUser(request);
      // Every start ensures the default agent; ensure it here too in case it was removed since.
      await ensureDefaultAgent(db);
      const room = await db.transaction().execute((trx) =>
        createRoom(
          trx,
          actor,
          {
            name: request.body.name,
            description: request.body.description,
            category: ROOM_DEFAULTS.category,
            status: ROOM_DEFAULTS.status,
            backgroundColor: ROOM_DEFAULTS.backgroundColor,
            agentId: DEFAULT_AGENT.agentId,
          },
          request.ip,
          'room.quick_create',
        ),
      );
      return reply.code(201).send(room);
    },
  );

  app.patch(
    '/:roomId/status',
    {
      schema: {
        tags: ['owner'],
        summary: 'Pause, resume or deactivate a room',
        params: RoomIdParamsSchema,
        body: UpdateRoomStatusBodySchema,
        response: { 200: OwnerRoomSchema, ...errors },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const { roomId } = request.params;
      const { status } = request.body;
      return db
        .transaction()
        .execute((trx) =>
          updateRoomAudited(
            trx,
            { actorId: actor.id, ip: request.ip },
            roomId,
            { status },
            'room.status_change',
            (before) => ({ from: before.status, to: status }),
          ),
        );
    },
  );

  app.delete(
    '/:roomId',
    {
      schema: {
        tags: ['owner'],
        summary: 'Delete a room and its memberships; its conversation history stays',
        params: RoomIdParamsSchema,
        response: { 200: SuccessResponseSchema, ...errors },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const { roomId } = request.params;
      return db.transaction().execute(async (trx) => {
        const deleted = await deleteRoom(trx, roomId);
        if (!deleted) throw roomNotFound();
        await auditRoom(trx, { actorId: actor.id, ip: request.ip }, roomId, 'room.delete', deleted);
        return { success: true as const };
      });
    },
  );
};

export default roomQuickActionsRoutes;

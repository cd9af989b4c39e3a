import {
  AgentDetailSchema,
  AgentIdParamsSchema,
  AgentOverviewSchema,
  AgentRedeployResultSchema,
  ApiErrorSchema,
  CreateAgentBodySchema,
  ErrorCode,
  KnowledgeGapSchema,
  SuccessResponseSchema,
  UpdateAgentBodySchema,
} from '@fieldcraft/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  agentIdTaken,
  agentRooms,
  deleteAgent,
  findAgentDetail,
  insertAgent,
  listAgentOverviews,
  missingContent,
  setAgentKnowledge,
  updateAgent,
} from './agent-management.repository';
import { AppError } from '../lib/app-error';
import type { Db } from '../plugins/db';
import { currentUser } from '../plugins/session';
import { listKnowledgeGaps } from '../voice/runtime/voice.repository';
import { insertAuditEntry } from '../audit/audit.repository';

const errors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
  409: ApiErrorSchema,
} as const;

// The update schema is the create schema made partial, and zod still fills in the create
// schema's defaults for absent fields: only the fields the caller actually sent count.
const sentFields = new WeakMap<object, string[]>();

const agentNotFound = () => new AppError(404, ErrorCode.AGENT_NOT_FOUND, 'Agent not found');

async function checkContent(db: Db, ids: number[] | undefined): Promise<void> {
  if (!ids) return;
  const missing = await missingContent(db, ids);
  if (missing.length > 0) {
    throw new AppError(400, ErrorCode.VALIDATION_FAILED, 'Validation failed', {
      issues: {
        formErrors: [],
        fieldErrors: { knowledgeContentIds: [`Unknown content: ${missing.join(', ')}`] },
      },
    });
  }
}

/**
 * /api/owner/agents and /api/owner/knowledge-gaps: the owner's agent records and the redeploy
 * (docs/assistant-and-agents.md). OWNER only.
 */
const agentManagementRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  app.addHook('onRequest', app.requireRole('OWNER'));

  app.get(
    '/agents',
    {
      schema: {
        tags: ['owner'],
        summary: 'Every agent with its settings, knowledge, rooms and last redeploy',
        response: { 200: z.array(AgentOverviewSchema), ...errors },
      },
    },
    async () => listAgentOverviews(db),
  );

  app.post(
    '/agents',
    {
      schema: {
        tags: ['owner'],
        summary: 'Create an agent; a taken agentId is 409',
        body: CreateAgentBodySchema,
        response: { 201: AgentDetailSchema, ...errors },
      },
    },
    async (request, reply) => {
      const actor = currentUser(request);
      const { agentId, knowledgeContentIds, ...fields } = request.body;
      const agent = await db.transaction().execute(async (trx) => {
        if (await agentIdTaken(trx, agentId)) {
          throw new AppError(409, ErrorCode.AGENT_ID_TAKEN, 'An agent with this id already exists');
        }
        await checkContent(trx, knowledgeContentIds);
        const id = await insertAgent(trx, agentId, fields);
        await setAgentKnowledge(trx, id, knowledgeContentIds);
        await insertAuditEntry(trx, {
          actorId: actor.id,
          action: 'agent.create',
          targetType: 'agent',
          targetId: id,
          details: { agentId, provider: fields.provider },
          ip: request.ip,
        });
        const created = await findAgentDetail(trx, id);
        if (!created) throw agentNotFound();
        return created;
      });
      return reply.code(201).send(agent);
    },
  );

  app.patch(
    '/agents/:id',
    {
      schema: {
        tags: ['owner'],
        summary: 'Change an agent (any field but agentId)',
        params: AgentIdParamsSchema,
        body: UpdateAgentBodySchema,
        response: { 200: AgentDetailSchema, ...errors },
      },
      preValidation: async (request) => {
        const body = request.body;
        const keys = body && typeof body === 'object' ? Object.keys(body) : [];
        sentFields.set(request, keys);
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const { id } = request.params;
      const sent = new Set(sentFields.get(request) ?? []);
      const picked = Object.fromEntries(
        Object.entries(request.body).filter(([key]) => sent.has(key)),
      ) as typeof request.body;
      const { knowledgeContentIds, ...fields } = picked;
      const changed = Object.keys(picked);
      if (changed.length === 0) {
        throw new AppError(400, ErrorCode.VALIDATION_FAILED, 'Validation failed', {
          issues: { formErrors: ['Nothing to change'], fieldErrors: {} },
        });
      }
      return db.transaction().execute(async (trx) => {
        if (!(await findAgentDetail(trx, id))) throw agentNotFound();
        await checkContent(trx, knowledgeContentIds);
        await updateAgent(trx, id, fields);
        if (knowledgeContentIds) await setAgentKnowledge(trx, id, knowledgeContentIds);
        await insertAuditEntry(trx, {
          actorId: actor.id,
          action: 'agent.update',
          targetType: 'agent',
          targetId: id,
          // Field names only: a system prompt can be long.
          details: { fields: changed },
          ip: request.ip,
        });
        const agent = await findAgentDetail(trx, id);
        if (!agent) throw agentNotFound();
        return agent;
      });
    },
  );

  app.delete(
    '/agents/:id',
    {
      schema: {
        tags: ['owner'],
        summary: 'Delete an agent no room uses (409 otherwise)',
        params: AgentIdParamsSchema,
        response: { 200: SuccessResponseSchema, ...errors },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const { id } = request.params;
      await db.transaction().execute(async (trx) => {
        const agent = await findAgentDetail(trx, id);
        if (!agent) throw agentNotFound();
        if (agent.roomCount > 0) {
          throw new AppError(
            409,
            ErrorCode.AGENT_IN_USE,
            `This agent is used by ${agent.roomCount} room${agent.roomCount === 1 ? '' : 's'}; give them another agent first`,
          );
        }
        await deleteAgent(trx, id);
        await insertAuditEntry(trx, {
          actorId: actor.id,
          action: 'agent.delete',
          targetType: 'agent',
          targetId: id,
          details: { agentId: agent.agentId },
          ip: request.ip,
        });
      });
      return { success: true as const };
    },
  );

  app.post(
    '/agents/:id/redeploy',
    {
      schema: {
        tags: ['owner'],
        summary:
          "Re-apply an agent's settings to its rooms: open conversations with it end (1012) so the next ones use the current settings",
        params: AgentIdParamsSchema,
        response: { 200: AgentRedeployResultSchema, ...errors },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const { id } = request.params;
      const agent = await findAgentDetail(db, id);
      if (!agent) throw agentNotFound();
      const rooms = await agentRooms(db, id);
      // Settings are read once, when a conversation starts (voice/runtime/session.ts): ending
      // the open ones is what makes every room run on the current settings.
      const sessionsEnded = app.voiceSessions.endForAgent(id);
      const redeployedAt = new Date();
      await insertAuditEntry(db, {
        actorId: actor.id,
        action: 'agent.redeploy',
        targetType: 'agent',
        targetId: id,
        details: { agentId: agent.agentId, rooms: rooms.length, sessionsEnded },
        ip: request.ip,
      });
      request.log.info(
        { agentId: agent.agentId, rooms: rooms.length, sessionsEnded },
        'agent redeployed',
      );
      return {
        agentId: agent.agentId,
        name: agent.name,
        rooms,
        sessionsEnded,
        redeployedAt: redeployedAt.toISOString(),
      };
    },
  );

  app.get(
    '/knowledge-gaps',
    {
      schema: {
        tags: ['owner'],
        summary: 'Questions the advisor could not answer, newest first',
        response: { 200: z.array(KnowledgeGapSchema), ...errors },
      },
    },
    async () => listKnowledgeGaps(db),
  );
};

export default agentManagementRoutes;

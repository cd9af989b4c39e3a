import { AgentSchema, ApiErrorSchema } from '@fieldcraft/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listAgents } from './agents.repository';

/** /api/agents: agents for the owner's room form. OWNER only. */
const agentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  app.addHook('onRequest', app.requireRole('OWNER'));

  app.get(
    '/',
    {
      schema: {
        tags: ['owner'],
        summary: 'Every agent (id, name, agentId)',
        response: { 200: z.array(AgentSchema), 401: ApiErrorSchema, 403: ApiErrorSchema },
      },
    },
    async () =>
      (await listAgents(db)).map((agent) => ({
        id: agent.id,
        name: agent.name,
        agentId: agent.agentId,
      })),
  );
};

export default agentsRoutes;

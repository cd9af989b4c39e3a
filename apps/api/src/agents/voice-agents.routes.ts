import {
  ApiErrorSchema,
  VoiceAgentParamsSchema,
  VoiceAgentSchema,
  VoiceAgentUsageSchema,
} from '@fieldcraft/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { agentUsage, listVisibleAgents } from './voice-agents.repository';
import { DEFAULT_AGENT } from '../bootstrap/bootstrap';
import { currentUser } from '../plugins/session';
import { listAgents } from './agents.repository';

/** /api/voice/agents: the voice agents and their usage, for any signed-in user. */
const voiceAgentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  app.addHook('onRequest', app.requireUser);

  app.get(
    '/',
    {
      schema: {
        tags: ['voice'],
        summary:
          "Voice agents (agent_id, name): OWNER every one; anyone else the default agent, their rooms' agents and their company's rooms' agents",
        response: { 200: z.array(VoiceAgentSchema), 401: ApiErrorSchema, 403: ApiErrorSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const agents =
        user.role === 'OWNER'
          ? await listAgents(db)
          : await listVisibleAgents(db, user, DEFAULT_AGENT.agentId);
      return agents.map((agent) => ({ agent_id: agent.agentId, name: agent.name }));
    },
  );

  app.get(
    '/:agent_id/usage',
    {
      schema: {
        tags: ['voice'],
        summary:
          'Conversations with an agent: OWNER every one, anyone else only their own (an unknown agent has none)',
        params: VoiceAgentParamsSchema,
        response: {
          200: VoiceAgentUsageSchema,
          400: ApiErrorSchema,
          401: ApiErrorSchema,
          403: ApiErrorSchema,
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      return agentUsage(db, request.params.agent_id, user.role === 'OWNER' ? undefined : user.id);
    },
  );
};

export default voiceAgentsRoutes;

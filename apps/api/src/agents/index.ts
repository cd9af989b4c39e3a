import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import agentManagementRoutes from './agent-management.routes';
import agentsRoutes from './agents.routes';
import voiceAgentsRoutes from './voice-agents.routes';

/**
 * Agents: the catalogue, the owner's agent management (the spec's fast-redeploy page, plus
 * knowledge gaps) and the voice view of agents with their usage.
 */
export const agentsDomain: FastifyPluginAsyncZod = async (app) => {
  await app.register(agentManagementRoutes, { prefix: '/api/owner' });
  await app.register(agentsRoutes, { prefix: '/api/agents' });
  await app.register(voiceAgentsRoutes, { prefix: '/api/voice/agents' });
};

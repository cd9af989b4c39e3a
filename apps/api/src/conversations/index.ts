import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import assistantRoutes from './assistant.routes';
import voiceRoutes from './voice.routes';

/**
 * Conversations over HTTP: signed conversation URLs, voice status and transcripts (the socket
 * itself is plugins/voice.ts and voice/runtime), and the typed assistant chat (the spec's
 * simple-chat page).
 */
export const conversationsDomain: FastifyPluginAsyncZod = async (app) => {
  await app.register(voiceRoutes, { prefix: '/api/voice' });
  await app.register(assistantRoutes, { prefix: '/api/assistant' });
};

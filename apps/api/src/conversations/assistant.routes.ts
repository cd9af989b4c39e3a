import {
  ApiErrorSchema,
  AssistantAnswerSchema,
  AssistantMessageBodySchema,
} from '@fieldcraft/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../plugins/session';
import type { AdvisorAgent } from '../voice/advisor/advisor.types';

const errors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
} as const;

/**
 * The assistant is not a stored agent: `id` 0 matches no agent_knowledge row, so retrieval runs
 * over the whole library the caller may see; knowledge gaps are logged under `agentId`.
 */
export const ASSISTANT_AGENT: AdvisorAgent = {
  id: 0,
  agentId: 'assistant-chat',
  name: 'AI Assistant',
  systemPrompt:
    "You are the AI Assistant of the company's owner area. You answer questions about the " +
    "company's content library (documents, procedures, news) for the people who manage it.",
  language: 'en',
};

/** Earlier turns the advisor sees (it uses the last user question for follow-ups). */
const HISTORY_TURNS = 12;

/**
 * POST /api/assistant/messages: one question to the Field Advisor over the caller's whole
 * library, answered with citations. OWNER sees every active item; an ADMIN exactly what their
 * own dashboard shows. Nothing is stored but a knowledge gap. docs/assistant-and-agents.md.
 */
const assistantRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireRole('OWNER', 'ADMIN'));

  app.post(
    '/messages',
    {
      schema: {
        tags: ['assistant'],
        summary: 'Ask the assistant a question about the library; a cited answer',
        body: AssistantMessageBodySchema,
        response: { 200: AssistantAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { question, history } = request.body;
      // A caller that gives up (closes the request) stops a model's answer.
      const abort = new AbortController();
      const onClose = () => {
        if (!reply.raw.writableEnded) abort.abort();
      };
      reply.raw.on('close', onClose);
      try {
        const answer = await app.advisor.answer({
          viewer: { id: user.id, role: user.role },
          agent: ASSISTANT_AGENT,
          question,
          history: history
            .slice(-HISTORY_TURNS)
            .map((t) => ({ role: t.role === 'user' ? 'user' : 'agent', text: t.text })),
          context: [],
          userFirstName: user.firstName,
          roomId: null,
          conversationId: null,
          signal: abort.signal,
        });
        let text = '';
        for await (const piece of answer.text) text += piece;
        return { text: text.trim(), citations: answer.citations, answered: answer.answered };
      } finally {
        reply.raw.off('close', onClose);
      }
    },
  );
};

export default assistantRoutes;

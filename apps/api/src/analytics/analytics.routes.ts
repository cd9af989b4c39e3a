import {
  AnalyticsQuerySchema,
  ApiErrorSchema,
  EngagementReportSchema,
  ErrorCode,
  KnowledgeGapReportSchema,
  KnowledgeGapResolutionBodySchema,
  KnowledgeGapResolutionSchema,
  KnowledgeGapsQuerySchema,
  VoiceUsageReportSchema,
} from '@fieldcraft/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  contentEngagement,
  countGapAsks,
  knowledgeGaps,
  normaliseQuestion,
  setGapResolution,
  voiceUsage,
  windowOf,
} from './analytics.repository';
import { AppError } from '../lib/app-error';
import { currentUser } from '../plugins/session';
import { insertAuditEntry } from '../audit/audit.repository';

const errors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
} as const;

/**
 * /api/owner/analytics: the figures behind the navigation's Analytics screens (docs/analytics.md).
 * OWNER only, from the session. Reads aggregate in SQL; resolving a knowledge gap is audited.
 */
const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  app.addHook('onRequest', app.requireRole('OWNER'));

  app.get(
    '/usage',
    {
      schema: {
        tags: ['analytics'],
        summary:
          'Voice conversations per agent, per room and per day over the last 7, 30 or 90 days',
        querystring: AnalyticsQuerySchema,
        response: { 200: VoiceUsageReportSchema, ...errors },
      },
    },
    async (request) => voiceUsage(db, windowOf(request.query.days)),
  );

  app.get(
    '/engagement',
    {
      schema: {
        tags: ['analytics'],
        summary: 'Content opens per item, per user and per day over the last 7, 30 or 90 days',
        querystring: AnalyticsQuerySchema,
        response: { 200: EngagementReportSchema, ...errors },
      },
    },
    async (request) => contentEngagement(db, windowOf(request.query.days)),
  );

  app.get(
    '/knowledge-gaps',
    {
      schema: {
        tags: ['analytics'],
        summary: 'Questions the advisor could not answer, grouped by question, with a daily count',
        querystring: KnowledgeGapsQuerySchema,
        response: { 200: KnowledgeGapReportSchema, ...errors },
      },
    },
    async (request) => knowledgeGaps(db, windowOf(request.query.days), request.query.status),
  );

  app.post(
    '/knowledge-gaps/resolution',
    {
      schema: {
        tags: ['analytics'],
        summary: 'Mark a question resolved (the library now answers it) or open again; audited',
        body: KnowledgeGapResolutionBodySchema,
        response: { 200: KnowledgeGapResolutionSchema, ...errors },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const { resolved } = request.body;
      const key = await normaliseQuestion(db, request.body.key);
      if ((await countGapAsks(db, key)) === 0) {
        throw new AppError(404, ErrorCode.KNOWLEDGE_GAP_NOT_FOUND, 'Question not found');
      }
      const updated = await db.transaction().execute(async (trx) => {
        const changed = await setGapResolution(trx, key, resolved, actor.id);
        if (changed > 0) {
          await insertAuditEntry(trx, {
            actorId: actor.id,
            action: resolved ? 'knowledge_gap.resolve' : 'knowledge_gap.reopen',
            targetType: 'knowledge_gap',
            targetId: key.slice(0, 200),
            details: { asks: changed },
            ip: request.ip,
          });
        }
        return changed;
      });
      return { key, resolved, updated };
    },
  );
};

export default analyticsRoutes;

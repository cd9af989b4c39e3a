import { describe, expect, it } from 'vitest';
import {
  AnalyticsQuerySchema,
  KnowledgeGapResolutionBodySchema,
  KnowledgeGapsQuerySchema,
} from './analytics.schemas';

describe('analytics schemas', () => {
  it('reads ?days= as one of the offered periods, 30 by default', () => {
    expect(AnalyticsQuerySchema.parse({})).toEqual({ days: 30 });
    expect(AnalyticsQuerySchema.parse({ days: '' })).toEqual({ days: 30 });
    expect(AnalyticsQuerySchema.parse({ days: '7' })).toEqual({ days: 7 });
    expect(AnalyticsQuerySchema.parse({ days: '90' })).toEqual({ days: 90 });
    for (const days of ['14', '0', '-7', 'abc', '7.5']) {
      expect(AnalyticsQuerySchema.safeParse({ days }).success, days).toBe(false);
    }
  });

  it('filters knowledge gaps by status, all by default, and needs a question to resolve', () => {
    expect(KnowledgeGapsQuerySchema.parse({ days: '7' })).toEqual({ days: 7, status: 'all' });
    expect(KnowledgeGapsQuerySchema.parse({ status: 'open' })).toEqual({
      days: 30,
      status: 'open',
    });
    expect(KnowledgeGapsQuerySchema.safeParse({ status: 'closed' }).success).toBe(false);
    expect(KnowledgeGapResolutionBodySchema.safeParse({ key: ' ', resolved: true }).success).toBe(
      false,
    );
    expect(KnowledgeGapResolutionBodySchema.safeParse({ key: 'q' }).success).toBe(false);
  });
});

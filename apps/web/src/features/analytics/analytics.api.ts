import type {
  AnalyticsPeriod,
  EngagementReport,
  KnowledgeGapReport,
  KnowledgeGapResolution,
  KnowledgeGapResolutionBody,
  KnowledgeGapStatus,
  VoiceUsageReport,
} from '@fieldcraft/contracts';
import { api, uniqueEndpoints } from '../../shared/api/api';

export const analyticsApi = api
  .enhanceEndpoints({ addTagTypes: ['KnowledgeGapReport'] })
  .injectEndpoints({
    overrideExisting: uniqueEndpoints,
    endpoints: (build) => ({
      getVoiceUsage: build.query<VoiceUsageReport, AnalyticsPeriod>({
        query: (days) => `/api/owner/analytics/usage?days=${days}`,
      }),
      getEngagement: build.query<EngagementReport, AnalyticsPeriod>({
        query: (days) => `/api/owner/analytics/engagement?days=${days}`,
      }),
      getKnowledgeGaps: build.query<
        KnowledgeGapReport,
        { days: AnalyticsPeriod; status: KnowledgeGapStatus }
      >({
        query: ({ days, status }) =>
          `/api/owner/analytics/knowledge-gaps?days=${days}&status=${status}`,
        providesTags: ['KnowledgeGapReport'],
      }),
      setGapResolution: build.mutation<KnowledgeGapResolution, KnowledgeGapResolutionBody>({
        query: (body) => ({
          url: '/api/owner/analytics/knowledge-gaps/resolution',
          method: 'POST',
          body,
        }),
        invalidatesTags: ['KnowledgeGapReport'],
      }),
    }),
  });

export const {
  useGetVoiceUsageQuery,
  useGetEngagementQuery,
  useGetKnowledgeGapsQuery,
  useSetGapResolutionMutation,
} = analyticsApi;

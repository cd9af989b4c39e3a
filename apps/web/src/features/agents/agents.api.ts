import type {
  AgentDetail,
  AgentOverview,
  AgentRedeployResult,
  ContentItem,
  CreateAgentBody,
  UpdateAgentBody,
} from '@fieldcraft/contracts';
import { api, uniqueEndpoints } from '../../shared/api/api';

const LIST = 'LIST' as const;

/** Agent changes also change the Add Room dialog's agent choices and the voice agents list. */
const agentListTags = [
  { type: 'OwnerAgent' as const, id: LIST },
  { type: 'Agent' as const, id: LIST },
  { type: 'VoiceAgent' as const, id: LIST },
];

export const agentsApi = api.enhanceEndpoints({ addTagTypes: ['OwnerAgent'] }).injectEndpoints({
  overrideExisting: uniqueEndpoints,
  endpoints: (build) => ({
    getOwnerAgents: build.query<AgentOverview[], void>({
      query: () => '/api/owner/agents',
      providesTags: (agents = []) => [
        { type: 'OwnerAgent', id: LIST },
        ...agents.map((a) => ({ type: 'OwnerAgent' as const, id: a.id })),
      ],
    }),
    /** The library, for an agent's knowledge (owner: every item, active or not). */
    getKnowledgeChoices: build.query<ContentItem[], void>({
      query: () => '/api/dashboard/content/manage',
      providesTags: [{ type: 'ManagedContent', id: LIST }],
    }),
    createAgent: build.mutation<AgentDetail, CreateAgentBody>({
      query: (body) => ({ url: '/api/owner/agents', method: 'POST', body }),
      invalidatesTags: agentListTags,
    }),
    updateAgent: build.mutation<AgentDetail, { id: number } & UpdateAgentBody>({
      query: ({ id, ...body }) => ({ url: `/api/owner/agents/${id}`, method: 'PATCH', body }),
      invalidatesTags: (_r, _e, { id }) => [...agentListTags, { type: 'OwnerAgent', id }],
    }),
    deleteAgent: build.mutation<{ success: true }, number>({
      query: (id) => ({ url: `/api/owner/agents/${id}`, method: 'DELETE' }),
      invalidatesTags: agentListTags,
    }),
    redeployAgent: build.mutation<AgentRedeployResult, number>({
      query: (id) => ({ url: `/api/owner/agents/${id}/redeploy`, method: 'POST' }),
      invalidatesTags: (_r, _e, id) => [{ type: 'OwnerAgent', id }],
    }),
  }),
});

export const {
  useGetOwnerAgentsQuery,
  useGetKnowledgeChoicesQuery,
  useCreateAgentMutation,
  useUpdateAgentMutation,
  useDeleteAgentMutation,
  useRedeployAgentMutation,
} = agentsApi;

import type { AssistantAnswer, AssistantMessageBody } from '@fieldcraft/contracts';
import { api, uniqueEndpoints } from '../../../shared/api/api';

export const assistantChatApi = api.injectEndpoints({
  overrideExisting: uniqueEndpoints,
  endpoints: (build) => ({
    askAssistant: build.mutation<AssistantAnswer, AssistantMessageBody>({
      query: (body) => ({ url: '/api/assistant/messages', method: 'POST', body }),
    }),
  }),
});

export const { useAskAssistantMutation } = assistantChatApi;

import type { AssistantAnswer, AssistantMessageBody } from '@fieldcraft/contracts';
import { api } from '../../../shared/api/api';

export const assistantChatApi = api.injectEndpoints({
  endpoints: (build) => ({
    askAssistant: build.mutation<AssistantAnswer, AssistantMessageBody>({
      query: (body) => ({ url: '/api/assistant/messages', method: 'POST', body }),
    }),
  }),
});

export const { useAskAssistantMutation } = assistantChatApi;

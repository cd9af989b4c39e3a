import { lazy } from 'react';

// The assistant chat and agent management: one chunk per page.
export const AssistantChatPage = lazy(() =>
  import('../../features/conversations/assistant/components/assistant-chat-page').then((m) => ({
    default: m.AssistantChatPage,
  })),
);
export const AgentsPage = lazy(() =>
  import('../../features/agents/components/agents-page').then((m) => ({
    default: m.AgentsPage,
  })),
);

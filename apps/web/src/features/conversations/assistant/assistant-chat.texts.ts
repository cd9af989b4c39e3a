// The chat's own words (the spec's 'Ready to chat' texts belong to the room chat).
// docs/assistant-and-agents.md lists them.
export const assistantTexts = {
  title: 'AI Assistant Chat',
  subtitle:
    'Ask about anything in your content library. Answers quote the documents and link to the page they come from.',
  emptyTitle: 'Ask your library',
  emptyDescription:
    'Questions are answered from the documents, videos and news you can see, with links to the sources.',
  inputLabel: 'Your question',
  placeholder: 'Ask a question about your documents...',
  send: 'Send',
  newChat: 'New chat',
  thinking: 'AI Assistant is thinking...',
  assistantName: 'AI Assistant',
  failed: 'Sorry, the assistant could not answer just now. Please try again.',
  gapNote: 'Not covered by the library yet. The question was noted as a knowledge gap.',
  seeGaps: 'See knowledge gaps',
} as const;

/** How many earlier turns go with a question (the server keeps at most 12). */
export const HISTORY_TURNS = 12;

import type { ConversationDetail } from '@fieldcraft/contracts';
import type { NewChatMessage } from './use-chat-messages';

/** The server keeps 2000 characters of one context entry; the latest turns matter most. */
export const EARLIER_CONTEXT_MAX = 2000;

/** A past conversation's turns as chat messages, to show above the new ones. */
export function earlierMessages(detail: ConversationDetail): NewChatMessage[] {
  return detail.messages.map((m) => ({
    text: m.text,
    isUser: m.role === 'user',
    isError: false,
    citations: m.citations,
    feedback: m.feedback ?? undefined,
  }));
}

/**
 * What the advisor is told of the conversation being continued (a `contextual_update`): the
 * latest turns that fit, oldest first, each as 'User: …' or 'Advisor: …'. The server has no
 * resume of its own; the continuation is stored as a new conversation.
 */
export function earlierContext(detail: ConversationDetail): string {
  const head = 'Earlier conversation the user is continuing:';
  const lines: string[] = [];
  let size = head.length;
  for (const m of [...detail.messages].reverse()) {
    const line = `${m.role === 'user' ? 'User' : 'Advisor'}: ${m.text.replace(/\s+/g, ' ').trim()}`;
    if (size + line.length + 1 > EARLIER_CONTEXT_MAX) break;
    lines.unshift(line);
    size += line.length + 1;
  }
  return [head, ...lines].join('\n');
}

import type { Citation, CitationAttachment, ContentType } from '@fieldcraft/contracts';
import type { Conversation, MessageAttachment } from '@fieldcraft/voice-client';
import { useCallback, useRef, useState } from 'react';

/** The spec's client-side chat message, plus what an agent answer carries here. */
export interface ChatMessage {
  id: string;
  text: string;
  isUser: boolean;
  timestamp: number;
  isError: boolean;
  /** The agent turn's event id (feedback goes to it). */
  eventId?: number;
  citations: Citation[];
  feedback?: 'like' | 'dislike';
  /** For an error: what the connection said (e.g. the server's close reason). */
  detail?: string;
}

export type NewChatMessage = Omit<ChatMessage, 'id' | 'timestamp' | 'citations'> & {
  citations?: Citation[];
};

let nextId = 0;
const newId = () => `m${Date.now()}-${nextId++}`;

/** Our server's citation fields on a protocol attachment (other servers send only url/name/mime). */
export function citationOf(a: MessageAttachment): Citation | null {
  const c = a as Partial<CitationAttachment> & MessageAttachment;
  if (typeof c.content_id !== 'number') return null;
  return {
    contentId: c.content_id,
    title: c.name,
    type: (c.content_type ?? 'DOCUMENT') as ContentType,
    page: typeof c.page === 'number' ? c.page : 1,
    url: c.url || null,
  };
}

/** The room chat's transcript: messages added in order, error-styled ones, and their ratings. */
export function useChatMessages() {
  const [messages, setMessages] = useState<ChatMessage[]>([]);

  const add = useCallback((message: NewChatMessage) => {
    setMessages((list) => [
      ...list,
      { id: newId(), timestamp: Date.now(), citations: [], ...message },
    ]);
  }, []);
  const addError = useCallback(
    (text: string, detail?: string) => add({ text, isUser: false, isError: true, detail }),
    [add],
  );

  /** Thumbs up/down on an agent answer: once per answer; the choice stays shown. */
  const messagesRef = useRef(messages);
  messagesRef.current = messages;
  const rate = useCallback(
    (conversation: Conversation | null, messageId: string, like: boolean) => {
      const target = messagesRef.current.find((m) => m.id === messageId);
      if (!conversation || !target || target.feedback || target.eventId === undefined) return;
      if (!conversation.sendFeedback(like, target.eventId)) return;
      const feedback = like ? 'like' : 'dislike';
      setMessages((list) => list.map((m) => (m.id === messageId ? { ...m, feedback } : m)));
    },
    [],
  );

  return { messages, add, addError, rate };
}

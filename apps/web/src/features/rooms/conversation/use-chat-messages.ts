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
  /** An agent answer still being written (streamed parts); its full text replaces it. */
  streaming?: boolean;
  /** A turn of the earlier conversation this one continues (shown, not sent again). */
  earlier?: boolean;
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

  /**
   * Streamed answer text: 'start' opens a bubble for the turn, each 'delta' grows it, and the
   * turn's full `agent_response` (finishAgent) replaces it, so the text is never shown twice.
   */
  const streamPart = useCallback((eventId: number | undefined, text: string, start: boolean) => {
    setMessages((list) => {
      const last = list[list.length - 1];
      if (last && last.streaming && last.eventId === eventId) {
        const next = start ? text : last.text + text;
        return [...list.slice(0, -1), { ...last, text: next }];
      }
      return [
        ...list,
        {
          id: newId(),
          timestamp: Date.now(),
          citations: [],
          text,
          isUser: false,
          isError: false,
          eventId,
          streaming: true,
        },
      ];
    });
  }, []);

  /** An agent turn's full text: it replaces the streamed bubble of the same turn, if any. */
  const finishAgent = useCallback(
    (message: NewChatMessage, question?: NewChatMessage, beforeLastQuestion = false) => {
      setMessages((list) => {
        if (beforeLastQuestion) {
          // The greeting of a conversation started by a typed question: it goes before it.
          const rest = list.filter((m) => !(m.streaming && m.eventId === message.eventId));
          const at = rest.findLastIndex((m) => m.isUser && !m.earlier);
          const done: ChatMessage = {
            id: newId(),
            timestamp: Date.now(),
            citations: [],
            ...message,
          };
          if (at >= 0) return [...rest.slice(0, at), done, ...rest.slice(at)];
        }
        const at = list.findIndex(
          (m) => m.streaming && message.eventId !== undefined && m.eventId === message.eventId,
        );
        const done: ChatMessage = { id: newId(), timestamp: Date.now(), citations: [], ...message };
        const asked: ChatMessage[] = question
          ? [{ id: newId(), timestamp: Date.now(), citations: [], ...question }]
          : [];
        // A saved question's answer (question given) goes after it, at the end.
        if (at < 0 || question) return [...list.filter((m) => !m.streaming), ...asked, done];
        return list.map((m, i) => (i === at ? { ...done, id: m.id } : m));
      });
    },
    [],
  );

  /** The turns of a past conversation this one continues, before anything said now. */
  const setEarlier = useCallback((earlier: NewChatMessage[]) => {
    setMessages((list) => [
      ...earlier.map((m) => ({
        id: newId(),
        timestamp: Date.now(),
        citations: [],
        ...m,
        earlier: true,
      })),
      ...list.filter((m) => !m.earlier),
    ]);
  }, []);

  return { messages, add, addError, rate, streamPart, finishAgent, setEarlier };
}

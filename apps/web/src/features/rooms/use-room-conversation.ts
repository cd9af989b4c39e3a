import type { Citation, CitationAttachment, ContentType, User } from '@fieldcraft/contracts';
import {
  Conversation,
  type MessageAttachment,
  type Mode,
  type SessionCallbacks,
  type Status,
  VoiceClientError,
} from '@fieldcraft/voice-client';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../../app/api';
import { config } from '../../app/config';
import { useAppDispatch } from '../../app/hooks';
import type { VoicePreferences } from './voice-preferences';
import { roomConversationsTag, useGetRoomSignedUrlMutation } from './voice.api';

export const CONNECTION_ERROR_TEXT = 'Sorry, there was a connection error. Please try again.';
export const SEND_ERROR_TEXT = 'Sorry, failed to send message. Please try again.';

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

/** Why a session runs without the microphone; null while voice is on (or no session). */
export type TextOnlyReason = 'microphone' | 'audio' | null;

const AUDIO_FAILURES = new Set(['MICROPHONE_FAILED', 'WORKLET_LOAD_FAILED', 'AUDIO_FAILED']);

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

/** A signed URL as the socket needs it: absolute, ws(s). The server may answer with a path. */
function socketUrl(signedUrl: string): string {
  const scheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  if (signedUrl.startsWith('/')) return `${scheme}//${window.location.host}${signedUrl}`;
  return signedUrl.replace(/^http(s?):/i, 'ws$1:');
}

export interface UseRoomConversationOptions {
  roomId: number;
  user: User;
  preferences: VoicePreferences;
}

/**
 * The room's live session on @fieldcraft/voice-client: start (signed URL, dynamic variables,
 * text-only fallback when the microphone cannot be opened), the chat rules of the spec (send
 * blocked when empty / agent typing / not connected, the 1000 ms duplicate guard, 'agent
 * typing' set on send and cleared by the agent's message, error-styled messages), feedback,
 * the noisy-site microphone controls, and the end of the session on unmount.
 */
export function useRoomConversation({ roomId, user, preferences }: UseRoomConversationOptions) {
  const dispatch = useAppDispatch();
  const [getSignedUrl] = useGetRoomSignedUrlMutation();
  const [status, setStatus] = useState<Status>('disconnected');
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [agentTyping, setAgentTyping] = useState(false);
  const [mode, setMode] = useState<Mode>('listening');
  const [textOnlyReason, setTextOnlyReason] = useState<TextOnlyReason>(null);
  const [audioChunks, setAudioChunks] = useState(0);
  const [talkHeld, setTalkHeld] = useState(false);
  const [session, setSession] = useState<Conversation | null>(null);
  const sessionRef = useRef<Conversation | null>(null);
  const startingRef = useRef(false);
  const mountedRef = useRef(true);
  const lastSentRef = useRef<{ text: string; at: number } | null>(null);

  const add = useCallback(
    (message: Omit<ChatMessage, 'id' | 'timestamp' | 'citations'> & { citations?: Citation[] }) => {
      setMessages((list) => [
        ...list,
        { id: newId(), timestamp: Date.now(), citations: [], ...message },
      ]);
    },
    [],
  );
  const addError = useCallback(
    (text: string, detail?: string) => add({ text, isUser: false, isError: true, detail }),
    [add],
  );

  useEffect(() => {
    mountedRef.current = true;
    return () => {
      mountedRef.current = false;
      // Leaving the page (navigation, unmount) ends the session and frees the microphone.
      void sessionRef.current?.endSession();
      sessionRef.current = null;
    };
  }, []);

  const start = useCallback(async () => {
    if (startingRef.current || sessionRef.current) return;
    startingRef.current = true;
    setStatus('connecting');
    setTextOnlyReason(null);
    setAudioChunks(0);
    let current: Conversation | null = null;
    const callbacks: SessionCallbacks = {
      onStatusChange: ({ status: next }) => {
        // During the start this page shows 'connecting' itself (a voice attempt may fail and a
        // text-only one follow); afterwards the session's own changes are shown.
        if (current && sessionRef.current === current) setStatus(next);
      },
      onModeChange: ({ mode: next }) => setMode(next),
      onAudio: () => setAudioChunks((n) => n + 1),
      onMessage: ({ source, message, eventId, attachments }) => {
        if (source === 'ai') {
          add({
            text: message,
            isUser: false,
            isError: false,
            eventId,
            citations: (attachments ?? []).map(citationOf).filter((c): c is Citation => c !== null),
          });
          setAgentTyping(false);
        } else {
          // A spoken turn, as the server recognised it: the agent answers it next.
          add({ text: message, isUser: true, isError: false });
          setAgentTyping(true);
        }
      },
      onDisconnect: ({ reason, message }) => {
        if (sessionRef.current === current) {
          sessionRef.current = null;
          setSession(null);
        }
        if (!mountedRef.current) return;
        setStatus('disconnected');
        setAgentTyping(false);
        setMode('listening');
        setTalkHeld(false);
        if (reason === 'error') addError(CONNECTION_ERROR_TEXT, message);
        // The conversation is stored now: the room's past conversations grow by one. The server
        // finishes the row (end, duration) as its side of the socket closes, which can be a
        // moment after ours, so the list is read once more shortly after.
        const refresh = () => dispatch(api.util.invalidateTags([roomConversationsTag(roomId)]));
        refresh();
        setTimeout(() => {
          if (mountedRef.current) refresh();
        }, config.chat.historyRefreshDelayMs);
      },
    };
    const attempt = async (textOnly: boolean) => {
      const { signedUrl } = await getSignedUrl(roomId).unwrap();
      return Conversation.startSession({
        signedUrl: socketUrl(signedUrl),
        textOnly,
        muteMicWhileAgentSpeaks: preferences.muteWhileAgentSpeaks,
        dynamicVariables: {
          user_name: user.firstName?.trim() || user.username,
          user_role: user.role,
          username: user.username,
        },
        ...callbacks,
      });
    };
    try {
      let conversation: Conversation;
      try {
        conversation = await attempt(false);
      } catch (error) {
        if (!(error instanceof VoiceClientError) || !AUDIO_FAILURES.has(error.code)) throw error;
        // No microphone (denied, missing, or no audio support): typed chat still works.
        console.warn('Voice is unavailable; continuing with a text-only session', error);
        if (!mountedRef.current) return;
        setTextOnlyReason(error.code === 'MICROPHONE_FAILED' ? 'microphone' : 'audio');
        conversation = await attempt(true);
      }
      current = conversation;
      if (!mountedRef.current) {
        void conversation.endSession();
        return;
      }
      sessionRef.current = conversation;
      setSession(conversation);
      setStatus(conversation.getStatus());
    } catch (error) {
      // Start failures: the spec logs them; the chat also says so in its own words.
      console.warn('Voice session start failed', error);
      if (!mountedRef.current) return;
      setStatus('disconnected');
      setTextOnlyReason(null);
      addError(CONNECTION_ERROR_TEXT);
    } finally {
      startingRef.current = false;
    }
  }, [add, addError, dispatch, getSignedUrl, preferences.muteWhileAgentSpeaks, roomId, user]);

  const end = useCallback(() => {
    void sessionRef.current?.endSession();
  }, []);

  /**
   * The spec's send rules. Returns true when the text was taken (the input may be cleared);
   * false when blocked or ignored as a duplicate.
   */
  const send = useCallback(
    (raw: string): boolean => {
      const text = raw.trim();
      const conversation = sessionRef.current;
      if (!text || agentTyping || status !== 'connected' || !conversation) return false;
      const now = Date.now();
      const last = lastSentRef.current;
      if (last && last.text === text && now - last.at < config.chat.duplicateWindowMs) return false;
      lastSentRef.current = { text, at: now };
      add({ text, isUser: true, isError: false });
      let sent = false;
      try {
        sent = conversation.sendUserMessage(text);
      } catch (error) {
        console.warn('Sending a message failed', error);
      }
      if (sent) setAgentTyping(true);
      else addError(SEND_ERROR_TEXT);
      return true;
    },
    [add, addError, agentTyping, status],
  );

  const setDraft = useCallback((text: string) => sessionRef.current?.setDraft(text), []);
  const signalActivity = useCallback(() => sessionRef.current?.sendUserActivity(), []);

  /** Thumbs up/down on an agent answer: once per answer; the choice stays shown. */
  const messagesRef = useRef(messages);
  messagesRef.current = messages;
  const sendFeedback = useCallback((messageId: string, like: boolean) => {
    const conversation = sessionRef.current;
    const target = messagesRef.current.find((m) => m.id === messageId);
    if (!conversation || !target || target.feedback || target.eventId === undefined) return;
    if (!conversation.sendFeedback(like, target.eventId)) return;
    const feedback = like ? 'like' : 'dislike';
    setMessages((list) => list.map((m) => (m.id === messageId ? { ...m, feedback } : m)));
  }, []);

  // The microphone: muted by the toggle, or by hold-to-talk unless the button is held.
  const micMuted = preferences.muted || (preferences.holdToTalk && !talkHeld);
  useEffect(() => {
    session?.setMicMuted(micMuted);
  }, [session, micMuted]);
  useEffect(() => {
    session?.setMuteMicWhileAgentSpeaks(preferences.muteWhileAgentSpeaks);
  }, [session, preferences.muteWhileAgentSpeaks]);

  return {
    status,
    messages,
    agentTyping,
    mode,
    textOnlyReason,
    audioChunks,
    micMuted,
    talkHeld,
    setTalkHeld,
    canRate: session !== null,
    start,
    end,
    send,
    setDraft,
    signalActivity,
    sendFeedback,
  };
}

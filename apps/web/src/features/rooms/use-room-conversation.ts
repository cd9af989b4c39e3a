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
import { api } from '../../shared/api/api';
import { config } from '../../shared/config';
import { useAppDispatch } from '../../shared/store/hooks';
import { type QueuedQuestion, dequeue, enqueue, readQueue } from './offline-queue';
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

/** A question typed without signal, as the chat shows it. */
export interface QueuedChatQuestion extends QueuedQuestion {
  /** Sent over the session; it leaves the queue when the agent's answer arrives. */
  sent: boolean;
}

/** After a session started to send saved questions connects, this long for a greeting first. */
export const QUEUE_SETTLE_MS = 1500;
/** A sending that failed, or a session that dropped while online, is tried again this often. */
export const QUEUE_RETRY_MS = 10_000;

const isOnline = () => (typeof navigator === 'undefined' ? true : navigator.onLine !== false);

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
  /** Stores a change of the room's choices (a failed switch back to voice sets text mode). */
  onPreferencesChange?: (change: Partial<VoicePreferences>) => void;
  /** False when this user may not start a conversation here (a paused room). */
  canStart?: boolean;
}

/**
 * The room's live session on @fieldcraft/voice-client: start (signed URL, dynamic variables,
 * text-only fallback when the microphone cannot be opened), the chat rules of the spec (send
 * blocked when empty / agent typing / not connected, the 1000 ms duplicate guard, 'agent
 * typing' set on send and cleared by the agent's message, error-styled messages), feedback,
 * the noisy-site microphone controls, and the end of the session on unmount.
 */
export function useRoomConversation({
  roomId,
  user,
  preferences,
  onPreferencesChange,
  canStart = true,
}: UseRoomConversationOptions) {
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
  /** The running session was started with voice (so its microphone can be switched). */
  const [sessionVoice, setSessionVoice] = useState(false);
  const [micFailed, setMicFailed] = useState(false);
  const sessionRef = useRef<Conversation | null>(null);
  const startingRef = useRef(false);
  const mountedRef = useRef(true);
  const lastSentRef = useRef<{ text: string; at: number } | null>(null);
  const preferencesRef = useRef(preferences);
  preferencesRef.current = preferences;

  // ---- the offline queue -------------------------------------------------------------------
  const [online, setOnline] = useState(isOnline);
  /** The last session dropped (socket error) while the browser still said online. */
  const [dropped, setDropped] = useState(false);
  const [queue, setQueue] = useState<QueuedQuestion[]>(() => readQueue(user.id, roomId));
  /** The queued question sent over the session and waiting for its answer. */
  const inFlightRef = useRef<QueuedQuestion | null>(null);
  const [inFlightId, setInFlightId] = useState<string | null>(null);
  /** Saved questions wait for this moment after a start (a greeting may come first). */
  const readyAtRef = useRef(0);
  /** Set by the signal coming back (or the page opening with saved questions): start once. */
  const resumeRef = useRef(queue.length > 0);
  const [tick, setTick] = useState(0);
  const offline = !online || dropped;

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

  useEffect(() => {
    const goOnline = () => {
      setOnline(true);
      setDropped(false);
      resumeRef.current = true;
      setTick((n) => n + 1);
    };
    const goOffline = () => setOnline(false);
    window.addEventListener('online', goOnline);
    window.addEventListener('offline', goOffline);
    // Another tab of this room sent or removed a saved question.
    const onStorage = (e: StorageEvent) => {
      if (e.key === null || e.key.startsWith('room_chat_queue_'))
        setQueue(readQueue(user.id, roomId));
    };
    window.addEventListener('storage', onStorage);
    return () => {
      window.removeEventListener('online', goOnline);
      window.removeEventListener('offline', goOffline);
      window.removeEventListener('storage', onStorage);
    };
  }, [roomId, user.id]);

  /**
   * Starts a session. Voice unless the room's choice is text mode (or `voice` says otherwise);
   * `quiet` (a start made to send saved questions) only logs a failure.
   */
  const start = useCallback(
    async ({ voice, quiet = false }: { voice?: boolean; quiet?: boolean } = {}) => {
      if (startingRef.current || sessionRef.current) return;
      startingRef.current = true;
      const withVoice = voice ?? !preferencesRef.current.textMode;
      setStatus('connecting');
      setTextOnlyReason(null);
      setMicFailed(false);
      setAudioChunks(0);
      let current: Conversation | null = null;
      const callbacks: SessionCallbacks = {
        onStatusChange: ({ status: next }) => {
          // During the start this page shows 'connecting' itself (a voice attempt may fail and
          // a text-only one follow); afterwards the session's own changes are shown.
          if (current && sessionRef.current === current) setStatus(next);
        },
        onModeChange: ({ mode: next }) => setMode(next),
        onAudio: () => setAudioChunks((n) => n + 1),
        onMessage: ({ source, message, eventId, attachments }) => {
          if (source === 'ai') {
            // A saved question's answer: the question joins the conversation, then the answer.
            const answered = inFlightRef.current;
            if (answered) {
              inFlightRef.current = null;
              setInFlightId(null);
              setQueue(dequeue(user.id, roomId, answered.id).queue);
              add({ text: answered.text, isUser: true, isError: false });
            }
            add({
              text: message,
              isUser: false,
              isError: false,
              eventId,
              citations: (attachments ?? [])
                .map(citationOf)
                .filter((c): c is Citation => c !== null),
            });
            setAgentTyping(false);
          } else {
            // A spoken turn, as the server recognised it: the agent answers it next.
            add({ text: message, isUser: true, isError: false });
            setAgentTyping(true);
          }
        },
        onDisconnect: ({ reason, message, code }) => {
          if (sessionRef.current === current) {
            sessionRef.current = null;
            setSession(null);
          }
          // A saved question sent but not answered stays saved and is sent again.
          inFlightRef.current = null;
          if (!mountedRef.current) return;
          setInFlightId(null);
          setStatus('disconnected');
          setSessionVoice(false);
          setAgentTyping(false);
          setMode('listening');
          setTalkHeld(false);
          if (reason === 'error' && code === 1008) {
            // The server ended it on purpose (access ended, signed out, a refused frame): its
            // reason is the message, not a connection error worth trying again.
            addError(message);
          } else if (reason === 'error') {
            addError(CONNECTION_ERROR_TEXT, message);
            // Dropped rather than refused: questions typed now wait for the connection.
            if (code === 1006 || !isOnline()) setDropped(true);
          }
          // The conversation is stored now: the room's past conversations grow by one. The
          // server finishes the row (end, duration) as its side of the socket closes, which can
          // be a moment after ours, so the list is read once more shortly after.
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
          muteMicWhileAgentSpeaks: preferencesRef.current.muteWhileAgentSpeaks,
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
        let voiceOn = withVoice;
        if (!withVoice) conversation = await attempt(true);
        else {
          try {
            conversation = await attempt(false);
          } catch (error) {
            if (!(error instanceof VoiceClientError) || !AUDIO_FAILURES.has(error.code))
              throw error;
            // No microphone (denied, missing, or no audio support): typed chat still works.
            console.warn('Voice is unavailable; continuing with a text-only session', error);
            if (!mountedRef.current) return;
            setTextOnlyReason(error.code === 'MICROPHONE_FAILED' ? 'microphone' : 'audio');
            voiceOn = false;
            conversation = await attempt(true);
          }
        }
        current = conversation;
        if (!mountedRef.current) {
          void conversation.endSession();
          return;
        }
        sessionRef.current = conversation;
        readyAtRef.current = Date.now() + QUEUE_SETTLE_MS;
        setSession(conversation);
        setSessionVoice(voiceOn);
        setDropped(false);
        setStatus(conversation.getStatus());
      } catch (error) {
        // Start failures: the spec logs them; the chat also says so in its own words.
        console.warn('Voice session start failed', error);
        if (!mountedRef.current) return;
        setStatus('disconnected');
        setTextOnlyReason(null);
        // A start made for saved questions fails quietly and is tried again later.
        if (quiet) setDropped(true);
        else addError(CONNECTION_ERROR_TEXT);
      } finally {
        startingRef.current = false;
      }
    },
    [add, addError, dispatch, getSignedUrl, roomId, user],
  );

  const end = useCallback(() => {
    // The user's own end: saved questions wait for the next start, none is started for them.
    resumeRef.current = false;
    void sessionRef.current?.endSession();
  }, []);

  /**
   * The spec's send rules. Returns true when the text was taken (the input may be cleared);
   * false when blocked or ignored as a duplicate. Without signal (or while saved questions
   * wait) the question is saved on this device and sent later, in order.
   */
  const send = useCallback(
    (raw: string): boolean => {
      const text = raw.trim();
      if (!text) return false;
      const conversation = sessionRef.current;
      const queueing = offline || queue.length > 0;
      if (!queueing && (agentTyping || status !== 'connected' || !conversation)) return false;
      const now = Date.now();
      const last = lastSentRef.current;
      if (last && last.text === text && now - last.at < config.chat.duplicateWindowMs) return false;
      lastSentRef.current = { text, at: now };
      if (queueing || !conversation) {
        setQueue(enqueue(user.id, roomId, text, now));
        return true;
      }
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
    [add, addError, agentTyping, offline, queue.length, roomId, status, user.id],
  );

  /** Drops a saved question that has not been sent. */
  const removeQueued = useCallback(
    (id: string) => {
      if (inFlightRef.current?.id === id) return;
      setQueue(dequeue(user.id, roomId, id).queue);
    },
    [roomId, user.id],
  );

  // Saved questions go out once there is signal: the conversation is started (or resumed) as
  // needed, then one question at a time, each after the previous one's answer.
  useEffect(() => {
    if (offline || queue.length === 0) return undefined;
    const conversation = sessionRef.current;
    if (!conversation) {
      if (status !== 'disconnected' || startingRef.current || !canStart || !resumeRef.current)
        return undefined;
      resumeRef.current = false;
      void start({ quiet: true });
      return undefined;
    }
    if (status !== 'connected' || agentTyping || inFlightRef.current) return undefined;
    const wait = readyAtRef.current - Date.now();
    if (wait > 0) {
      const timer = setTimeout(() => setTick((n) => n + 1), wait);
      return () => clearTimeout(timer);
    }
    // Another tab may have sent or removed it meanwhile: the stored queue decides.
    const stored = readQueue(user.id, roomId);
    const head = stored[0];
    if (!head || head.id !== queue[0]?.id) {
      setQueue(stored);
      return undefined;
    }
    let sent = false;
    try {
      sent = conversation.sendUserMessage(head.text);
    } catch (error) {
      console.warn('Sending a saved question failed', error);
    }
    if (sent) {
      inFlightRef.current = head;
      setInFlightId(head.id);
      setAgentTyping(true);
      return undefined;
    }
    // Not sent (the socket is closing, say): it stays saved; try again shortly.
    const timer = setTimeout(() => setTick((n) => n + 1), QUEUE_RETRY_MS);
    return () => clearTimeout(timer);
  }, [agentTyping, canStart, offline, queue, roomId, start, status, tick, user.id]);

  // A session that dropped while the browser says online: try again now and then while
  // questions wait (the 'online' event may never come).
  useEffect(() => {
    if (!dropped || !online || queue.length === 0) return undefined;
    const timer = setInterval(() => {
      setDropped(false);
      resumeRef.current = true;
    }, QUEUE_RETRY_MS);
    return () => clearInterval(timer);
  }, [dropped, online, queue.length]);

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

  // Text mode during a voice session: the microphone's tracks are stopped (its indicator goes
  // off) and agent audio is not played; back to voice opens the microphone again.
  const textMode = preferences.textMode;
  useEffect(() => {
    if (!session || !sessionVoice) return;
    session.setOutputEnabled(!textMode);
    setMode('listening');
    setTalkHeld(false);
    session.setInputEnabled(!textMode).then(
      () => {
        if (!textMode && mountedRef.current) setMicFailed(false);
      },
      (error: unknown) => {
        console.warn('The microphone could not be opened again', error);
        if (!mountedRef.current) return;
        session.setOutputEnabled(false);
        setMicFailed(true);
        onPreferencesChange?.({ textMode: true });
      },
    );
  }, [session, sessionVoice, textMode, onPreferencesChange]);

  /**
   * The one-tap switch. A session started as text only has no voice on the server's side, so
   * switching it to voice starts a new, voice conversation (the messages stay on screen).
   */
  const setTextMode = useCallback(
    (on: boolean) => {
      onPreferencesChange?.({ textMode: on });
      if (!on) setMicFailed(false);
      const conversation = sessionRef.current;
      if (!on && conversation && !sessionVoice) {
        void conversation.endSession().then(() => {
          if (mountedRef.current) void start({ voice: true });
        });
      }
    },
    [onPreferencesChange, sessionVoice, start],
  );

  const queued: QueuedChatQuestion[] = queue.map((q) => ({ ...q, sent: q.id === inFlightId }));

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
    /** A voice session runs with its microphone on (not text mode, not a text-only session). */
    voiceLive: session !== null && status === 'connected' && sessionVoice && !textMode,
    /** The microphone could not be opened again on the switch back to voice. */
    micFailed,
    setTextMode,
    offline,
    queued,
    removeQueued,
    start,
    end,
    send,
    setDraft,
    signalActivity,
    sendFeedback,
  };
}

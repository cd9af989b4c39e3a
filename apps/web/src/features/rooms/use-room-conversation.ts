// Over 300 lines: start, send (typing before Start included), end, the text/voice switch and
// continuing a past conversation share the session's refs and callbacks; the transcript, saved
// questions, audio, the earlier turns and the socket's opening are helpers of their own (conversation/).
import type { Citation, ConversationDetail, User } from '@fieldcraft/contracts';
import type { Conversation, SessionCallbacks, Status } from '@fieldcraft/voice-client';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../../shared/api/api';
import { config } from '../../shared/config';
import { useAppDispatch } from '../../shared/store/hooks';
import { openRoomSession } from './conversation/open-room-session';
import { citationOf, useChatMessages } from './conversation/use-chat-messages';
import {
  QUEUE_SETTLE_MS,
  isOnline,
  useOfflineQuestions,
  useSendSavedQuestions,
} from './conversation/use-offline-questions';
import { earlierContext, earlierMessages } from './conversation/earlier-conversation';
import { useRoomAudio } from './conversation/use-room-audio';
import type { VoicePreferences } from './voice-preferences';
import { roomConversationsTag, useGetRoomSignedUrlMutation } from './voice.api';

export const CONNECTION_ERROR_TEXT = 'Sorry, there was a connection error. Please try again.';
export const SEND_ERROR_TEXT = 'Sorry, failed to send message. Please try again.';

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
 * and the end of the session on unmount. The transcript (conversation/use-chat-messages), the
 * questions saved without signal (conversation/use-offline-questions) and the microphone
 * (conversation/use-room-audio) are hooks of their own; this one runs the connection.
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
  const [agentTyping, setAgentTyping] = useState(false);
  const [session, setSession] = useState<Conversation | null>(null);
  /** The running session was started with voice (so its microphone can be switched). */
  const [sessionVoice, setSessionVoice] = useState(false);
  const sessionRef = useRef<Conversation | null>(null);
  const startingRef = useRef(false);
  const mountedRef = useRef(true);
  const lastSentRef = useRef<{ text: string; at: number } | null>(null);
  const preferencesRef = useRef(preferences);
  preferencesRef.current = preferences;

  const { messages, add, addError, rate, streamPart, finishAgent, setEarlier } = useChatMessages();
  /** The past conversation this one continues: told to the advisor when a session opens. */
  const earlierRef = useRef<string | null>(null);
  /** A question typed before Start: sent after the agent's greeting (or a short wait). */
  const pendingFirstRef = useRef<string | null>(null);
  const sendPendingFirst = useCallback(() => {
    const text = pendingFirstRef.current;
    const conversation = sessionRef.current;
    if (!text || !conversation) return;
    pendingFirstRef.current = null;
    let sent = false;
    try {
      sent = conversation.sendUserMessage(text);
    } catch (error) {
      console.warn('Sending a message failed', error);
    }
    if (sent) setAgentTyping(true);
    else addError(SEND_ERROR_TEXT);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const [continuing, setContinuing] = useState<ConversationDetail | null>(null);
  const questions = useOfflineQuestions({ userId: user.id, roomId });
  const { offline, queue, setDropped, inFlightRef, setInFlightId, readyAtRef, resumeRef } =
    questions;
  const { takeAnswered, save } = questions;
  const audio = useRoomAudio({
    session,
    sessionVoice,
    preferences,
    onPreferencesChange,
    mountedRef,
  });
  const { setMode, setTextOnlyReason, setAudioChunks, setTalkHeld, setMicFailed } = audio;

  useEffect(() => {
    mountedRef.current = true;
    return () => {
      mountedRef.current = false;
      // Leaving the page (navigation, unmount) ends the session and frees the microphone.
      void sessionRef.current?.endSession();
      sessionRef.current = null;
    };
  }, []);

  /**
   * Starts a session. Voice unless the room's choice is text mode (or `voice` says otherwise);
   * `quiet` (a start made to send saved questions) only logs a failure and never opens the
   * microphone (nobody asked for it); `firstMessage` is sent as soon as the session is open.
   */
  const start = useCallback(
    async ({
      voice,
      quiet = false,
      firstMessage,
    }: { voice?: boolean; quiet?: boolean; firstMessage?: string } = {}) => {
      if (startingRef.current || sessionRef.current) return;
      startingRef.current = true;
      const withVoice = quiet ? false : (voice ?? !preferencesRef.current.textMode);
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
        // The answer's text as it is written; its agent_response completes it.
        onAgentChatResponsePart: ({ text, type, eventId }) => {
          if (type !== 'stop') streamPart(eventId, text, type === 'start');
        },
        onMessage: ({ source, message, eventId, attachments }) => {
          if (source === 'ai') {
            // A saved question's answer: the question joins the conversation, then the answer.
            const answered = takeAnswered();
            finishAgent(
              {
                text: message,
                isUser: false,
                isError: false,
                eventId,
                citations: (attachments ?? [])
                  .map(citationOf)
                  .filter((c): c is Citation => c !== null),
              },
              answered ? { text: answered.text, isUser: true, isError: false } : undefined,
              pendingFirstRef.current !== null,
            );
            setAgentTyping(false);
            // The greeting came: the question typed before Start goes now, after it.
            if (pendingFirstRef.current) sendPendingFirst();
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
          pendingFirstRef.current = null;
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
      try {
        const opened = await openRoomSession({
          signedUrl: async () => (await getSignedUrl(roomId).unwrap()).signedUrl,
          user,
          withVoice,
          muteMicWhileAgentSpeaks: () => preferencesRef.current.muteWhileAgentSpeaks,
          callbacks,
          onVoiceUnavailable: (reason) => {
            if (!mountedRef.current) return false;
            setTextOnlyReason(reason);
            return true;
          },
        });
        if (!opened) return;
        const { conversation, voiceOn } = opened;
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
        // Continuing a past conversation: the advisor is told what was said then.
        if (earlierRef.current) conversation.sendContextualUpdate(earlierRef.current, 'earlier');
        if (firstMessage) {
          // Sent once the agent's greeting is in (so the answer follows the question), or
          // after the settle time when the agent has no greeting.
          pendingFirstRef.current = firstMessage;
          setAgentTyping(true);
          setTimeout(() => {
            if (mountedRef.current && sessionRef.current === conversation) sendPendingFirst();
          }, QUEUE_SETTLE_MS);
        }
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
    // The other setters and refs it uses come from the hooks above and never change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [add, addError, dispatch, getSignedUrl, roomId, user, takeAnswered, streamPart, finishAgent],
  );

  const end = useCallback(() => {
    // The user's own end: saved questions wait for the next start, none is started for them.
    resumeRef.current = false;
    void sessionRef.current?.endSession();
  }, [resumeRef]);

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
      if (!queueing && !conversation && status === 'disconnected' && !startingRef.current) {
        // Typing before Start: the conversation starts in text mode (remembered for the room)
        // with this question; the microphone stays off.
        if (!canStart) return false;
        lastSentRef.current = { text, at: Date.now() };
        add({ text, isUser: true, isError: false });
        onPreferencesChange?.({ textMode: true });
        void start({ voice: false, firstMessage: text });
        return true;
      }
      if (!queueing && (agentTyping || status !== 'connected' || !conversation)) return false;
      const now = Date.now();
      const last = lastSentRef.current;
      if (last && last.text === text && now - last.at < config.chat.duplicateWindowMs) return false;
      lastSentRef.current = { text, at: now };
      if (queueing || !conversation) {
        save(text, now);
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
    [
      add,
      addError,
      agentTyping,
      canStart,
      offline,
      onPreferencesChange,
      queue.length,
      save,
      start,
      status,
    ],
  );

  useSendSavedQuestions({
    questions,
    userId: user.id,
    roomId,
    sessionRef,
    startingRef,
    status,
    agentTyping,
    setAgentTyping,
    canStart,
    start,
  });

  const setDraft = useCallback((text: string) => sessionRef.current?.setDraft(text), []);
  const signalActivity = useCallback(() => sessionRef.current?.sendUserActivity(), []);
  const sendFeedback = useCallback(
    (messageId: string, like: boolean) => rate(sessionRef.current, messageId, like),
    [rate],
  );

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
    [onPreferencesChange, sessionVoice, setMicFailed, start],
  );

  /**
   * Continue a past conversation: its turns are shown above, and the advisor gets them as
   * context (now if a session runs, else when the next one opens). Nothing is started here.
   */
  const continueFrom = useCallback(
    (detail: ConversationDetail) => {
      earlierRef.current = earlierContext(detail);
      setContinuing(detail);
      setEarlier(earlierMessages(detail));
      sessionRef.current?.sendContextualUpdate(earlierRef.current, 'earlier');
    },
    [setEarlier],
  );
  const inputVolume = useCallback(() => sessionRef.current?.getInputVolume() ?? 0, []);

  return {
    status,
    continuing,
    continueFrom,
    inputVolume,
    messages,
    agentTyping,
    mode: audio.mode,
    textOnlyReason: audio.textOnlyReason,
    audioChunks: audio.audioChunks,
    micMuted: audio.micMuted,
    talkHeld: audio.talkHeld,
    setTalkHeld,
    canRate: session !== null,
    /** A voice session runs with its microphone on (not text mode, not a text-only session). */
    voiceLive: session !== null && status === 'connected' && sessionVoice && !audio.textMode,
    /** The microphone could not be opened again on the switch back to voice. */
    micFailed: audio.micFailed,
    setTextMode,
    offline,
    queued: questions.queued,
    removeQueued: questions.removeQueued,
    start,
    end,
    send,
    setDraft,
    signalActivity,
    sendFeedback,
  };
}

import type { Conversation, Status } from '@fieldcraft/voice-client';
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { type QueuedQuestion, dequeue, enqueue, readQueue } from '../offline-queue';

/** A question typed without signal, as the chat shows it. */
export interface QueuedChatQuestion extends QueuedQuestion {
  /** Sent over the session; it leaves the queue when the agent's answer arrives. */
  sent: boolean;
}

/** After a session started to send saved questions connects, this long for a greeting first. */
export const QUEUE_SETTLE_MS = 1500;
/** A sending that failed, or a session that dropped while online, is tried again this often. */
export const QUEUE_RETRY_MS = 10_000;

export const isOnline = () =>
  typeof navigator === 'undefined' ? true : navigator.onLine !== false;

/**
 * Questions typed without signal (offline-queue.ts): saved on this device per user and room,
 * kept in step with other tabs, and told apart from the one sent and awaiting its answer.
 */
export function useOfflineQuestions({ userId, roomId }: { userId: number; roomId: number }) {
  const [online, setOnline] = useState(isOnline);
  /** The last session dropped (socket error) while the browser still said online. */
  const [dropped, setDropped] = useState(false);
  const [queue, setQueue] = useState<QueuedQuestion[]>(() => readQueue(userId, roomId));
  /** The queued question sent over the session and waiting for its answer. */
  const inFlightRef = useRef<QueuedQuestion | null>(null);
  const [inFlightId, setInFlightId] = useState<string | null>(null);
  /** Saved questions wait for this moment after a start (a greeting may come first). */
  const readyAtRef = useRef(0);
  /** Set by the signal coming back (or the page opening with saved questions): start once. */
  const resumeRef = useRef(queue.length > 0);
  const [tick, setTick] = useState(0);
  const offline = !online || dropped;

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
        setQueue(readQueue(userId, roomId));
    };
    window.addEventListener('storage', onStorage);
    return () => {
      window.removeEventListener('online', goOnline);
      window.removeEventListener('offline', goOffline);
      window.removeEventListener('storage', onStorage);
    };
  }, [roomId, userId]);

  /** The agent answered: the saved question it answered (if any) leaves the queue. */
  const takeAnswered = useCallback((): QueuedQuestion | null => {
    const answered = inFlightRef.current;
    if (!answered) return null;
    inFlightRef.current = null;
    setInFlightId(null);
    setQueue(dequeue(userId, roomId, answered.id).queue);
    return answered;
  }, [roomId, userId]);

  /** Saves a question to send later, in order. */
  const save = useCallback(
    (text: string, now: number) => setQueue(enqueue(userId, roomId, text, now)),
    [roomId, userId],
  );

  /** Drops a saved question that has not been sent. */
  const removeQueued = useCallback(
    (id: string) => {
      if (inFlightRef.current?.id === id) return;
      setQueue(dequeue(userId, roomId, id).queue);
    },
    [roomId, userId],
  );

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

  const queued: QueuedChatQuestion[] = queue.map((q) => ({ ...q, sent: q.id === inFlightId }));

  return {
    online,
    offline,
    queue,
    setQueue,
    queued,
    setDropped,
    inFlightRef,
    setInFlightId,
    readyAtRef,
    resumeRef,
    tick,
    setTick,
    takeAnswered,
    save,
    removeQueued,
  };
}

export type OfflineQuestions = ReturnType<typeof useOfflineQuestions>;

export interface QueueSenderOptions {
  questions: OfflineQuestions;
  userId: number;
  roomId: number;
  sessionRef: RefObject<Conversation | null>;
  startingRef: RefObject<boolean>;
  status: Status;
  agentTyping: boolean;
  setAgentTyping: (typing: boolean) => void;
  canStart: boolean;
  start: (options: { quiet: boolean }) => Promise<void>;
}

/**
 * Saved questions go out once there is signal: the conversation is started (or resumed) as
 * needed, then one question at a time, each after the previous one's answer.
 */
export function useSendSavedQuestions({
  questions,
  userId,
  roomId,
  sessionRef,
  startingRef,
  status,
  agentTyping,
  setAgentTyping,
  canStart,
  start,
}: QueueSenderOptions) {
  const {
    offline,
    queue,
    setQueue,
    inFlightRef,
    setInFlightId,
    readyAtRef,
    resumeRef,
    tick,
    setTick,
  } = questions;
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
    const stored = readQueue(userId, roomId);
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
    // The refs and setters are stable; `tick` re-runs it after a wait.
  }, [
    agentTyping,
    canStart,
    offline,
    queue,
    roomId,
    start,
    status,
    tick,
    userId,
    sessionRef,
    startingRef,
    resumeRef,
    inFlightRef,
    readyAtRef,
    setQueue,
    setInFlightId,
    setTick,
    setAgentTyping,
  ]);
}

/**
 * Questions typed without signal, kept in order on this device per user and room
 * (localStorage, so a reload keeps them) until the agent has answered them.
 */
export interface QueuedQuestion {
  id: string;
  text: string;
  /** When it was typed (ms since the epoch). */
  queuedAt: number;
}

export const offlineQueueKey = (userId: number, roomId: number) =>
  `room_chat_queue_${userId}_${roomId}`;

const isQueued = (q: unknown): q is QueuedQuestion =>
  typeof q === 'object' &&
  q !== null &&
  typeof (q as QueuedQuestion).id === 'string' &&
  typeof (q as QueuedQuestion).text === 'string' &&
  typeof (q as QueuedQuestion).queuedAt === 'number';

export function readQueue(userId: number, roomId: number): QueuedQuestion[] {
  try {
    const raw = localStorage.getItem(offlineQueueKey(userId, roomId));
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed) ? parsed.filter(isQueued) : [];
  } catch {
    return [];
  }
}

function writeQueue(userId: number, roomId: number, queue: QueuedQuestion[]): boolean {
  try {
    const key = offlineQueueKey(userId, roomId);
    if (queue.length === 0) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(queue));
    return true;
  } catch {
    return false;
  }
}

let seq = 0;

/** Adds a question at the end; returns the new queue (kept in memory if storage is refused). */
export function enqueue(
  userId: number,
  roomId: number,
  text: string,
  now: number = Date.now(),
): QueuedQuestion[] {
  const queue = [
    ...readQueue(userId, roomId),
    {
      id: `q${now}-${(seq++).toString(36)}-${Math.random().toString(36).slice(2, 6)}`,
      text,
      queuedAt: now,
    },
  ];
  writeQueue(userId, roomId, queue);
  return queue;
}

/**
 * Drops one question (answered, or removed by the user). Read from storage first, so another
 * tab's changes are kept. Returns the queue after the change and whether the question was there.
 */
export function dequeue(
  userId: number,
  roomId: number,
  id: string,
): { queue: QueuedQuestion[]; removed: boolean } {
  const before = readQueue(userId, roomId);
  const queue = before.filter((q) => q.id !== id);
  if (queue.length !== before.length) writeQueue(userId, roomId, queue);
  return { queue, removed: queue.length !== before.length };
}

import { afterEach, describe, expect, it, vi } from 'vitest';
import { dequeue, enqueue, offlineQueueKey, readQueue } from './offline-queue';

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('offline question queue', () => {
  it('keeps questions in order per user and room, and drops one by id', () => {
    enqueue(1, 12, 'First?', 100);
    enqueue(1, 12, 'Second?', 200);
    enqueue(2, 12, 'Other user?', 300);
    enqueue(1, 14, 'Other room?', 400);
    const queue = readQueue(1, 12);
    expect(queue.map((q) => q.text)).toEqual(['First?', 'Second?']);
    expect(new Set(queue.map((q) => q.id)).size).toBe(2);
    expect(readQueue(2, 12).map((q) => q.text)).toEqual(['Other user?']);

    expect(dequeue(1, 12, queue[0]!.id)).toEqual({ queue: [queue[1]], removed: true });
    // Gone already (another tab sent it): nothing removed, nothing resent.
    expect(dequeue(1, 12, queue[0]!.id).removed).toBe(false);
    dequeue(1, 12, queue[1]!.id);
    expect(localStorage.getItem(offlineQueueKey(1, 12))).toBeNull();
  });

  it('reads damaged storage as an empty queue and skips malformed entries', () => {
    localStorage.setItem(offlineQueueKey(1, 12), '{not json');
    expect(readQueue(1, 12)).toEqual([]);
    localStorage.setItem(
      offlineQueueKey(1, 12),
      JSON.stringify([{ id: 'a', text: 'Kept?', queuedAt: 1 }, { id: 2 }, null]),
    );
    expect(readQueue(1, 12)).toEqual([{ id: 'a', text: 'Kept?', queuedAt: 1 }]);
  });
});

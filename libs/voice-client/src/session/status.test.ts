import { describe, expect, it } from 'vitest';
import { canTransition, type Status } from './status';

describe('session status machine', () => {
  it('allows the start, end and reconnect paths', () => {
    const path: Status[] = [
      'disconnected',
      'connecting',
      'connected',
      'connecting',
      'connected',
      'disconnecting',
      'disconnected',
    ];
    for (let i = 1; i < path.length; i++)
      expect(canTransition(path[i - 1] as Status, path[i] as Status)).toBe(true);
    expect(canTransition('connecting', 'disconnected')).toBe(true);
  });

  it('refuses jumps that skip connecting or reopen a closing session', () => {
    expect(canTransition('disconnected', 'connected')).toBe(false);
    expect(canTransition('disconnecting', 'connected')).toBe(false);
    expect(canTransition('disconnecting', 'connecting')).toBe(false);
    expect(canTransition('disconnected', 'disconnecting')).toBe(false);
  });
});

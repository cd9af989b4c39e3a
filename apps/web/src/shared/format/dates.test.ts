import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatTimeAgo } from './dates';

describe('dates', () => {
  const at = new Date('2026-11-26T14:05:00');

  it("one format: the spec's short month, day, year, and the time where it matters", () => {
    expect(formatDate(at)).toBe('Nov 26, 2026');
    expect(formatDateTime(at).replace(/\s/g, ' ')).toBe('Nov 26, 2026, 2:05 PM');
    expect(formatDate('not a date')).toBe('');
  });

  it('says "just now" rather than "0 hours ago"', () => {
    const now = at.getTime();
    expect(formatTimeAgo(at, now)).toBe('just now');
    expect(formatTimeAgo(now - 59_000, now)).toBe('just now');
    expect(formatTimeAgo(now - 60_000, now)).toBe('1 minute ago');
    expect(formatTimeAgo(now - 45 * 60_000, now)).toBe('45 minutes ago');
    expect(formatTimeAgo(now - 3 * 3_600_000, now)).toBe('3 hours ago');
    expect(formatTimeAgo(now - 30 * 3_600_000, now)).toBe('yesterday');
    expect(formatTimeAgo(now - 4 * 86_400_000, now)).toBe('4 days ago');
    expect(formatTimeAgo(new Date('2026-11-01T10:00:00'), now)).toBe('Nov 1, 2026');
    // A clock a little ahead of the server's never gives "in the future".
    expect(formatTimeAgo(now + 5_000, now)).toBe('just now');
  });
});

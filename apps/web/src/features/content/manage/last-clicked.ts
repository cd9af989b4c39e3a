import type { ContentAccessRecord } from '@fieldcraft/contracts';

const HOUR = 60 * 60 * 1000;

/** 'n hours ago' under 24 hours, otherwise whole days (spec §9). */
export function lastClickedText(accessedAt: string, now = Date.now()): string {
  const elapsed = Math.max(0, now - new Date(accessedAt).getTime());
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

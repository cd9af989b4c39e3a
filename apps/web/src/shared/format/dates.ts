/**
 * The app's one date format (docs/account.md, "Dates"): the spec's short month, day, year
 * ("Nov 26, 2026", as on a room card), with the time ("2:05 PM") where a time matters. The
 * month is a word, so no crew reads 11/12/2026 the wrong way round.
 */
const dateFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});
const dateTimeFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

const toDate = (value: string | number | Date) => (value instanceof Date ? value : new Date(value));

/** "Nov 26, 2026"; an unreadable value gives "". */
export function formatDate(value: string | number | Date): string {
  const date = toDate(value);
  return Number.isNaN(date.getTime()) ? '' : dateFormat.format(date);
}

/** "Nov 26, 2026, 2:05 PM"; an unreadable value gives "". */
export function formatDateTime(value: string | number | Date): string {
  const date = toDate(value);
  return Number.isNaN(date.getTime()) ? '' : dateTimeFormat.format(date);
}

/**
 * How long ago, in words: "just now" under a minute, then "5 minutes ago", "3 hours ago",
 * "yesterday", "4 days ago", and the date itself from a week on. Never "0 hours ago".
 */
export function formatTimeAgo(value: string | number | Date, now: number = Date.now()): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '';
  const seconds = Math.max(0, Math.round((now - date.getTime()) / 1000));
  if (seconds < 60) return 'just now';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return minutes === 1 ? '1 minute ago' : `${minutes} minutes ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return hours === 1 ? '1 hour ago' : `${hours} hours ago`;
  const days = Math.floor(hours / 24);
  if (days === 1) return 'yesterday';
  if (days < 7) return `${days} days ago`;
  return formatDate(date);
}

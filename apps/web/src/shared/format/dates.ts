/**
 * The app's one date format (docs/account.md, "Dates"): day, short month, year ("26 Nov 2026"),
 * with the time as 24-hour "14:05" where a time matters. Unambiguous for crews in any English
 * locale, unlike 11/12/2026.
 */
const dateFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});
const timeFormat = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' });

const toDate = (value: string | number | Date) => (value instanceof Date ? value : new Date(value));

/** "26 Nov 2026"; an unreadable value gives "". */
export function formatDate(value: string | number | Date): string {
  const date = toDate(value);
  return Number.isNaN(date.getTime()) ? '' : dateFormat.format(date);
}

/** "26 Nov 2026, 14:05". */
export function formatDateTime(value: string | number | Date): string {
  const date = toDate(value);
  return Number.isNaN(date.getTime())
    ? ''
    : `${dateFormat.format(date)}, ${timeFormat.format(date)}`;
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

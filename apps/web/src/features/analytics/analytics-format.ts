import type { AnalyticsPeriod } from '@fieldcraft/contracts';
import { ANALYTICS_PERIODS } from '@fieldcraft/contracts';
import { formatDateTime } from '../../shared/format/dates';

/** `?days=` from the address; anything but 7, 30 or 90 reads as 30. */
export function periodFrom(value: string | null): AnalyticsPeriod {
  const n = Number(value);
  return (ANALYTICS_PERIODS as readonly number[]).includes(n) ? (n as AnalyticsPeriod) : 30;
}

/** Minutes with one decimal: 90 s → '1.5'; a few seconds → '<0.1' rather than a false 0. */
export function minutes(seconds: number): string {
  if (seconds > 0 && seconds < 3) return '<0.1';
  return (Math.round(seconds / 6) / 10).toLocaleString('en-US');
}

/** A conversation length: '2 min 5 s', '45 s', '—' for none. */
export function duration(seconds: number): string {
  if (seconds <= 0) return '—';
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  if (m === 0) return `${s} s`;
  return s === 0 ? `${m} min` : `${m} min ${s} s`;
}

const dayFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
/** '2026-11-22' (a UTC day) → 'Nov 22'. */
export function dayLabel(date: string): string {
  return dayFormat.format(new Date(`${date}T00:00:00Z`));
}

/** An instant as 'Nov 22, 2026, 9:41 AM' in the viewer's time zone; 'Never' for null. */
export function when(iso: string | null, never = 'Never'): string {
  return iso ? formatDateTime(iso) : never;
}

export const count = (n: number) => n.toLocaleString('en-US');

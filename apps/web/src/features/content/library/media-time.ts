/** "0:42", "3:05", "1:02:09": how long a video or audio runs, or where it was left. */
export function formatDuration(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** "3 minutes", "1 hour 2 minutes", "42 seconds": the same, for screen readers. */
export function spokenDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  if (total < 60) return `${total} second${total === 1 ? '' : 's'}`;
  const h = Math.floor(total / 3600);
  const m = Math.round((total % 3600) / 60);
  const parts = [];
  if (h > 0) parts.push(`${h} hour${h === 1 ? '' : 's'}`);
  if (m > 0) parts.push(`${m} minute${m === 1 ? '' : 's'}`);
  return parts.join(' ');
}

/**
 * Where playback should start: the saved place, unless it is too close to the start to matter
 * or so close to the end that the user had finished (then from the beginning).
 */
export function resumeFrom(saved: number, duration: number | null | undefined): number {
  if (!(saved > 3)) return 0;
  if (duration && Number.isFinite(duration) && saved > duration - 3) return 0;
  return saved;
}

import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { sessionHeaders } from '../../../shared/api/request';
import { useSavePlaybackPositionMutation } from './library.api';
import { resumeFrom } from './media-time';

/**
 * The server's ceiling (MAX_PLAYBACK_SECONDS in libs/contracts), repeated here as a literal: a
 * value import from the contracts barrel pulls its zod schemas into the page's chunk, which
 * broke the chunk order of the built app ("… is not a constructor" on /library).
 */
const MAX_PLAYBACK_SECONDS = 24 * 60 * 60;

/** At most one save per this many milliseconds while playing; pause, seek and leaving save now. */
export const SAVE_EVERY_MS = 10_000;

/**
 * Resume for a <video> or <audio>: starts at the place saved on the server (per user, so another
 * device continues where this one stopped), and saves the place while it plays, throttled (one
 * request per SAVE_EVERY_MS), and at once on pause, seek, end, leaving the page and unmount.
 * Returns a ref callback for the media element. `saved` may arrive after the media loaded: it
 * still applies, unless the user has already started playing from somewhere.
 */
export function useResumePlayback(contentId: number | null, saved: number | undefined) {
  const [save] = useSavePlaybackPositionMutation();
  const element = useRef<HTMLMediaElement | null>(null);
  const sent = useRef({ time: 0, at: 0 });
  const applied = useRef(false);

  const send = useCallback(
    (force: boolean, leaving = false) => {
      const el = element.current;
      if (!el || contentId === null) return;
      const time = Math.min(el.currentTime, MAX_PLAYBACK_SECONDS);
      if (!Number.isFinite(time) || Math.abs(time - sent.current.time) < 1) return;
      const now = Date.now();
      if (!force && now - sent.current.at < SAVE_EVERY_MS) return;
      sent.current = { time, at: now };
      const positionSeconds = Math.round(time * 10) / 10;
      if (leaving) {
        // The page is going away: a keepalive request outlives it, a store update would not.
        const headers = sessionHeaders();
        headers.set('content-type', 'application/json');
        void fetch(`/api/content/${contentId}/position`, {
          method: 'PUT',
          headers,
          body: JSON.stringify({ positionSeconds }),
          credentials: 'include',
          keepalive: true,
        }).catch(() => undefined);
      } else {
        void save({ contentId, positionSeconds });
      }
    },
    [contentId, save],
  );

  const apply = useCallback(() => {
    const el = element.current;
    if (!el || applied.current || saved === undefined || el.readyState < 1) return;
    applied.current = true;
    // Already playing from elsewhere (the user sought, or the saves came late): leave it.
    if (el.currentTime > 1) return;
    const from = resumeFrom(saved, el.duration);
    if (from > 0) el.currentTime = from;
    // Counted as sent: the first save comes after the next ten seconds of playing (or a pause).
    sent.current = { time: from > 0 ? from : saved, at: Date.now() };
  }, [saved]);

  useEffect(() => {
    applied.current = false;
    sent.current = { time: 0, at: 0 };
  }, [contentId]);

  useEffect(() => apply(), [apply]);

  useEffect(() => {
    const leave = () => send(true, true);
    const hidden = () => {
      if (document.visibilityState === 'hidden') send(true, true);
    };
    window.addEventListener('pagehide', leave);
    document.addEventListener('visibilitychange', hidden);
    return () => {
      window.removeEventListener('pagehide', leave);
      document.removeEventListener('visibilitychange', hidden);
      send(true);
    };
  }, [send]);

  // The element's listeners call the latest functions, so the ref callback itself never changes
  // (a new one would make React detach and attach the element on every render).
  const latest = useRef({ send, apply });
  useLayoutEffect(() => {
    latest.current = { send, apply };
  }, [send, apply]);
  const detach = useRef<(() => void) | null>(null);

  return useCallback((el: HTMLMediaElement | null) => {
    if (element.current === el) return;
    if (element.current) latest.current.send(true);
    detach.current?.();
    detach.current = null;
    element.current = el;
    if (!el) return;
    const handlers: [string, () => void][] = [
      ['loadedmetadata', () => latest.current.apply()],
      ['timeupdate', () => latest.current.send(false)],
      ['pause', () => latest.current.send(true)],
      ['seeked', () => latest.current.send(true)],
      ['ended', () => latest.current.send(true)],
    ];
    for (const [name, handler] of handlers) el.addEventListener(name, handler);
    detach.current = () => {
      for (const [name, handler] of handlers) el.removeEventListener(name, handler);
    };
    latest.current.apply();
  }, []);
}

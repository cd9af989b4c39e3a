import { useEffect, useState } from 'react';

/** How often the microphone's level is read for the listening ring. */
export const LEVEL_INTERVAL_MS = 100;

/**
 * The microphone's live level (0..1) while it listens, read from the voice client; 0 when it
 * is off. A reduced-motion user still gets the state text, the ring just stays still.
 */
export function useInputLevel(active: boolean, read: () => number): number {
  const [level, setLevel] = useState(0);
  useEffect(() => {
    if (!active) {
      setLevel(0);
      return undefined;
    }
    const still =
      typeof window.matchMedia === 'function' &&
      window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    if (still) return undefined;
    const timer = setInterval(() => {
      const next = read();
      setLevel(Number.isFinite(next) ? Math.max(0, Math.min(1, next)) : 0);
    }, LEVEL_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [active, read]);
  return level;
}

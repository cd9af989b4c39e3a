import { useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

/** sessionStorage: the scroll position of each history entry, by its location.key. */
export const SCROLL_POSITIONS_KEY = 'fieldcraft-scroll-positions';
/** Entries kept: the oldest go first (a tab's history rarely runs this deep). */
const KEPT = 100;

type Positions = Record<string, number>;

function readPositions(): Positions {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(SCROLL_POSITIONS_KEY) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Positions) : {};
  } catch {
    return {};
  }
}

function writePositions(positions: Positions) {
  const keys = Object.keys(positions);
  for (const key of keys.slice(0, Math.max(0, keys.length - KEPT))) delete positions[key];
  try {
    sessionStorage.setItem(SCROLL_POSITIONS_KEY, JSON.stringify(positions));
  } catch {
    // Storage full or refused (private mode): positions still hold for this page's life.
  }
}

/** A page the browser opened anew (a typed address, a link from elsewhere), not a reload or back/forward. */
function openedAnew(): boolean {
  const [entry] = performance.getEntriesByType?.('navigation') ?? [];
  return (entry as PerformanceNavigationTiming | undefined)?.type === 'navigate';
}

/**
 * Scrolling across navigations, in place of react-router's data-router-only <ScrollRestoration />
 * (docs/field-readiness.md, "Budgets"): a new page (PUSH or REPLACE) opens at the top, or at the
 * element its #hash names; back/forward (POP) returns to where the reader was on that history
 * entry, kept in sessionStorage by location.key so a reload returns there too.
 */
export function ScrollRestoration() {
  const location = useLocation();
  const action = useNavigationType();
  const positions = useRef<Positions | null>(null);
  // The entry on screen and its latest scroll position. Kept from scroll events, because by the
  // time the new page's effect runs the old page is gone and the window may have been clamped.
  const current = useRef<{ key: string; y: number } | null>(null);

  useLayoutEffect(() => {
    const { history } = window;
    const before = history.scrollRestoration;
    history.scrollRestoration = 'manual';
    const onScroll = () => {
      if (current.current) current.current.y = window.scrollY;
    };
    const onPageHide = () => {
      const positionsNow = positions.current;
      if (!positionsNow || !current.current) return;
      positionsNow[current.current.key] = current.current.y;
      writePositions(positionsNow);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', onPageHide);
      history.scrollRestoration = before;
    };
  }, []);

  useLayoutEffect(() => {
    positions.current ??= readPositions();
    const saved = positions.current;
    const left = current.current;
    current.current = { key: location.key, y: window.scrollY };
    if (left) {
      saved[left.key] = left.y;
      writePositions(saved);
    }

    if (action === 'POP') {
      // The first entry of a page load has no key of its own ('default'): on a page opened anew,
      // a position saved under it belongs to an earlier page of this tab.
      const fresh = !left && location.key === 'default' && openedAnew();
      const y = fresh ? undefined : saved[location.key];
      if (y !== undefined) window.scrollTo(0, y);
      // No position for it: the first draw stays where the browser is (a server-drawn first view
      // may have been scrolled already); a later one opens at the top.
      else if (left) window.scrollTo(0, 0);
      return;
    }
    if (location.hash) {
      const target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
      if (target) {
        target.scrollIntoView();
        return;
      }
    }
    window.scrollTo(0, 0);
  }, [location, action]);

  return null;
}

import { act, render } from '@testing-library/react';
import {
  MemoryRouter,
  useNavigate,
  type InitialEntry,
  type NavigateFunction,
} from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SCROLL_POSITIONS_KEY, ScrollRestoration } from './scroll-restoration';

// The test DOM lays nothing out, so nothing scrolls: window.scrollTo is stubbed to record each call
// and move scrollY as a browser would, and a "reader scrolling" sets scrollY and fires the scroll
// event.
let scrollCalls: [number, number][];
function setScrollY(y: number) {
  Object.defineProperty(window, 'scrollY', { configurable: true, value: y });
}
function readerScrollsTo(y: number) {
  setScrollY(y);
  window.dispatchEvent(new Event('scroll'));
}

let go: NavigateFunction;
function NavigateProbe() {
  go = useNavigate();
  return null;
}

function mount(initialEntries: InitialEntry[] = ['/list'], initialIndex?: number) {
  return render(
    <MemoryRouter initialEntries={initialEntries} initialIndex={initialIndex}>
      <ScrollRestoration />
      <NavigateProbe />
    </MemoryRouter>,
  );
}

async function navigate(to: string | number, options?: { replace?: boolean }) {
  await act(async () => {
    if (typeof to === 'number') await go(to);
    else await go(to, options);
  });
}

function stubNavigationType(type: NavigationTimingType) {
  vi.spyOn(performance, 'getEntriesByType').mockReturnValue([
    { type } as unknown as PerformanceEntry,
  ]);
}

describe('ScrollRestoration', () => {
  beforeEach(() => {
    sessionStorage.clear();
    scrollCalls = [];
    setScrollY(0);
    window.scrollTo = ((x: number, y: number) => {
      scrollCalls.push([x, y]);
      setScrollY(y);
    }) as typeof window.scrollTo;
  });
  afterEach(() => vi.restoreAllMocks());

  it('takes scrolling over from the browser', () => {
    window.history.scrollRestoration = 'auto';
    mount();
    expect(window.history.scrollRestoration).toBe('manual');
  });

  it('opens a new page at the top, whether pushed or replaced', async () => {
    mount();
    expect(scrollCalls).toEqual([]); // the first draw stays where the browser is
    readerScrollsTo(900);
    await navigate('/item/1');
    expect(scrollCalls).toEqual([[0, 0]]);
    expect(window.scrollY).toBe(0);

    readerScrollsTo(300);
    await navigate('/item/2', { replace: true });
    expect(scrollCalls).toEqual([
      [0, 0],
      [0, 0],
    ]);
  });

  it('goes back to where the reader was on that page, and forward again', async () => {
    mount();
    readerScrollsTo(1200);
    await navigate('/item/1');
    readerScrollsTo(450);

    await navigate(-1);
    expect(scrollCalls.at(-1)).toEqual([0, 1200]);
    expect(window.scrollY).toBe(1200);

    await navigate(1);
    expect(scrollCalls.at(-1)).toEqual([0, 450]);
  });

  it('keeps the position of the page left even when the new page is shorter', async () => {
    mount();
    readerScrollsTo(1500);
    // The new page is drawn and the browser clamps the window before the effect runs: no scroll
    // event has told of that yet, so the list's position is the one the reader left it at.
    setScrollY(200);
    await navigate('/short');
    await navigate(-1);
    expect(scrollCalls.at(-1)).toEqual([0, 1500]);
  });

  it('keeps positions in sessionStorage, so a reload returns to the same place', async () => {
    const first = mount();
    readerScrollsTo(700);
    await navigate('/item/1');
    expect(JSON.parse(sessionStorage.getItem(SCROLL_POSITIONS_KEY) ?? '{}')).toEqual({
      default: 700,
    });
    readerScrollsTo(333);
    window.dispatchEvent(new Event('pagehide')); // the reader reloads on /item/1
    const saved = JSON.parse(sessionStorage.getItem(SCROLL_POSITIONS_KEY) ?? '{}') as Record<
      string,
      number
    >;
    const itemKey = Object.keys(saved).find((key) => key !== 'default');
    expect(itemKey).toBeDefined();
    expect(saved[itemKey as string]).toBe(333);
    first.unmount();

    // The reloaded page: the same history entry (same key), drawn as a POP.
    stubNavigationType('reload');
    scrollCalls = [];
    setScrollY(0);
    mount([{ pathname: '/item/1', key: itemKey }]);
    expect(scrollCalls).toEqual([[0, 333]]);
  });

  it('restores nothing on a page opened anew, whose first entry has no key of its own', async () => {
    sessionStorage.setItem(SCROLL_POSITIONS_KEY, JSON.stringify({ default: 800 }));
    stubNavigationType('navigate');
    mount();
    expect(scrollCalls).toEqual([]);

    // Back to that first entry later in the same visit: where this visit's reader left it.
    readerScrollsTo(250);
    await navigate('/item/1');
    await navigate(-1);
    expect(scrollCalls.at(-1)).toEqual([0, 250]);
  });

  it('opens a page at the element its #hash names', async () => {
    const section = document.createElement('section');
    section.id = 'watch list';
    section.scrollIntoView = vi.fn();
    document.body.append(section);
    mount();
    await navigate('/dashboard#watch%20list');
    expect(section.scrollIntoView).toHaveBeenCalledTimes(1);
    expect(scrollCalls).toEqual([]);
    section.remove();
  });
});

import type { DetachedWindowAPI } from 'happy-dom';
import { onTestFinished } from 'vitest';

/**
 * Draws the app at a phone's width (390 × 844 px) until the current test ends. The test
 * environment (happy-dom) applies the theme's media queries at its window's width, 1024 px unless
 * told otherwise, so what shows only on small screens needs a small window, as in a browser.
 */
export function atPhoneWidth(): void {
  const { happyDOM } = window as unknown as { happyDOM: DetachedWindowAPI };
  const { innerWidth: width, innerHeight: height } = window;
  happyDOM.setViewport({ width: 390, height: 844 });
  onTestFinished(() => happyDOM.setViewport({ width, height }));
}

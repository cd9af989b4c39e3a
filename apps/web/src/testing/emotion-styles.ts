import { __unsafe_useEmotionCache as useEmotionCache } from '@emotion/react';
import { render } from '@testing-library/react';
import { createElement } from 'react';

interface EmotionCache {
  sheet: { flush(): void };
  inserted: Record<string, unknown>;
}

/**
 * Empties Emotion's style sheet and forgets which styles it inserted, so the next test file draws
 * into a head holding only its own styles. The component files share one window: left alone, the
 * head grew to about 2,600 style tags, which happy-dom reads for every computed style (testing
 * library asks one per element for accessible names), and the suite took a quarter longer.
 */
export function forgetEmotionStyles(): void {
  if (typeof document === 'undefined') return;
  let cache: EmotionCache | undefined;
  function ReadCache() {
    cache = useEmotionCache() as unknown as EmotionCache;
    return null;
  }
  render(createElement(ReadCache)).unmount();
  if (!cache) return;
  cache.sheet.flush();
  for (const key of Object.keys(cache.inserted)) delete cache.inserted[key];
}

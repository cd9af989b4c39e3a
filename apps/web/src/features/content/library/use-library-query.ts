import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { parseKind, type LibraryKind } from './library-filter';

/** Typing pauses this long before the search runs (and the address changes). */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * The library's search text and kind filter, kept in the address (?q=…&kind=…, replacing the
 * entry, not adding one), so Back from an opened result returns to the same results.
 * `search` is the settled query (2+ characters, trimmed) or '' when there is none.
 */
export function useLibraryQuery() {
  const [params, setParams] = useSearchParams();
  const fromUrl = params.get('q') ?? '';
  const [text, setText] = useState(fromUrl);
  const [seenUrl, setSeenUrl] = useState(fromUrl);
  const kind = parseKind(params.get('kind'));
  // The address changed by other means (Back, a link to /dashboard): the box follows it.
  if (fromUrl !== seenUrl) {
    setSeenUrl(fromUrl);
    if (fromUrl !== text.trim()) setText(fromUrl);
  }

  useEffect(() => {
    const settled = text.trim();
    if (settled === (params.get('q') ?? '')) return;
    const timer = setTimeout(() => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (settled) next.set('q', settled);
          else next.delete('q');
          return next;
        },
        { replace: true },
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, params, setParams]);

  const setKind = (value: LibraryKind) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value === 'all') next.delete('kind');
        else next.set('kind', value);
        return next;
      },
      { replace: true },
    );

  const settled = fromUrl.trim();
  return {
    text,
    setText,
    search: settled.length >= 2 ? settled : '',
    kind,
    setKind,
  };
}

import type { ContentCategory, ContentItem, ContentSearchResult } from '@fieldcraft/contracts';

export type LibraryKind = 'all' | ContentCategory;

export const LIBRARY_KINDS: { value: LibraryKind; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'watch', label: 'Watch' },
  { value: 'listen', label: 'Listen' },
  { value: 'read', label: 'Read' },
];

/** ?kind=… read leniently: anything unknown is 'all'. */
export function parseKind(value: string | null): LibraryKind {
  return value === 'watch' || value === 'listen' || value === 'read' ? value : 'all';
}

/** The words of a query, lower case, for matching titles and marking snippets. */
export function queryWords(q: string): string[] {
  return q
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 1);
}

export interface LibraryHit {
  item: ContentItem;
  /** The best passage inside the item's text (page or section, and its text), if any. */
  passage: { page: number; text: string } | null;
}

/**
 * One list of hits: items whose text matched on the server (best passage first, in the
 * server's order), then items whose title or description holds every word of the query (media
 * have no text of their own). Only items in `items` (what the dashboard lists) and of `kind`.
 */
export function mergeHits(
  items: ContentItem[],
  passages: ContentSearchResult[],
  q: string,
  kind: LibraryKind,
): LibraryHit[] {
  const byId = new Map(items.map((i) => [i.id, i]));
  const hits: LibraryHit[] = [];
  const seen = new Set<number>();
  const fits = (item: ContentItem) => kind === 'all' || item.category === kind;
  for (const p of passages) {
    const item = byId.get(p.contentId);
    if (!item || seen.has(item.id) || !fits(item)) continue;
    seen.add(item.id);
    hits.push({ item, passage: { page: p.page, text: p.text } });
  }
  const words = queryWords(q);
  if (words.length === 0) return hits;
  for (const item of items) {
    if (seen.has(item.id) || !fits(item)) continue;
    const hay = `${item.title} ${item.description}`.toLowerCase();
    if (words.every((w) => hay.includes(w))) {
      seen.add(item.id);
      hits.push({ item, passage: null });
    }
  }
  return hits;
}

/** About `size` characters of `text` around the first query word found, with ellipses. */
export function snippet(text: string, words: string[], size = 180): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const lower = flat.toLowerCase();
  const at = words.map((w) => lower.indexOf(w)).filter((i) => i >= 0);
  const first = at.length ? Math.min(...at) : 0;
  const start = Math.max(0, first - Math.floor(size / 3));
  const end = Math.min(flat.length, start + size);
  return `${start > 0 ? '…' : ''}${flat.slice(start, end).trim()}${end < flat.length ? '…' : ''}`;
}

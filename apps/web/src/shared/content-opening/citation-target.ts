import type { Citation } from '@fieldcraft/contracts';

/** Where a citation leads: an address, and whether it is a page of this app (a route). */
export interface CitationLink {
  href: string;
  /** A route of this app (opened with the router, same tab); else a file or site URL. */
  inApp: boolean;
}

/**
 * The one place that decides where a citation opens. Today: the citation's own URL, which the
 * advisor already points at the page (`…#page=N` for a PDF). When the library gets an in-app
 * reader, return `{ href: `/library/${c.contentId}?page=${c.page}`, inApp: true }` here and
 * every citation (live chat, past conversations) follows.
 */
export function citationLink(c: Citation): CitationLink | null {
  if (!c.url) return null;
  return { href: c.url, inApp: false };
}

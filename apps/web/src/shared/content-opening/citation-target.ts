import type { Citation } from '@fieldcraft/contracts';
import { paths } from '../paths';

/** Where a citation leads. */
export interface CitationLink {
  href: string;
  /** A route of this app (opened with the router, same tab); else a new tab. */
  inApp: boolean;
}

/**
 * The one place that decides where a citation opens: the library's reader at the cited page or
 * section (`/library/:id?page=N`), in a new tab, so a conversation in progress (perhaps still
 * speaking) is not left by reading its source. A LINK goes to its site as before, through the
 * External Link Warning. No URL: the item has nothing to open.
 */
export function citationLink(c: Citation): CitationLink | null {
  if (!c.url) return null;
  if (c.type === 'LINK') return { href: c.url, inApp: false };
  return { href: paths.library.getHref(c.contentId, c.page), inApp: false };
}

/**
 * How a citation is named, the way the answer names it: a PDF's page, a Word file's section, a
 * text file's part (only when it has several), else the title alone.
 */
export function citationLabel(c: Citation): string {
  if (c.type === 'PDF') return `${c.title}, page ${c.page}`;
  if (c.type === 'WORD') return `${c.title}, section ${c.page}`;
  return c.page > 1 ? `${c.title}, part ${c.page}` : c.title;
}

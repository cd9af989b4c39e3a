import type { ContentItem } from '@fieldcraft/contracts';

/**
 * The Vimeo player URL for a Vimeo page or player URL: the video id, the hash when the URL has
 * one (`vimeo.com/123/abcdef` or `?h=abcdef`), autoplay on. Null when no id can be parsed.
 */
export function vimeoEmbedUrl(url: string): string | null {
  const match = /vimeo\.com\/(?:.*?\/)?(?:video\/)?(\d+)(?:\/([0-9a-zA-Z]+))?/.exec(url);
  if (!match) return null;
  const [, id, pathHash] = match;
  const queryHash = /[?&]h=([0-9a-zA-Z]+)/.exec(url)?.[1];
  const hash = pathHash ?? queryHash;
  return `https://player.vimeo.com/video/${id}?autoplay=1${hash ? `&h=${hash}` : ''}`;
}

/** Where a content URL leads: the address to open, and whether it is on another site. */
export interface ContentTarget {
  /** The URL as the browser resolves it; open this one, it is the one that was checked. */
  href: string;
  /** True when it resolves to another origin: the External Link Warning comes first. */
  external: boolean;
}

/**
 * A content URL read the way the browser will read it: the WHATWG URL parser against this
 * page, which drops tabs and line breaks, reads backslashes as slashes and takes `//host`
 * (and so `/\t/host`, `/\host`) as another host. Anything whose origin is not this page's
 * is external. Null for what is not http(s) (`javascript:`, `data:`, …) or does not parse:
 * such a URL is never opened.
 */
export function contentTarget(
  url: string,
  here: Pick<Location, 'href' | 'origin'> = window.location,
): ContentTarget | null {
  let parsed: URL;
  try {
    parsed = new URL(url, here.href);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  return { href: parsed.href, external: parsed.origin !== here.origin };
}

// An origin no real site has: a URL that stays on it stays on whichever site draws it.
const ANY_SITE = { href: 'http://site.invalid/', origin: 'http://site.invalid' };

/**
 * A path from this site's root (`/api/files/a.pdf`), normalised, when it stays on this site
 * wherever it is drawn; null for anything else, relative paths included (they depend on the
 * page). Pure (no window): the server draws links too.
 */
export function sitePath(url: string): string | null {
  if (!url.startsWith('/')) return null;
  const target = contentTarget(url, ANY_SITE);
  if (!target || target.external) return null;
  const parsed = new URL(target.href);
  const path = `${parsed.pathname}${parsed.search}${parsed.hash}`;
  // `/./\host` normalises to the path `//host`, which read again is another host.
  return path.startsWith('//') ? null : path;
}

export function isPdf(item: Pick<ContentItem, 'type' | 'url'>): boolean {
  return item.type === 'PDF' || /\.pdf(?:$|[?#])/i.test(item.url ?? '');
}

/** Open in a new tab; if the browser blocks the popup, click a temporary link instead. */
export function openWithFallback(url: string): void {
  const opened = window.open(url, '_blank');
  if (opened) return;
  const link = document.createElement('a');
  link.href = url;
  link.target = '_blank';
  link.rel = 'noopener noreferrer';
  document.body.appendChild(link);
  link.click();
  link.remove();
}

/** Open without opener or referrer (LINK items and the external-link warning). */
export function openDetached(url: string): void {
  window.open(url, '_blank', 'noopener,noreferrer');
}

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

/** True for URLs that are neither relative nor on this site's host. */
export function isExternalUrl(url: string, here: Location = window.location): boolean {
  if (!/^[a-z][a-z0-9+.-]*:|^\/\//i.test(url)) return false;
  try {
    return new URL(url, here.href).host !== here.host;
  } catch {
    return false;
  }
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

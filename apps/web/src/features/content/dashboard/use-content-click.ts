import type { ContentItem } from '@fieldcraft/contracts';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useRecordContentAccessMutation } from '../../../shared/content-opening/content-access.api';
import {
  contentTarget,
  isPdf,
  openDetached,
  openWithFallback,
  sitePath,
  vimeoEmbedUrl,
} from '../../../shared/content-opening/open-content';
import { paths } from '../../../shared/paths';

export type PlayerKind = 'VIMEO' | 'VIDEO';

export interface PlayerState {
  kind: PlayerKind;
  /** The frame or video source; null is Standby. */
  src: string | null;
  item: ContentItem | null;
}

/**
 * The file a row links to, so that a tap before the app's JavaScript has run (the server-drawn
 * first view) opens it natively: same-origin files that a click plays or opens in a new tab —
 * VIDEO, AUDIO, DOCUMENT and PDFs, as in `choose` below. Undefined for off-site URLs (they need
 * the External Link Warning first), Vimeo, links, news and Word items. Pure: the server draws
 * the list too.
 */
export function fileHref(item: Pick<ContentItem, 'type' | 'url'>): string | undefined {
  // Read as a browser reads it: '//host', '/\host' and '/\t/host' are other sites.
  const path = item.url ? sitePath(item.url) : null;
  if (!path || item.type === 'VIMEO') return undefined;
  const opensFile =
    item.type === 'VIDEO' || item.type === 'AUDIO' || item.type === 'DOCUMENT' || isPdf(item);
  return opensFile ? path : undefined;
}

/**
 * The in-app page an item opens on (the reader or the player): news, Word items, and audio,
 * PDFs and documents stored on this site. Undefined for videos (they play in the Watch panel),
 * links, and files on other sites (those keep the External Link Warning).
 */
export function readerHref(item: Pick<ContentItem, 'id' | 'type' | 'url'>): string | undefined {
  if (item.type === 'NEWS') return paths.library.getHref(item.id);
  if (item.type === 'WORD')
    return item.url && sitePath(item.url) ? paths.library.getHref(item.id) : undefined;
  if (item.type === 'VIDEO' || item.type === 'VIMEO' || item.type === 'LINK') return undefined;
  return fileHref(item) ? paths.library.getHref(item.id) : undefined;
}

const standby: PlayerState = { kind: 'VIMEO', src: null, item: null };

/**
 * The spec's "Click on a content item, by type", with the library's reader: every click
 * records an access, videos play in the Watch panel, news, documents and audio open in the
 * app (readerHref), links in a new tab (off-site URLs after the External Link Warning).
 */
export function useContentClick() {
  const [recordAccess] = useRecordContentAccessMutation();
  const navigate = useNavigate();
  const [player, setPlayer] = useState<PlayerState>(standby);
  const [pendingExternal, setPendingExternal] = useState<string | null>(null);

  const openInTab = useCallback((url: string, open: (url: string) => void) => {
    const target = contentTarget(url);
    // Not http(s) (javascript:, data:, …): never opened.
    if (!target) return;
    if (target.external) setPendingExternal(target.href);
    else open(target.href);
  }, []);

  const choose = useCallback(
    (item: ContentItem) => {
      // Fire and forget: a failed record never blocks the content.
      void recordAccess(item.id);
      const url = item.url ?? '';
      if (item.type === 'VIMEO') {
        const src = vimeoEmbedUrl(url);
        if (src) setPlayer({ kind: 'VIMEO', src, item });
        return;
      }
      if (item.type === 'VIDEO') {
        if (url) setPlayer({ kind: 'VIDEO', src: url, item });
        return;
      }
      const reader = readerHref(item);
      if (reader) return void navigate(reader);
      if (!url) return;
      if (item.type === 'LINK') return openInTab(url, openDetached);
      // Files on other sites: a new tab, after the warning.
      if (isPdf(item) || item.type === 'AUDIO' || item.type === 'DOCUMENT')
        return openInTab(url, openWithFallback);
    },
    [recordAccess, openInTab, navigate],
  );

  /** Records an access without opening anything (a search result is a link of its own). */
  const record = useCallback((item: ContentItem) => void recordAccess(item.id), [recordAccess]);

  return {
    player,
    record,
    stop: () => setPlayer(standby),
    choose,
    pendingExternal,
    stayInApp: () => setPendingExternal(null),
    continueExternal: (url: string) => {
      setPendingExternal(null);
      openDetached(url);
    },
  };
}

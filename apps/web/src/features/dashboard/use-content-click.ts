import type { ContentItem } from '@fieldcraft/contracts';
import { useCallback, useState } from 'react';
import { useRecordContentAccessMutation } from '../../app/content/content-access.api';
import {
  isExternalUrl,
  isPdf,
  openDetached,
  openWithFallback,
  vimeoEmbedUrl,
} from '../../app/content/open-content';

export type PlayerKind = 'VIMEO' | 'VIDEO';

export interface PlayerState {
  kind: PlayerKind;
  /** The frame or video source; null is Standby. */
  src: string | null;
  item: ContentItem | null;
}

const standby: PlayerState = { kind: 'VIMEO', src: null, item: null };

/**
 * The spec's "Click on a content item, by type": every click records an access, videos play in
 * the Watch panel, the rest open in a new tab (off-site URLs after the External Link Warning).
 */
export function useContentClick() {
  const [recordAccess] = useRecordContentAccessMutation();
  const [player, setPlayer] = useState<PlayerState>(standby);
  const [pendingExternal, setPendingExternal] = useState<string | null>(null);

  const openInTab = useCallback((url: string, open: (url: string) => void) => {
    if (isExternalUrl(url)) setPendingExternal(url);
    else open(url);
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
      if (!url) return;
      if (item.type === 'VIDEO') {
        setPlayer({ kind: 'VIDEO', src: url, item });
        return;
      }
      if (isPdf(item)) return openInTab(url, openWithFallback);
      if (item.type === 'LINK') return openInTab(url, openDetached);
      if (item.type === 'AUDIO' || item.type === 'DOCUMENT')
        return openInTab(url, openWithFallback);
      // NEWS, WORD: other types are ignored (spec).
    },
    [recordAccess, openInTab],
  );

  return {
    player,
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

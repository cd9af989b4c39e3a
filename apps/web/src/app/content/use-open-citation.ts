import type { Citation } from '@fieldcraft/contracts';
import { useCallback, useState } from 'react';
import { useRecordContentAccessMutation } from './content-access.api';
import { isExternalUrl, openDetached, openWithFallback } from './open-content';

/**
 * A click on a citation, like a click on the item on the dashboard: the access is recorded at
 * the click, the item opens in a new tab at the cited page (a LINK without opener or referrer),
 * and an off-site URL waits for the External Link Warning.
 */
export function useOpenCitation() {
  const [recordAccess] = useRecordContentAccessMutation();
  const [pendingExternal, setPendingExternal] = useState<string | null>(null);

  const open = useCallback(
    (citation: Citation) => {
      // Fire and forget: a failed record never blocks the content.
      void recordAccess(citation.contentId);
      const url = citation.url;
      if (!url) return;
      if (isExternalUrl(url)) setPendingExternal(url);
      else if (citation.type === 'LINK') openDetached(url);
      else openWithFallback(url);
    },
    [recordAccess],
  );

  return {
    open,
    externalDialog: {
      url: pendingExternal,
      onStay: () => setPendingExternal(null),
      onContinue: (url: string) => {
        setPendingExternal(null);
        openDetached(url);
      },
    },
  };
}

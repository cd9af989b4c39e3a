import type { Citation } from '@fieldcraft/contracts';
import { useCallback, useState } from 'react';
import { useRecordContentAccessMutation } from './content-access.api';
import { contentTarget, openDetached, openWithFallback } from './open-content';

/**
 * A click on a citation, like a click on the item on the dashboard: the access is recorded at
 * the click, the item opens in a new tab at the cited page (a LINK without opener or referrer),
 * and an off-site URL waits for the External Link Warning. A URL that is not http(s) never opens.
 */
export function useOpenCitation() {
  const [recordAccess] = useRecordContentAccessMutation();
  const [pendingExternal, setPendingExternal] = useState<string | null>(null);

  const open = useCallback(
    (citation: Citation) => {
      // Fire and forget: a failed record never blocks the content.
      void recordAccess(citation.contentId);
      const target = citation.url ? contentTarget(citation.url) : null;
      if (!target) return;
      if (target.external) setPendingExternal(target.href);
      else if (citation.type === 'LINK') openDetached(target.href);
      else openWithFallback(target.href);
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

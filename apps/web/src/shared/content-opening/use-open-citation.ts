import type { Citation } from '@fieldcraft/contracts';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { citationLink } from './citation-target';
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
  const navigate = useNavigate();

  const open = useCallback(
    (citation: Citation) => {
      // Fire and forget: a failed record never blocks the content.
      void recordAccess(citation.contentId);
      const link = citationLink(citation);
      if (link?.inApp) {
        navigate(link.href);
        return;
      }
      const target = link ? contentTarget(link.href) : null;
      if (!target) return;
      if (target.external) setPendingExternal(target.href);
      else if (citation.type === 'LINK') openDetached(target.href);
      else openWithFallback(target.href);
    },
    [navigate, recordAccess],
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

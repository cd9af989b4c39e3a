import { lazy } from 'react';

// The Analytics menu: one chunk per screen, like the other signed-in pages.
export const VoiceUsagePage = lazy(() =>
  import('../../features/analytics/components/voice-usage-page').then((m) => ({
    default: m.VoiceUsagePage,
  })),
);
export const ContentEngagementPage = lazy(() =>
  import('../../features/analytics/components/content-engagement-page').then((m) => ({
    default: m.ContentEngagementPage,
  })),
);
export const KnowledgeGapsPage = lazy(() =>
  import('../../features/analytics/components/knowledge-gaps-page').then((m) => ({
    default: m.KnowledgeGapsPage,
  })),
);

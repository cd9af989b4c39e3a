import { lazy } from 'react';

/** Pages drawn without signal instead of the plain offline notice (GuardedPage's offlinePage). */
export const OfflineDashboardPage = lazy(
  () => import('../../features/content/dashboard/components/saved-offline-panels'),
);

import { lazy } from 'react';

// The library's reader and player: its own chunk, so the dashboard's first load stays small.
export const LibraryItemPage = lazy(() =>
  import('../../features/content/library/components/library-item-page').then((m) => ({
    default: m.LibraryItemPage,
  })),
);

import { lazy } from 'react';

// Bulk upload: its own chunk, like the other signed-in pages.
export const BulkUploadPage = lazy(() =>
  import('../../features/content/bulk-upload/components/bulk-upload-page').then((m) => ({
    default: m.BulkUploadPage,
  })),
);

import { LoadingState } from '@fieldcraft/ui';
import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { usePreviewMode } from '../features/preview-mode/preview-mode-context';
import { AdminPreviewOverlay } from './routes/pages';
import { Toaster } from './toaster';

/** Around every route: the lazy-route fallback, the toaster and the admin preview overlay. */
export function RootLayout() {
  const { isPreviewMode } = usePreviewMode();
  return (
    <>
      <Suspense fallback={<LoadingState fullScreen label="Loading..." />}>
        <Outlet />
        {isPreviewMode ? <AdminPreviewOverlay /> : null}
      </Suspense>
      <Toaster />
      <ScrollRestoration />
    </>
  );
}

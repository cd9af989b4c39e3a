import { LoadingState } from '@fieldcraft/ui';
import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { usePreviewMode } from '../features/people/preview/preview-mode-context';
import { AdminPreviewOverlay } from './routes/pages';
import { ScrollRestoration } from './scroll-restoration';
import { Toaster } from './toaster';
// Impersonation: the banner is loaded only while a token is stored.
import { readImpersonationToken } from '../shared/session/auth-storage';
const ImpersonationBanner = lazy(() =>
  import('../features/people/users/components/impersonation-banner').then((m) => ({
    default: m.ImpersonationBanner,
  })),
);

/** Around every route: the lazy-route fallback, the toaster and the admin preview overlay. */
export function RootLayout() {
  const { isPreviewMode } = usePreviewMode();
  return (
    <>
      {readImpersonationToken() ? (
        // Its own boundary: loading the banner never hides the page.
        <Suspense fallback={null}>
          <ImpersonationBanner />
        </Suspense>
      ) : null}
      <Suspense fallback={<LoadingState fullScreen label="Loading..." />}>
        <Outlet />
        {isPreviewMode ? <AdminPreviewOverlay /> : null}
      </Suspense>
      <Toaster />
      <ScrollRestoration />
    </>
  );
}

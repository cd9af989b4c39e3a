import { LoadingState } from '@fieldcraft/ui';
import { Navigate } from 'react-router-dom';
import { needsPasswordChange, useAuthStatus } from '../../features/auth/auth.api';
import { isStatusOffline } from '../../shared/session/offline-user';
import { OfflineDashboardPage } from './offline-pages';
import { paths } from '../../shared/paths';
import { GuardedPage } from './guarded-page';
import { DashboardPage, PublicPage, SignedInShell } from './pages';

/** '/': the dashboard when signed in, otherwise the landing page. */
export function HomeRoute() {
  const status = useAuthStatus();
  const { data, isLoading } = status;
  if (isLoading) return <LoadingState fullScreen label="Loading..." />;
  // No signal and no answer yet in this page load, only the status this device saved
  // (app/last-seen.ts): it must not stand in for a session here either. The dashboard route's
  // guard shows the offline view (the files saved on this device) and loads the page when the
  // signal returns. (Without a saved status, '/' stays the landing page, as before.)
  if (data && isStatusOffline(status)) {
    return <GuardedPage page={DashboardPage} offlinePage={OfflineDashboardPage} />;
  }

  const user = data?.isAuthenticated ? data.user : null;
  if (!user) return <PublicPage page="landing" />;
  if (needsPasswordChange(user)) return <Navigate to={paths.login.getHref()} replace />;
  return (
    <SignedInShell user={user}>
      <DashboardPage user={user} />
    </SignedInShell>
  );
}

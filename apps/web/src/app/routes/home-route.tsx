import { LoadingState } from '@fieldcraft/ui';
import { Navigate } from 'react-router-dom';
import { needsPasswordChange, useAuthStatus } from '../../features/auth/auth.api';
import { isStatusOffline, readOfflineUser } from '../../shared/session/offline-user';
import { OfflineDashboardPage } from './offline-pages';
import { paths } from '../../shared/paths';
import { GuardedPage } from './guarded-page';
import { DashboardPage, PublicPage, SignedInShell } from './pages';

/** '/': the dashboard when signed in, otherwise the landing page. */
export function HomeRoute() {
  const status = useAuthStatus();
  const { data, isLoading } = status;
  const offline = isStatusOffline(status);
  // A check asked again after a failed one counts as loading while there is no data; offline,
  // drawing 'Loading...' then would unmount the page whose mount asked again, and the next
  // failure would mount it again: a request loop. Offline, the view below stays put instead.
  if (isLoading && !offline) return <LoadingState fullScreen label="Loading..." />;
  // No signal and no answer yet in this page load, only what this device saved: the status
  // (app/last-seen.ts) or the user last signed in here. Neither stands in for a session. The
  // dashboard route's guard shows the offline view (the files saved on this device) and loads
  // the page when the signal returns. A device nobody signed in on gets the landing page.
  if (offline && (data || readOfflineUser())) {
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

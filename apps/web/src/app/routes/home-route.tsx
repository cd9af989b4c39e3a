import { LoadingState } from '@fieldcraft/ui';
import { Navigate } from 'react-router-dom';
import { needsPasswordChange, useAuthStatus } from '../../features/auth/auth.api';
import { paths } from '../paths';
import { DashboardPage, PublicPage, SignedInShell } from './pages';

/** '/': the dashboard when signed in, otherwise the landing page. */
export function HomeRoute() {
  const { data, isLoading } = useAuthStatus();
  if (isLoading) return <LoadingState fullScreen label="Loading..." />;

  const user = data?.isAuthenticated ? data.user : null;
  if (!user) return <PublicPage page="landing" />;
  if (needsPasswordChange(user)) return <Navigate to={paths.login.getHref()} replace />;
  return (
    <SignedInShell user={user}>
      <DashboardPage user={user} />
    </SignedInShell>
  );
}

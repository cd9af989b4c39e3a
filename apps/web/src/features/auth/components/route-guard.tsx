import type { Role, User } from '@fieldcraft/contracts';
import { LoadingState } from '@fieldcraft/ui';
import type { ReactNode } from 'react';
import { paths } from '../../../shared/paths';
import { needsPasswordChange, useAuthStatus } from '../auth.api';
import { RedirectNotice } from './redirect-notice';
import { OfflineNotice } from '../../../shared/offline/offline-notice';
import { isStatusOffline, readOfflineUser } from '../../../shared/session/offline-user';
import { useRefetchOnOnline } from '../../../shared/offline/use-refetch-on-online';

export interface RouteGuardProps {
  /** Roles that may see the route; omit to admit any signed-in user. */
  allowedRoles?: readonly Role[];
  /** Rendered with the signed-in user once every check passes. */
  children: (user: User) => ReactNode;
  /**
   * Rendered instead when the auth status cannot be fetched for want of signal, with the user
   * this device last saw signed in (docs/field-readiness.md). Omitted: a full-screen offline
   * message.
   */
  renderOffline?: (user: User) => ReactNode;
}

/**
 * Guards a route: 'Loading...' while the auth status loads; signed out, or a password change
 * pending → /login; a role outside `allowedRoles` → /test-station. The server enforces all of
 * this again; the guard only keeps people off screens that would fail.
 */
export function RouteGuard({ allowedRoles, children, renderOffline }: RouteGuardProps) {
  const status = useAuthStatus();
  const { data, isLoading, refetch } = status;
  const offline = isStatusOffline(status);
  useRefetchOnOnline(refetch, offline);

  // Offline, a check asked again counts as loading (no data yet): the offline view stays put, or
  // a page whose mount asks again would be unmounted and mounted again in a loop.
  if (isLoading && !offline) return <LoadingState fullScreen label="Loading..." />;
  if (offline) {
    // No signal: not a sign-out. Keep the shell and say why the page cannot load.
    const lastUser = readOfflineUser();
    return lastUser && renderOffline ? (
      <>{renderOffline(lastUser)}</>
    ) : (
      <OfflineNotice fullScreen />
    );
  }

  const user = data?.isAuthenticated ? data.user : null;
  if (!user || needsPasswordChange(user)) {
    return <RedirectNotice to={paths.login.getHref()} label="Redirecting to login..." />;
  }
  if (allowedRoles && !allowedRoles.includes(user.role)) {
    return <RedirectNotice to={paths.testStation.getHref()} label="Access denied..." />;
  }
  return <>{children(user)}</>;
}

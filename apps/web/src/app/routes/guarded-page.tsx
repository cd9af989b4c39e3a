import type { Role, User } from '@fieldcraft/contracts';
import type { ComponentType } from 'react';
import { RouteGuard } from '../../features/auth/components/route-guard';
import { OfflineNotice } from '../../shared/offline/offline-notice';
import { SignedInShell } from './pages';
import type { ShellArea } from './signed-in-shell';

export interface GuardedPageProps {
  page: ComponentType<{ user: User }>;
  /** Omit to admit any signed-in user. */
  allowedRoles?: readonly Role[];
  /** 'rooms' gives the page the main navigation bar of the room and owner area. */
  area?: ShellArea;
  /** Drawn instead of the plain offline notice when there is no signal (the dashboard's saved files). */
  offlinePage?: ComponentType<{ user: User }>;
}

/** A signed-in page: route guard, then the shell with navigation, then the page. */
export function GuardedPage({
  page: Page,
  allowedRoles,
  area,
  offlinePage: OfflinePage,
}: GuardedPageProps) {
  return (
    <RouteGuard
      allowedRoles={allowedRoles}
      renderOffline={(user) => (
        <SignedInShell user={user} area={area}>
          {OfflinePage ? <OfflinePage user={user} /> : <OfflineNotice />}
        </SignedInShell>
      )}
    >
      {(user) => (
        <SignedInShell user={user} area={area}>
          <Page user={user} />
        </SignedInShell>
      )}
    </RouteGuard>
  );
}

import type { Role, User } from '@fieldcraft/contracts';
import type { ComponentType } from 'react';
import { RouteGuard } from '../../features/auth/components/route-guard';
import { SignedInShell } from './pages';

export interface GuardedPageProps {
  page: ComponentType<{ user: User }>;
  /** Omit to admit any signed-in user. */
  allowedRoles?: readonly Role[];
}

/** A signed-in page: route guard, then the shell with navigation, then the page. */
export function GuardedPage({ page: Page, allowedRoles }: GuardedPageProps) {
  return (
    <RouteGuard allowedRoles={allowedRoles}>
      {(user) => (
        <SignedInShell user={user}>
          <Page user={user} />
        </SignedInShell>
      )}
    </RouteGuard>
  );
}

import type { User } from '@fieldcraft/contracts';
import type { ReactNode } from 'react';
import { useSignOut } from '../../features/auth/use-sign-out';
import { AuthenticatedShell } from '../../features/layout/components/authenticated-shell';

/** The layout's signed-in shell wired to the auth feature's sign-out. Loaded lazily. */
export default function SignedInShell({ user, children }: { user: User; children: ReactNode }) {
  const signOut = useSignOut();
  return (
    <AuthenticatedShell user={user} onSignOut={signOut}>
      {children}
    </AuthenticatedShell>
  );
}

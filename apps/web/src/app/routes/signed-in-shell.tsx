import type { User } from '@fieldcraft/contracts';
import type { ReactNode } from 'react';
import { useSignOut } from '../../features/auth/use-sign-out';
import { AuthenticatedShell } from '../../features/layout/components/authenticated-shell';
import { MainNav } from '../../features/layout/components/main-nav';
import { AddRoomButton } from '../../features/rooms/components/add-room-dialog';

/** Which navigation bar a signed-in page gets: the top bar, or the room and owner area's main bar. */
export type ShellArea = 'top' | 'rooms';

/**
 * The layout's signed-in shell wired to the auth feature's sign-out and, in the room area, the
 * rooms feature's ADD ROOM dialog. Loaded lazily.
 */
export default function SignedInShell({
  user,
  area = 'top',
  children,
}: {
  user: User;
  area?: ShellArea;
  children: ReactNode;
}) {
  const signOut = useSignOut();
  const nav =
    area === 'rooms' ? (
      <MainNav
        user={user}
        onSignOut={signOut}
        addRoom={user.role === 'OWNER' ? <AddRoomButton /> : undefined}
      />
    ) : undefined;
  return (
    <AuthenticatedShell user={user} onSignOut={signOut} nav={nav}>
      {children}
    </AuthenticatedShell>
  );
}

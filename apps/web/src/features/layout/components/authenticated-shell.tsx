import type { User } from '@fieldcraft/contracts';
import { LoadingState } from '@fieldcraft/ui';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import { Suspense, type ReactNode } from 'react';
import { AppFooter } from './app-footer';
import { MAIN_CONTENT_ID } from './public-shell';
import { SkipLink } from './skip-link';
import { TopNav } from './top-nav';

export interface AuthenticatedShellProps {
  user: User;
  onSignOut: () => void;
  children: ReactNode;
  /** Replaces the top navigation bar (the room and owner area brings its main navigation bar). */
  nav?: ReactNode;
}

/** Signed-in pages: skip link, top navigation, the page in main, the footer. */
export function AuthenticatedShell({ user, onSignOut, children, nav }: AuthenticatedShellProps) {
  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column' }}>
      <SkipLink targetId={MAIN_CONTENT_ID} />
      {nav ?? <TopNav user={user} onSignOut={onSignOut} />}
      <Box component="main" id={MAIN_CONTENT_ID} tabIndex={-1} sx={{ flex: 1, outline: 'none' }}>
        <Container maxWidth="lg" sx={{ py: { xs: 3, sm: 4 }, px: { xs: 2, sm: 3 } }}>
          <Suspense fallback={<LoadingState label="Loading..." />}>{children}</Suspense>
        </Container>
      </Box>
      <AppFooter />
    </Box>
  );
}

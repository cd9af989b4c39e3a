import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { AppFooter } from './app-footer';

export const MAIN_CONTENT_ID = 'main-content';

/** Signed-out pages: the page as the main landmark, the footer below. */
export function PublicShell({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column' }}>
      <Box
        component="main"
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        sx={{ flex: 1, display: 'flex', flexDirection: 'column', outline: 'none' }}
      >
        {children}
      </Box>
      <AppFooter />
    </Box>
  );
}

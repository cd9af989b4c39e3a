import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { useMemo, type ReactNode } from 'react';
import { createAppTheme, type AppThemeVariant } from './app-theme';

export interface AppThemeProviderProps {
  /** `outdoor` switches to the high-contrast theme; `standard` by default. */
  variant?: AppThemeVariant;
  children: ReactNode;
}

/** Theme plus CSS baseline for everything below it. */
export function AppThemeProvider({ variant = 'standard', children }: AppThemeProviderProps) {
  const theme = useMemo(() => createAppTheme(variant), [variant]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}

import type { Components, Theme } from '@mui/material/styles';

/** Cards, paper and the app bar. */
export const surfacesCustomizations: Components<Theme> = {
  MuiPaper: {
    styleOverrides: {
      rounded: { borderRadius: 14 },
    },
  },
  MuiCard: {
    defaultProps: { variant: 'outlined' },
    styleOverrides: {
      root: ({ theme }) => ({
        borderRadius: 16,
        borderColor: theme.palette.divider,
        boxShadow: '0 1px 2px rgba(16, 24, 40, 0.06)',
      }),
    },
  },
  MuiAppBar: {
    defaultProps: { elevation: 0, color: 'secondary' },
  },
};

import type { Components, Theme } from '@mui/material/styles';

/** Alerts, chips (status and role badges), progress. */
export const feedbackCustomizations: Components<Theme> = {
  MuiAlert: {
    styleOverrides: {
      root: { borderRadius: 12, alignItems: 'flex-start' },
    },
  },
  MuiChip: {
    styleOverrides: {
      root: { fontWeight: 700, borderRadius: 8 },
      sizeSmall: { fontSize: '0.75rem', height: 24 },
    },
  },
};

import type { Components, Theme } from '@mui/material/styles';
import { phoneQuery } from './typography';

/** Tables: cells are body text, so 16 px on phones (MUI draws them at 14 px). */
export const dataDisplayCustomizations: Components<Theme> = {
  MuiTableCell: {
    styleOverrides: {
      root: { [phoneQuery]: { fontSize: '1rem' } },
    },
  },
};

import type { Components, Theme } from '@mui/material/styles';
import { focusRing } from './focus';

/** Buttons: at least 44 px tall so gloved thumbs can hit them; no upper-case shouting. */
export const buttonsCustomizations: Components<Theme> = {
  MuiButtonBase: {
    styleOverrides: {
      root: { '&.Mui-focusVisible': focusRing },
    },
  },
  MuiButton: {
    defaultProps: { disableElevation: true },
    styleOverrides: {
      // Repeated here: Button's own focus style (disableElevation) drops the halo otherwise.
      root: {
        minHeight: 44,
        borderRadius: 10,
        paddingInline: 18,
        '&&.Mui-focusVisible': focusRing,
      },
      sizeLarge: { minHeight: 52, fontSize: '1.05rem', paddingInline: 24 },
      sizeSmall: { minHeight: 44, paddingInline: 12 },
    },
  },
  MuiIconButton: {
    styleOverrides: {
      root: { minWidth: 44, minHeight: 44, '&.Mui-focusVisible': focusRing },
    },
  },
  MuiToggleButton: {
    styleOverrides: {
      root: { minWidth: 44, minHeight: 44, '&.Mui-focusVisible': focusRing },
    },
  },
  MuiFab: {
    styleOverrides: {
      root: { minWidth: 56, minHeight: 56, '&.Mui-focusVisible': focusRing },
    },
  },
};

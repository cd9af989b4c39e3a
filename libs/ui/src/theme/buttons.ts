import type { Components, Theme } from '@mui/material/styles';

/** Buttons: at least 44 px tall so gloved thumbs can hit them; no upper-case shouting. */
export const buttonsCustomizations: Components<Theme> = {
  MuiButtonBase: {
    defaultProps: { disableRipple: false },
  },
  MuiButton: {
    defaultProps: { disableElevation: true },
    styleOverrides: {
      root: { minHeight: 44, borderRadius: 10, paddingInline: 18 },
      sizeLarge: { minHeight: 52, fontSize: '1.05rem', paddingInline: 24 },
      sizeSmall: { minHeight: 44, paddingInline: 12 },
    },
  },
  MuiIconButton: {
    styleOverrides: {
      root: { minWidth: 44, minHeight: 44 },
    },
  },
  MuiFab: {
    styleOverrides: {
      root: { minWidth: 56, minHeight: 56 },
    },
  },
};

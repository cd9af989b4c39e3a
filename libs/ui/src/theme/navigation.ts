import type { Components, Theme } from '@mui/material/styles';

/** Menus and links: roomy items, underlined links so they are not told apart by colour alone. */
export const navigationCustomizations: Components<Theme> = {
  MuiMenuItem: {
    styleOverrides: {
      // Inside a menu the ring sits within the item so the paper does not clip it.
      root: { minHeight: 44, '&.Mui-focusVisible': { outlineOffset: -3, boxShadow: 'none' } },
    },
  },
  MuiTabScrollButton: {
    // The arrows of scrollable tabs are touch targets too.
    styleOverrides: { root: { width: 44, flexShrink: 0 } },
  },
  MuiLink: {
    defaultProps: { underline: 'always' },
    styleOverrides: {
      root: { fontWeight: 600, textUnderlineOffset: 3 },
    },
  },
};

import type { Components, Theme } from '@mui/material/styles';

/** Menus and links: roomy items, underlined links so they are not told apart by colour alone. */
export const navigationCustomizations: Components<Theme> = {
  MuiMenuItem: {
    styleOverrides: {
      root: { minHeight: 44 },
    },
  },
  MuiLink: {
    defaultProps: { underline: 'always' },
    styleOverrides: {
      root: { fontWeight: 600, textUnderlineOffset: 3 },
    },
  },
};

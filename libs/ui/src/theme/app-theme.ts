import { createTheme, type Theme } from '@mui/material/styles';
import { buttonsCustomizations } from './buttons';
import { dataDisplayCustomizations } from './data-display';
import { feedbackCustomizations } from './feedback';
import { inputsCustomizations } from './inputs';
import { navigationCustomizations } from './navigation';
import { focusRing, outdoorFocusRing } from './focus';
import { outdoorPalette, palette } from './palette';
import { surfacesCustomizations } from './surfaces';
import { typography } from './typography';

/**
 * `standard`: the everyday theme. `outdoor`: high contrast for bright sun — near-black text on
 * white, darker primary, stronger borders and a thicker focus ring.
 */
export type AppThemeVariant = 'standard' | 'outdoor';

/** The one theme of the app: palette, type scale and one override file per component family. */
export function createAppTheme(variant: AppThemeVariant = 'standard'): Theme {
  const outdoor = variant === 'outdoor';
  const ring = outdoor ? outdoorFocusRing : focusRing;
  const theme = createTheme({
    palette: outdoor ? outdoorPalette : palette,
    typography,
    shape: { borderRadius: 10 },
    components: {
      MuiCssBaseline: {
        styleOverrides: {
          // A thick, high-contrast ring for keyboard users on every focusable element.
          ':focus-visible': ring,
          // Text fields draw their own focus state (see inputs.ts); a second ring would box the
          // bare <input> inside the field.
          'input:focus-visible, textarea:focus-visible': { outline: 'none', boxShadow: 'none' },
          body: { WebkitFontSmoothing: 'antialiased' },
        },
      },
      ...buttonsCustomizations,
      ...inputsCustomizations,
      ...surfacesCustomizations,
      ...feedbackCustomizations,
      ...navigationCustomizations,
      ...dataDisplayCustomizations,
    },
  });
  if (!outdoor) return theme;
  // Outdoor overrides on top of the shared ones: 2 px borders that survive glare, and the
  // thicker ring wherever a component draws its own.
  return createTheme(theme, {
    components: {
      MuiButtonBase: { styleOverrides: { root: { '&.Mui-focusVisible': ring } } },
      MuiButton: {
        styleOverrides: {
          root: { '&&.Mui-focusVisible': ring },
          outlined: { borderWidth: 2, '&:hover': { borderWidth: 2 } },
        },
      },
      MuiIconButton: { styleOverrides: { root: { '&.Mui-focusVisible': ring } } },
      MuiToggleButton: { styleOverrides: { root: { '&.Mui-focusVisible': ring } } },
      MuiFab: { styleOverrides: { root: { '&.Mui-focusVisible': ring } } },
      MuiOutlinedInput: {
        styleOverrides: {
          notchedOutline: { borderWidth: 2, borderColor: 'rgba(16, 24, 40, 0.75)' },
        },
      },
      MuiCard: {
        styleOverrides: {
          // Replaces surfaces.ts's root (a function, which a merge cannot extend): radius kept.
          root: {
            borderRadius: 16,
            borderWidth: 2,
            borderColor: 'rgba(16, 24, 40, 0.6)',
            boxShadow: 'none',
          },
        },
      },
      MuiPaper: { styleOverrides: { outlined: { borderWidth: 2 } } },
      MuiChip: { styleOverrides: { outlined: { borderWidth: 2 } } },
      MuiDivider: { styleOverrides: { root: { borderBottomWidth: 2 } } },
      // Menu icons in the text colour rather than MUI's 54 % grey.
      MuiListItemIcon: { styleOverrides: { root: { color: 'inherit' } } },
      // A solid underline in the text colour (MUI fades it to 40 %): links must not rely on colour.
      MuiLink: {
        styleOverrides: {
          root: { textDecorationThickness: 2, textDecorationColor: 'currentColor' },
        },
      },
    },
  });
}

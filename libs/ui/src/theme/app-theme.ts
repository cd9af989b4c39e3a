import { createTheme, type Theme } from '@mui/material/styles';
import { buttonsCustomizations } from './buttons';
import { feedbackCustomizations } from './feedback';
import { inputsCustomizations } from './inputs';
import { navigationCustomizations } from './navigation';
import { focusRing } from './focus';
import { palette } from './palette';
import { surfacesCustomizations } from './surfaces';
import { typography } from './typography';

/** The one theme of the app: palette, type scale and one override file per component family. */
export function createAppTheme(): Theme {
  return createTheme({
    palette,
    typography,
    shape: { borderRadius: 10 },
    components: {
      MuiCssBaseline: {
        styleOverrides: {
          // A thick, high-contrast ring for keyboard users on every focusable element.
          ':focus-visible': focusRing,
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
    },
  });
}

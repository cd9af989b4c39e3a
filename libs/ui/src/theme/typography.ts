import type { TypographyVariantsOptions } from '@mui/material/styles';

/** System fonts only: nothing is fetched from a font CDN. */
export const systemFontStack = [
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  'Roboto',
  '"Helvetica Neue"',
  'Arial',
  '"Noto Sans"',
  'sans-serif',
].join(',');

/** Below MUI's default sm breakpoint (600 px), as `theme.breakpoints.down('sm')` writes it. */
export const phoneQuery = '@media (max-width:599.95px)';

export const typography: TypographyVariantsOptions = {
  fontFamily: systemFontStack,
  h1: { fontSize: '2.25rem', fontWeight: 800, lineHeight: 1.15, letterSpacing: '-0.02em' },
  h2: { fontSize: '1.75rem', fontWeight: 800, lineHeight: 1.2, letterSpacing: '-0.01em' },
  h3: { fontSize: '1.375rem', fontWeight: 700, lineHeight: 1.25 },
  h4: { fontSize: '1.125rem', fontWeight: 700, lineHeight: 1.3 },
  h5: { fontSize: '1rem', fontWeight: 700 },
  h6: { fontSize: '0.95rem', fontWeight: 700 },
  button: { textTransform: 'none', fontWeight: 700, fontSize: '0.95rem' },
  body1: { fontSize: '1rem', lineHeight: 1.55 },
  // Readable at arm's length: no body text under 16 px on phones (below MUI's sm, 600 px).
  body2: { fontSize: '0.9rem', lineHeight: 1.5, [phoneQuery]: { fontSize: '1rem' } },
  caption: { fontSize: '0.75rem', lineHeight: 1.5, [phoneQuery]: { fontSize: '0.875rem' } },
};

import { getContrastRatio } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { createAppTheme } from './app-theme';
import { phoneQuery } from './typography';

describe('createAppTheme', () => {
  it('keeps the standard theme by default', () => {
    const theme = createAppTheme();
    expect(theme.palette.primary.main).toBe('#b54708');
    expect(theme.palette.background.default).toBe('#f6f5f2');
  });

  it('outdoor: near-black text on white at AAA contrast (7:1) or more', () => {
    const { palette } = createAppTheme('outdoor');
    expect(palette.background.default).toBe('#ffffff');
    expect(palette.background.paper).toBe('#ffffff');
    for (const colour of [
      palette.text.primary,
      palette.text.secondary,
      palette.primary.main,
      palette.error.main,
      palette.info.main,
    ])
      expect(getContrastRatio(colour, '#ffffff'), colour).toBeGreaterThanOrEqual(7);
    expect(
      getContrastRatio(palette.primary.contrastText, palette.primary.main),
    ).toBeGreaterThanOrEqual(7);
  });

  it('outdoor: a thicker focus ring and 2 px borders on fields and cards', () => {
    const theme = createAppTheme('outdoor');
    const baseline = theme.components?.MuiCssBaseline?.styleOverrides as Record<
      string,
      { outline: string }
    >;
    expect(baseline[':focus-visible']?.outline).toBe('4px solid #000000');
    expect(createAppTheme().components?.MuiCssBaseline?.styleOverrides).toMatchObject({
      ':focus-visible': { outline: '3px solid #101828' },
    });
    expect(theme.components?.MuiOutlinedInput?.styleOverrides?.notchedOutline).toMatchObject({
      borderWidth: 2,
    });
    expect(theme.components?.MuiCard?.styleOverrides?.root).toMatchObject({ borderWidth: 2 });
  });

  it.each(['standard', 'outdoor'] as const)('%s: no body text under 16 px on phones', (variant) => {
    const { typography } = createAppTheme(variant);
    const px = (size: string | number | undefined) =>
      typeof size === 'number' ? size : parseFloat(String(size)) * 16;
    expect(px(typography.body1.fontSize)).toBeGreaterThanOrEqual(16);
    const body2Phone = (typography.body2 as unknown as Record<string, { fontSize: string }>)[
      phoneQuery
    ];
    expect(px(body2Phone?.fontSize)).toBeGreaterThanOrEqual(16);
  });

  it('phones: table cells at 16 px and 44 px label rows and toggle buttons', () => {
    const { components } = createAppTheme();
    expect(components?.MuiTableCell?.styleOverrides?.root).toMatchObject({
      [phoneQuery]: { fontSize: '1rem' },
    });
    expect(components?.MuiFormControlLabel?.styleOverrides?.root).toMatchObject({ minHeight: 44 });
    expect(components?.MuiToggleButton?.styleOverrides?.root).toMatchObject({
      minWidth: 44,
      minHeight: 44,
    });
  });
});

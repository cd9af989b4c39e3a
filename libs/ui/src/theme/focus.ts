import { brandColors } from './palette';

/**
 * The keyboard focus ring: a white band hugging the element inside a dark outline, so one of
 * the two contrasts with any surface (the dark landing hero as well as light cards). MUI's
 * ButtonBase resets `outline`, so buttons get it via `.Mui-focusVisible`.
 */
export const focusRing = {
  outline: `3px solid ${brandColors.charcoalDeep}`,
  outlineOffset: 2,
  boxShadow: '0 0 0 2px #ffffff',
} as const;

/** The outdoor theme's ring: thicker, so it shows in glare. */
export const outdoorFocusRing = {
  outline: `4px solid #000000`,
  outlineOffset: 2,
  boxShadow: '0 0 0 3px #ffffff',
} as const;

import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { brandColors } from '../theme/palette';

export interface LogoProps {
  /** Rendered width and height in pixels. */
  size?: number;
  /** Accessible name. Leave empty when the product name is printed right beside the logo. */
  title?: string;
  sx?: SxProps<Theme>;
}

/** The product mark: an amber hard hat on a charcoal tile. */
export function Logo({ size = 48, title, sx }: LogoProps) {
  const labelled = Boolean(title);
  return (
    <Box
      component="svg"
      viewBox="0 0 64 64"
      width={size}
      height={size}
      role={labelled ? 'img' : undefined}
      aria-label={labelled ? title : undefined}
      aria-hidden={labelled ? undefined : true}
      focusable="false"
      sx={{ display: 'block', flexShrink: 0, ...sx }}
    >
      <rect width="64" height="64" rx="14" fill={brandColors.charcoal} />
      <path d="M14 41c0-13 7.6-22 18-22s18 9 18 22z" fill={brandColors.amber} />
      <rect x="28.5" y="15" width="7" height="15" rx="3" fill="#fec84b" />
      <rect x="8" y="40" width="48" height="7" rx="3.5" fill={brandColors.amber} />
      <rect x="8" y="51" width="48" height="3" rx="1.5" fill={brandColors.orange} />
    </Box>
  );
}

import CheckIcon from '@mui/icons-material/Check';
import LightModeIcon from '@mui/icons-material/LightMode';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import { useOutdoorMode } from '../../../shared/outdoor-mode/outdoor-mode';

export const OUTDOOR_MODE_LABEL = 'Outdoor mode';

/**
 * 'Outdoor mode' as a checkable menu item. The state is said by a check mark and by
 * aria-checked, never by colour. The menu stays open so the user sees the switch take effect.
 */
export function OutdoorModeMenuItem() {
  const { outdoor, toggle } = useOutdoorMode();
  return (
    <MenuItem role="menuitemcheckbox" aria-checked={outdoor} onClick={toggle}>
      <ListItemIcon>
        <LightModeIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>{OUTDOOR_MODE_LABEL}</ListItemText>
      <Box component="span" aria-hidden sx={{ display: 'inline-flex', width: 24, ml: 2 }}>
        {outdoor ? <CheckIcon fontSize="small" /> : null}
      </Box>
    </MenuItem>
  );
}

/**
 * The main navigation bar's toggle button: icon only on phones and tablets, with its label from
 * md up. The state is aria-pressed and, when on, an outline around the button.
 */
export function OutdoorModeButton({ sx }: { sx?: object }) {
  const { outdoor, toggle } = useOutdoorMode();
  return (
    <Button
      color="inherit"
      aria-label={OUTDOOR_MODE_LABEL}
      aria-pressed={outdoor}
      startIcon={<LightModeIcon />}
      onClick={toggle}
      sx={{
        ...sx,
        // A pressed toggle gets an outline too, so the state is not told by colour alone.
        ...(outdoor ? { outline: '2px solid currentColor', outlineOffset: -4 } : {}),
      }}
    >
      {/* The visible words match the accessible name (axe: label-content-name-mismatch). */}
      <Box component="span" sx={{ display: { xs: 'none', md: 'inline' } }}>
        {OUTDOOR_MODE_LABEL}
      </Box>
    </Button>
  );
}

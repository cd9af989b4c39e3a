import CheckBoxIcon from '@mui/icons-material/CheckBox';
import CheckBoxOutlineBlankIcon from '@mui/icons-material/CheckBoxOutlineBlank';
import TuneIcon from '@mui/icons-material/Tune';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import type { VoicePreferences } from '../voice-preferences';

/**
 * The one noisy-site choice that is not the microphone button itself, out of the way in a
 * menu: mute the microphone while the agent speaks (no headset on a loud site).
 */
export function VoiceSettingsMenu({
  agentName,
  preferences,
  onChange,
}: {
  agentName: string;
  preferences: VoicePreferences;
  onChange: (change: Partial<VoicePreferences>) => void;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const on = preferences.muteWhileAgentSpeaks;
  return (
    <>
      <IconButton
        aria-label="Voice settings"
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? true : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
        sx={{ width: 44, height: 44 }}
      >
        <TuneIcon />
      </IconButton>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem
          role="menuitemcheckbox"
          aria-checked={on}
          onClick={() => onChange({ muteWhileAgentSpeaks: !on })}
          sx={{ minHeight: 44, whiteSpace: 'normal' }}
        >
          <ListItemIcon>{on ? <CheckBoxIcon /> : <CheckBoxOutlineBlankIcon />}</ListItemIcon>
          <ListItemText>Mute the microphone while {agentName} speaks</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}

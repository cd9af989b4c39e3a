import type { User } from '@fieldcraft/contracts';
import { InitialAvatar, RoleBadge, visuallyHidden } from '@fieldcraft/ui';
import DashboardIcon from '@mui/icons-material/Dashboard';
import PersonIcon from '@mui/icons-material/Person';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../../shared/paths';
import { OutdoorModeMenuItem } from './outdoor-mode-switch';
import { SignOutMenuItem } from './sign-out-menu-item';

/** Full name, or the local part of the email when the account has no name. */
export function displayName(user: Pick<User, 'firstName' | 'lastName' | 'email'>): string {
  const full = [user.firstName, user.lastName].filter(Boolean).join(' ').trim();
  return full || user.email.split('@')[0] || user.email;
}

export interface UserMenuProps {
  user: User;
  onSignOut: () => void;
  /** A bar with many buttons: the name shows from lg up and the role badge from md up. */
  compact?: boolean;
}

/**
 * Avatar, name and role badge; opens a menu with the email, 'Profile' and 'Sign Out', and for an
 * OWNER or ADMIN 'Admin Dashboard' (/main-dashboard), an ADMIN's only way into the admin screens;
 * 'Outdoor mode' switches the high-contrast theme for this device.
 */
export function UserMenu({ user, onSignOut, compact = false }: UserMenuProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const buttonId = useId();
  const name = displayName(user);
  const close = () => setAnchor(null);

  return (
    <>
      <ButtonBase
        id={buttonId}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? menuId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{
          gap: 1,
          minHeight: 44,
          px: 1,
          borderRadius: 2,
          color: 'inherit',
          '&:hover': { bgcolor: 'rgba(255,255,255,0.08)' },
        }}
      >
        <InitialAvatar name={name} size={34} />
        <Typography
          component="span"
          sx={(theme) => ({
            fontWeight: 600,
            maxWidth: 180,
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            whiteSpace: 'nowrap',
            // Visually hidden on phones, still read out as the button's name.
            [theme.breakpoints.down(compact ? 'lg' : 'sm')]: visuallyHidden,
          })}
        >
          {name}
        </Typography>
        <Box
          component="span"
          sx={(theme) => ({
            display: 'inline-flex',
            ...(compact ? { [theme.breakpoints.down('md')]: visuallyHidden } : {}),
          })}
        >
          <RoleBadge role={user.role} />
        </Box>
        {/* Read after the visible name and role, so the button says what it opens. */}
        <Box component="span" sx={visuallyHidden}>
          account menu
        </Box>
      </ButtonBase>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          list: { 'aria-labelledby': buttonId },
          paper: { sx: { minWidth: 240, mt: 1 } },
        }}
      >
        <Box component="li" role="none" sx={{ px: 2, py: 1.25 }}>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            Signed in as
          </Typography>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{user.email}</Typography>
        </Box>
        <Divider component="li" role="separator" />
        <MenuItem component={RouterLink} to={paths.profile.getHref()} onClick={close}>
          <ListItemIcon>
            <PersonIcon fontSize="small" />
          </ListItemIcon>
          Profile
        </MenuItem>
        {user.role === 'OWNER' || user.role === 'ADMIN' ? (
          <MenuItem component={RouterLink} to={paths.adminHome.getHref()} onClick={close}>
            <ListItemIcon>
              <DashboardIcon fontSize="small" />
            </ListItemIcon>
            Admin Dashboard
          </MenuItem>
        ) : null}
        <OutdoorModeMenuItem />
        <SignOutMenuItem close={close} onSignOut={onSignOut} />
      </Menu>
    </>
  );
}

import type { User } from '@fieldcraft/contracts';
import MenuIcon from '@mui/icons-material/Menu';
import IconButton from '@mui/material/IconButton';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { linksForRole } from '../nav-links';
import { OutdoorModeMenuItem } from './outdoor-mode-switch';
import { SignOutMenuItem } from './sign-out-menu-item';
import { ownerMenuGroups } from './owner-menus';

export interface MobileNavMenuProps {
  user: User;
  onSignOut: () => void;
}

/**
 * Small screens: a menu button with the links the user's role may see (for an OWNER also the
 * Analytics and Management menus, as labelled groups), and Sign Out.
 */
export function MobileNavMenu({ user, onSignOut }: MobileNavMenuProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const close = () => setAnchor(null);

  return (
    <>
      <IconButton
        color="inherit"
        aria-label="Open navigation menu"
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? menuId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ display: { xs: 'inline-flex', md: 'none' } }}
      >
        <MenuIcon />
      </IconButton>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          list: { 'aria-label': 'Navigation' },
          paper: { sx: { minWidth: 240, mt: 1 } },
        }}
      >
        {linksForRole(user.role).map((link) => (
          <MenuItem key={link.href} component={RouterLink} to={link.href} onClick={close}>
            {link.label}
          </MenuItem>
        ))}
        {user.role === 'OWNER'
          ? ownerMenuGroups.flatMap((group) => [
              <ListSubheader
                key={group.label}
                component="li"
                role="none"
                sx={{ lineHeight: 2.5, fontSize: 16, fontWeight: 700 }}
              >
                {group.label}
              </ListSubheader>,
              ...group.links.map((link) => (
                <MenuItem
                  key={link.href}
                  component={RouterLink}
                  to={link.href}
                  onClick={close}
                  sx={{ pl: 3 }}
                >
                  {link.label}
                </MenuItem>
              )),
            ])
          : null}
        <OutdoorModeMenuItem />
        <SignOutMenuItem close={close} onSignOut={onSignOut} />
      </Menu>
    </>
  );
}

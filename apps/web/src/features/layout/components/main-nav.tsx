import type { User } from '@fieldcraft/contracts';
import { Logo } from '@fieldcraft/ui';
import DashboardIcon from '@mui/icons-material/Dashboard';
import LogoutIcon from '@mui/icons-material/Logout';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Toolbar from '@mui/material/Toolbar';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../../shared/paths';
import { OutdoorModeButton } from './outdoor-mode-switch';
import { AnalyticsMenu, labelOnWideScreens, ManagementMenu, navButtonSx } from './owner-menus';
import { UserMenu } from './user-menu';

export interface MainNavProps {
  user: User;
  onSignOut: () => void;
  /** The ADD ROOM button and dialog (rooms feature), composed in app/; shown to OWNERs only. */
  addRoom?: ReactNode;
}

/**
 * The main navigation bar of the room and owner area: 'BETA 1.4' home badge, the OWNER's
 * Analytics menu, ADD ROOM and Management menu, an ADMIN's 'Admin Dashboard' link, and the
 * 'Outdoor mode' toggle, the account menu (the same as the top bar's) and Logout for everyone.
 */
export function MainNav({ user, onSignOut, addRoom }: MainNavProps) {
  const isOwner = user.role === 'OWNER';
  return (
    <AppBar position="sticky" component="header" color="secondary">
      <Toolbar
        component="nav"
        aria-label="Main"
        sx={{ gap: { xs: 0.5, sm: 1 }, minHeight: { xs: 64 }, px: { xs: 1, sm: 3 } }}
      >
        <Button
          component={RouterLink}
          to={paths.home.getHref()}
          color="inherit"
          startIcon={<Logo size={32} />}
          sx={{
            fontWeight: 800,
            letterSpacing: '0.04em',
            px: 1,
            whiteSpace: 'nowrap',
            flexShrink: 0,
            // An OWNER's bar holds five 44 px buttons: at 360 px the logo would push the badge
            // out of its box, so phones show the badge text alone.
            ...(isOwner
              ? { '& .MuiButton-startIcon': { display: { xs: 'none', sm: 'inherit' } } }
              : {}),
          }}
        >
          BETA 1.4
        </Button>
        <Box sx={{ flex: 1 }} />
        {isOwner ? (
          <>
            <AnalyticsMenu />
            {addRoom}
            <ManagementMenu />
          </>
        ) : null}
        {user.role === 'ADMIN' ? (
          // An ADMIN has no Management menu: this is their way back to their landing page.
          <Button
            component={RouterLink}
            to={paths.adminHome.getHref()}
            color="inherit"
            aria-label="Admin Dashboard"
            startIcon={<DashboardIcon />}
            sx={navButtonSx}
          >
            <Box component="span" sx={labelOnWideScreens}>
              Admin Dashboard
            </Box>
          </Button>
        ) : null}
        {/* An OWNER's bar has three more buttons: on their phone the switch is in the account
            menu only, so the bar fits 360 px. */}
        <OutdoorModeButton
          sx={
            isOwner ? { ...navButtonSx, display: { xs: 'none', sm: 'inline-flex' } } : navButtonSx
          }
        />
        <UserMenu user={user} onSignOut={onSignOut} compact />
        <Button
          color="inherit"
          aria-label="Logout"
          startIcon={<LogoutIcon />}
          onClick={onSignOut}
          sx={navButtonSx}
        >
          <Box component="span" sx={labelOnWideScreens}>
            Logout
          </Box>
        </Button>
      </Toolbar>
    </AppBar>
  );
}

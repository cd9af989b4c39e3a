import type { User } from '@fieldcraft/contracts';
import { Logo } from '@fieldcraft/ui';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Toolbar from '@mui/material/Toolbar';
import { Link as RouterLink } from 'react-router-dom';
import { config } from '../../../shared/config';
import { paths } from '../../../shared/paths';
import { MobileNavMenu } from './mobile-nav-menu';
import { AnalyticsMenu, ManagementMenu } from './owner-menus';
import { UserMenu } from './user-menu';

const wideOnly = { display: { xs: 'none', md: 'inline-flex' } } as const;

export interface TopNavProps {
  user: User;
  onSignOut: () => void;
}

/**
 * The signed-in navigation bar: 'Beta 1.4' home button, the OWNER's Analytics and Management
 * menus (the same as the room area's bar; on phones they are groups of the small-screen menu),
 * the user menu, the small-screen menu.
 */
export function TopNav({ user, onSignOut }: TopNavProps) {
  return (
    <AppBar position="sticky" component="header" color="secondary">
      <Toolbar
        component="nav"
        aria-label="Main"
        sx={{ gap: 1, minHeight: { xs: 64 }, px: { xs: 1.5, sm: 3 } }}
      >
        <Button
          component={RouterLink}
          to={paths.home.getHref()}
          color="inherit"
          startIcon={<Logo size={32} />}
          sx={{ fontWeight: 800, letterSpacing: '0.02em', px: 1 }}
        >
          {config.versionLabel}
        </Button>
        <Box sx={{ flex: 1 }} />
        {user.role === 'OWNER' ? (
          <>
            <AnalyticsMenu sx={wideOnly} />
            <ManagementMenu sx={wideOnly} />
          </>
        ) : null}
        <UserMenu user={user} onSignOut={onSignOut} />
        <MobileNavMenu user={user} onSignOut={onSignOut} />
      </Toolbar>
    </AppBar>
  );
}

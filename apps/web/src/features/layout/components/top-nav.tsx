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
import { UserMenu } from './user-menu';

export interface TopNavProps {
  user: User;
  onSignOut: () => void;
}

/** The signed-in navigation bar: 'Beta 1.4' home button, the user menu, the small-screen menu. */
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
        <UserMenu user={user} onSignOut={onSignOut} />
        <MobileNavMenu user={user} onSignOut={onSignOut} />
      </Toolbar>
    </AppBar>
  );
}

import type { User } from '@fieldcraft/contracts';
import { Logo } from '@fieldcraft/ui';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import DashboardIcon from '@mui/icons-material/Dashboard';
import InsightsIcon from '@mui/icons-material/Insights';
import LogoutIcon from '@mui/icons-material/Logout';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Toolbar from '@mui/material/Toolbar';
import { useId, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../../shared/paths';
import { OutdoorModeButton } from './outdoor-mode-switch';

const labelOnWideScreens = { display: { xs: 'none', md: 'inline' } } as const;
/** Icon-only (44 px square) on phones and tablets, icon and label from md up. */
const navButtonSx = {
  minWidth: 44,
  px: { xs: 1, md: 1.5 },
  '& .MuiButton-startIcon': { mr: { xs: 0, md: 1 }, ml: { xs: 0, md: -0.5 } },
} as const;

interface MenuLink {
  label: string;
  href: string;
}

const analyticsLinks: MenuLink[] = [
  { label: 'AI Assistant Chat', href: paths.assistantChat.getHref() },
  { label: 'Voice Usage', href: paths.analyticsUsage.getHref() },
  { label: 'Content Engagement', href: paths.analyticsEngagement.getHref() },
  { label: 'Knowledge Gaps', href: paths.analyticsKnowledgeGaps.getHref() },
];
const managementLinks: MenuLink[] = [
  { label: 'Owner Control', href: paths.ownerControl.getHref() },
  { label: 'User Management', href: paths.userManagement.getHref() },
  { label: 'Companies', href: paths.companies.getHref() },
  { label: 'Fast Redeploy', href: paths.agents.getHref() },
];

/** A button that opens a menu of links. On phones only its icon shows; the name stays. */
function NavMenu({ label, icon, links }: { label: string; icon: ReactNode; links: MenuLink[] }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const close = () => setAnchor(null);
  return (
    <>
      <Button
        color="inherit"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? menuId : undefined}
        startIcon={icon}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={navButtonSx}
      >
        <Box component="span" sx={labelOnWideScreens}>
          {label}
        </Box>
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={close}>
        {links.map((link) => (
          <MenuItem
            key={link.href}
            component={RouterLink}
            to={link.href}
            onClick={close}
            sx={{ minHeight: 44 }}
          >
            {link.label}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

export interface MainNavProps {
  user: User;
  onSignOut: () => void;
  /** The ADD ROOM button and dialog (rooms feature), composed in app/; shown to OWNERs only. */
  addRoom?: ReactNode;
}

/**
 * The main navigation bar of the room and owner area: 'BETA 1.4' home badge, the OWNER's
 * Analytics menu, ADD ROOM and Management menu, an ADMIN's 'Admin Dashboard' link, and the
 * 'Outdoor mode' toggle and Logout for everyone.
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
            <NavMenu label="Analytics" icon={<InsightsIcon />} links={analyticsLinks} />
            {addRoom}
            <NavMenu label="Management" icon={<AdminPanelSettingsIcon />} links={managementLinks} />
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
        <OutdoorModeButton sx={navButtonSx} />
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

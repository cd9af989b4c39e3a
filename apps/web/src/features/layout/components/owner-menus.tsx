import InsightsIcon from '@mui/icons-material/Insights';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../../shared/paths';

export interface MenuLink {
  label: string;
  href: string;
}

export const analyticsLinks: MenuLink[] = [
  { label: 'AI Assistant Chat', href: paths.assistantChat.getHref() },
  { label: 'Voice Usage', href: paths.analyticsUsage.getHref() },
  { label: 'Content Engagement', href: paths.analyticsEngagement.getHref() },
  { label: 'Knowledge Gaps', href: paths.analyticsKnowledgeGaps.getHref() },
];

export const managementLinks: MenuLink[] = [
  { label: 'Owner Control', href: paths.ownerControl.getHref() },
  { label: 'User Management', href: paths.userManagement.getHref() },
  { label: 'Companies', href: paths.companies.getHref() },
  { label: 'Fast Redeploy', href: paths.agents.getHref() },
];

/** The OWNER's two menus, as labelled groups (the small-screen menu lists them by name). */
export const ownerMenuGroups: { label: string; links: MenuLink[] }[] = [
  { label: 'Analytics', links: analyticsLinks },
  { label: 'Management', links: managementLinks },
];

export const labelOnWideScreens = { display: { xs: 'none', md: 'inline' } } as const;

/** Icon-only (44 px square) on phones and tablets, icon and label from md up. */
export const navButtonSx = {
  minWidth: 44,
  px: { xs: 1, md: 1.5 },
  '& .MuiButton-startIcon': { mr: { xs: 0, md: 1 }, ml: { xs: 0, md: -0.5 } },
} as const;

/** A button that opens a menu of links. On phones only its icon shows; the name stays. */
export function NavMenu({
  label,
  icon,
  links,
  sx,
}: {
  label: string;
  icon: ReactNode;
  links: MenuLink[];
  sx?: object;
}) {
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
        sx={{ ...navButtonSx, ...sx }}
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

export function AnalyticsMenu({ sx }: { sx?: object }) {
  return <NavMenu label="Analytics" icon={<InsightsIcon />} links={analyticsLinks} sx={sx} />;
}

export function ManagementMenu({ sx }: { sx?: object }) {
  return (
    <NavMenu label="Management" icon={<AdminPanelSettingsIcon />} links={managementLinks} sx={sx} />
  );
}

import LogoutIcon from '@mui/icons-material/Logout';
import ListItemIcon from '@mui/material/ListItemIcon';
import MenuItem from '@mui/material/MenuItem';

/** The last item of both account menus (the main bar's and the small-screen menu). */
export function SignOutMenuItem({
  close,
  onSignOut,
}: {
  close: () => void;
  onSignOut: () => void;
}) {
  return (
    <MenuItem
      onClick={() => {
        close();
        onSignOut();
      }}
    >
      <ListItemIcon>
        <LogoutIcon fontSize="small" />
      </ListItemIcon>
      Sign Out
    </MenuItem>
  );
}

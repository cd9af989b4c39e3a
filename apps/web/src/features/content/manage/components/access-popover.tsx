import type { ContentItem } from '@fieldcraft/contracts';
import type { ContentUserRow as ContentUser } from '../content-management.api';
import GroupIcon from '@mui/icons-material/Group';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Popover from '@mui/material/Popover';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';

export interface AccessPopoverProps {
  item: ContentItem;
  users: ContentUser[];
  /** Effective access per user id. */
  hasAccess: (userId: number) => boolean;
  busy: boolean;
  onSet: (userId: number, canAccess: boolean) => void;
  onBulk: (canAccess: boolean) => void;
}

function userName(u: ContentUser): string {
  return [u.firstName, u.lastName].filter(Boolean).join(' ').trim() || u.username || u.email;
}

/** 'Access (n)': who may see this item; grant or revoke one user, or all / none. */
export function AccessPopover({ item, users, hasAccess, busy, onSet, onBulk }: AccessPopoverProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const titleId = useId();
  const count = users.filter((u) => hasAccess(u.id)).length;
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        color="secondary"
        startIcon={<GroupIcon />}
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-haspopup="dialog"
        sx={{ minHeight: 44 }}
      >
        Access ({count})
      </Button>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-labelledby': titleId,
            sx: { width: 320, maxWidth: 'calc(100vw - 16px)' },
          } as object,
        }}
      >
        <Box sx={{ p: 2, pb: 1 }}>
          <Typography id={titleId} component="h3" variant="h6">
            Access to {item.title}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1, mt: 1 }}>
            <Button
              size="small"
              variant="outlined"
              disabled={users.length === 0}
              onClick={() => !busy && onBulk(true)}
              sx={{ minHeight: 44, flex: 1 }}
            >
              Grant all
            </Button>
            <Button
              size="small"
              variant="outlined"
              color="error"
              disabled={users.length === 0}
              onClick={() => !busy && onBulk(false)}
              sx={{ minHeight: 44, flex: 1 }}
            >
              Revoke all
            </Button>
          </Box>
        </Box>
        <Divider />
        {users.length === 0 ? (
          <Typography sx={{ p: 2, color: 'text.secondary' }}>No users yet.</Typography>
        ) : (
          <List dense sx={{ maxHeight: 320, overflowY: 'auto' }} aria-label="Users">
            {users.map((u) => {
              const on = hasAccess(u.id);
              return (
                <ListItem
                  key={u.id}
                  secondaryAction={
                    <Switch
                      edge="end"
                      checked={on}
                      onChange={(e) => !busy && onSet(u.id, e.target.checked)}
                      slotProps={{ input: { 'aria-label': `Access for ${userName(u)}` } }}
                    />
                  }
                >
                  <ListItemText
                    primary={userName(u)}
                    secondary={u.email}
                    slotProps={{ secondary: { sx: { wordBreak: 'break-all' } } }}
                  />
                </ListItem>
              );
            })}
          </List>
        )}
        <Divider />
        <Box sx={{ p: 1, display: 'flex', justifyContent: 'flex-end' }}>
          <Button onClick={() => setAnchor(null)} sx={{ minHeight: 44 }}>
            Done
          </Button>
        </Box>
      </Popover>
    </>
  );
}

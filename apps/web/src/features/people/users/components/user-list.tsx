import type { ManagedUser } from '@fieldcraft/contracts';
import { InitialAvatar, RoleBadge } from '@fieldcraft/ui';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { displayName } from '../people-names';

export interface UserListProps {
  users: ManagedUser[];
  /** The row's actions button was pressed. */
  onActions: (anchor: HTMLElement, user: ManagedUser) => void;
}

/** /user-management's people: name, role, status, contact and company, and an actions button. */
export function UserList({ users, onActions }: UserListProps) {
  return (
    <Stack component="ul" aria-label="Users" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {users.map((user) => {
        const name = displayName(user);
        return (
          <Card
            component="li"
            key={user.id}
            aria-label={name}
            sx={{ p: 2, display: 'flex', gap: 2, alignItems: 'center' }}
          >
            <InitialAvatar name={name} size={40} />
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
                <Typography component="h2" sx={{ fontWeight: 700, fontSize: '1rem' }}>
                  {name}
                </Typography>
                <RoleBadge role={user.role} />
                <Chip size="small" variant="outlined" label={user.status} />
                {user.deactivatedAt ? (
                  <Chip size="small" color="warning" label="Deactivated" />
                ) : null}
              </Box>
              <Typography
                variant="body2"
                sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}
              >
                {user.email} · @{user.username}
                {user.companyName ? ` · ${user.companyName}` : ''}
              </Typography>
            </Box>
            <IconButton
              aria-label={`Actions for ${name}`}
              aria-haspopup="menu"
              onClick={(e) => onActions(e.currentTarget, user)}
              sx={{ width: 44, height: 44 }}
            >
              <MoreVertIcon />
            </IconButton>
          </Card>
        );
      })}
    </Stack>
  );
}

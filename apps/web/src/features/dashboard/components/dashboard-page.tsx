import type { User } from '@fieldcraft/contracts';
import { PageHeader } from '@fieldcraft/ui';
import EditNoteIcon from '@mui/icons-material/EditNote';
import MeetingRoomIcon from '@mui/icons-material/MeetingRoom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router-dom';
import { config } from '../../../app/config';
import { paths } from '../../../app/paths';
import { greetingName } from '../greeting';
import { ListenPanel } from './listen-panel';
import { ReadPanel } from './read-panel';
import { WatchPanel } from './watch-panel';

export interface DashboardPageProps {
  user: User;
}

/**
 * The signed-in home: greeting, the owner's 'Content' button, 'Your Rooms', and the Watch,
 * Listen and Read panels. Content arrives with the content issue; until then the panels show
 * their empty states (no call is made to endpoints that do not exist yet).
 */
export function DashboardPage({ user }: DashboardPageProps) {
  return (
    <>
      <PageHeader
        title={`Welcome back, ${greetingName(user)}`}
        subtitle={`Your ${config.brandProduct} Newsroom`}
        actions={
          <>
            {user.role === 'OWNER' ? (
              <Button
                component={RouterLink}
                to={paths.contentManagement.getHref()}
                variant="outlined"
                color="secondary"
                startIcon={<EditNoteIcon />}
              >
                Content
              </Button>
            ) : null}
            <Button component={RouterLink} to={paths.rooms.getHref()} variant="contained" startIcon={<MeetingRoomIcon />}>
              Your Rooms
            </Button>
          </>
        }
      />
      <Box
        sx={{
          display: 'grid',
          gap: { xs: 2, md: 3 },
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 2fr) minmax(0, 1fr)' },
          gridTemplateAreas: { xs: '"watch" "listen" "read"', md: '"watch listen" "watch read"' },
        }}
      >
        <Box sx={{ gridArea: 'watch' }}>
          <WatchPanel />
        </Box>
        <Box sx={{ gridArea: 'listen' }}>
          <ListenPanel />
        </Box>
        <Box sx={{ gridArea: 'read' }}>
          <ReadPanel />
        </Box>
      </Box>
    </>
  );
}

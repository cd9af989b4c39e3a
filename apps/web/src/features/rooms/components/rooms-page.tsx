import { EmptyState, PageHeader } from '@fieldcraft/ui';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import MeetingRoomIcon from '@mui/icons-material/MeetingRoom';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../../app/paths';

/**
 * /rooms. The room list, filters and owner tools arrive with the rooms issue; until the rooms
 * API exists there is nothing to list, so the page shows its "none assigned" state.
 */
export function RoomsPage() {
  return (
    <>
      <PageHeader
        title="Your Rooms"
        subtitle="Access your assigned field advisors"
        actions={
          <Button component={RouterLink} to={paths.home.getHref()} variant="outlined" color="secondary" startIcon={<ArrowBackIcon />}>
            Back to Dashboard
          </Button>
        }
      />
      <Card>
        <EmptyState
          icon={<MeetingRoomIcon />}
          titleComponent="h2"
          title="No rooms assigned"
          description="Contact your administrator to get access to training rooms."
          action={
            <Button component={RouterLink} to={paths.home.getHref()} variant="contained">
              Return to Dashboard
            </Button>
          }
        />
      </Card>
    </>
  );
}

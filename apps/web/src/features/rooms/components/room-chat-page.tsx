import { EmptyState, PageHeader } from '@fieldcraft/ui';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ForumIcon from '@mui/icons-material/Forum';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import { useEffect } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { newSessionId } from '../session-id';

/**
 * /test-room/{id}. The chat and voice session arrive with the rooms and voice issues. The
 * session query parameter is already added (without a reload) when it is missing.
 */
export function RoomChatPage() {
  const { id } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const session = searchParams.get('session');

  useEffect(() => {
    if (!session) {
      setSearchParams(
        (params) => {
          params.set('session', newSessionId());
          return params;
        },
        { replace: true },
      );
    }
  }, [session, setSearchParams]);

  return (
    <>
      <PageHeader
        title={`Room ${id ?? ''}`.trim()}
        actions={
          <Button component={RouterLink} to={paths.rooms.getHref()} variant="outlined" color="secondary" startIcon={<ArrowBackIcon />}>
            Back to Rooms
          </Button>
        }
      />
      <Card>
        <EmptyState
          icon={<ForumIcon />}
          titleComponent="h2"
          title="This room is not open yet"
          description="Room chat with a Field Advisor is coming in a later release."
        />
      </Card>
    </>
  );
}

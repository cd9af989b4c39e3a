import { EmptyState, LoadingState, PageHeader } from '@fieldcraft/ui';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ForumIcon from '@mui/icons-material/Forum';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import { useEffect } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { useGetUserRoomsQuery } from '../rooms.api';
import { newSessionId } from '../session-id';

/**
 * /test-room/{id}: 'Loading...', then the room's name from the rooms list. The chat and voice
 * session arrive with the voice issue. The session query parameter is already added (without a
 * reload) when it is missing.
 */
export function RoomChatPage() {
  const { id } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const session = searchParams.get('session');
  const { data: rooms, isLoading } = useGetUserRoomsQuery();
  const room = rooms?.find((r) => String(r.id) === id && r.hasAccess);

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

  const back = (
    <Button
      component={RouterLink}
      to={paths.rooms.getHref()}
      variant="outlined"
      color="secondary"
      startIcon={<ArrowBackIcon />}
    >
      Back to Rooms
    </Button>
  );

  if (isLoading) return <LoadingState label="Loading..." />;

  return (
    <>
      <PageHeader
        title={room?.name ?? 'Room not found'}
        subtitle={room?.description ?? undefined}
        actions={back}
      />
      <Card>
        <EmptyState
          icon={<ForumIcon />}
          titleComponent="h2"
          title={room ? `Chat with ${room.agent.name}` : 'This room is not available to you'}
          description={
            room
              ? 'Room chat with a Field Advisor is coming in a later release.'
              : 'It may have been deleted, or you have not been given access.'
          }
        />
      </Card>
    </>
  );
}

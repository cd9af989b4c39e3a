import type { Room, User } from '@fieldcraft/contracts';
import { EmptyState, LoadingState, PageHeader, RoleBadge } from '@fieldcraft/ui';
import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import GroupIcon from '@mui/icons-material/Group';
import MeetingRoomIcon from '@mui/icons-material/MeetingRoom';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../../shared/paths';
import {
  accessibleRooms,
  categoriesOf,
  filterRooms,
  noFilters,
  summarise,
  toggledStatus,
} from '../room-filters';
import {
  useDeleteRoomMutation,
  useGetUserRoomsQuery,
  useUpdateRoomStatusMutation,
} from '../rooms.api';
import { useOwnerAction } from '../use-owner-action';
import { AddUserDialog } from './add-user-dialog';
import { RoomFormDialog } from './room-form-dialog';
import { ManageAccessDialog } from './manage-access-dialog';
import { RoomCard, type RoomCardOwnerActions } from './room-card';
import { RoomsFilterCard } from './rooms-filter-card';
import { RoomsSummary } from './rooms-summary';

type OpenDialog =
  | { kind: 'createRoom' }
  | { kind: 'editRoom'; room: Room }
  | { kind: 'addUser' }
  | { kind: 'access'; roomId: number | null }
  | null;

/**
 * /rooms: the rooms this person may enter, with search and filters, and for an OWNER the tools
 * to create rooms and users, decide who is in which room, pause, resume and delete rooms.
 */
export function RoomsPage({ user }: { user: User }) {
  const isOwner = user.role === 'OWNER';
  const run = useOwnerAction();
  const { data, isLoading } = useGetUserRoomsQuery();
  const [updateStatus] = useUpdateRoomStatusMutation();
  const [deleteRoom] = useDeleteRoomMutation();
  const [filters, setFilters] = useState(noFilters);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  // The room form keeps its room while it animates closed, so its title does not flip.
  const [formRoom, setFormRoom] = useState<Room | null>(null);
  const openRoomForm = (room: Room | null) => {
    setFormRoom(room);
    setDialog(room ? { kind: 'editRoom', room } : { kind: 'createRoom' });
  };

  const rooms = useMemo(() => accessibleRooms(data ?? []), [data]);
  const shown = useMemo(() => filterRooms(rooms, filters), [rooms, filters]);
  const categories = useMemo(() => categoriesOf(rooms), [rooms]);

  const ownerActions: RoomCardOwnerActions | undefined = isOwner
    ? {
        onEdit: (room: Room) => openRoomForm(room),
        onManageAccess: (room: Room) => setDialog({ kind: 'access', roomId: room.id }),
        onToggleStatus: (room: Room) =>
          void run(
            updateStatus({ roomId: room.id, status: toggledStatus(room.status) }),
            'Room status updated successfully',
            'Failed to update room status',
          ),
        onDelete: (room: Room) => {
          if (
            !window.confirm(
              `Are you sure you want to delete "${room.name}"? This action cannot be undone.`,
            )
          )
            return;
          void run(
            deleteRoom({ roomId: room.id }),
            'Room deleted successfully',
            'Failed to delete room',
          );
        },
      }
    : undefined;

  const backToDashboard = (
    <Button
      component={RouterLink}
      to={paths.home.getHref()}
      variant="outlined"
      color="secondary"
      startIcon={<ArrowBackIcon />}
    >
      Back to Dashboard
    </Button>
  );

  return (
    <>
      <PageHeader
        title="Your Rooms"
        subtitle="Access your assigned field advisors"
        actions={backToDashboard}
      />

      {isOwner ? (
        <Box
          role="group"
          aria-label="Owner tools"
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            gap: 1,
            mb: 3,
            '& > *': { flex: { xs: '1 1 100%', sm: '0 0 auto' } },
          }}
        >
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => openRoomForm(null)}>
            Create New Room
          </Button>
          <Button
            variant="outlined"
            color="secondary"
            startIcon={<GroupIcon />}
            onClick={() => setDialog({ kind: 'access', roomId: null })}
          >
            Manage User Access
          </Button>
          <Button
            variant="outlined"
            color="secondary"
            startIcon={<PersonAddIcon />}
            onClick={() => setDialog({ kind: 'addUser' })}
          >
            Add New User
          </Button>
        </Box>
      ) : null}

      {isLoading ? (
        <LoadingState label="Loading..." />
      ) : (
        <>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 2 }}>
            <Typography component="p" variant="subtitle1" sx={{ fontWeight: 700 }}>
              Available Rooms: <span data-testid="available-rooms-count">{rooms.length}</span>
            </Typography>
            <RoleBadge role={user.role} />
          </Box>

          <RoomsFilterCard filters={filters} categories={categories} onChange={setFilters} />

          {rooms.length === 0 ? (
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
          ) : shown.length === 0 ? (
            <Card>
              <EmptyState
                icon={<SearchOffIcon />}
                titleComponent="h2"
                title="No rooms match your filters"
                description="Try adjusting your search terms or filters."
              />
            </Card>
          ) : (
            <Box
              component="ul"
              aria-label="Rooms"
              sx={{
                listStyle: 'none',
                p: 0,
                m: 0,
                display: 'grid',
                gap: 2,
                gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
              }}
            >
              {shown.map((room) => (
                <li key={room.id}>
                  <RoomCard room={room} ownerActions={ownerActions} />
                </li>
              ))}
            </Box>
          )}

          <RoomsSummary summary={summarise(rooms)} />
        </>
      )}

      {isOwner ? (
        <>
          <RoomFormDialog
            open={dialog?.kind === 'createRoom' || dialog?.kind === 'editRoom'}
            room={formRoom}
            onClose={() => setDialog(null)}
          />
          <AddUserDialog open={dialog?.kind === 'addUser'} onClose={() => setDialog(null)} />
          <ManageAccessDialog
            open={dialog?.kind === 'access'}
            roomId={dialog?.kind === 'access' ? dialog.roomId : null}
            onClose={() => setDialog(null)}
          />
        </>
      ) : null}
    </>
  );
}

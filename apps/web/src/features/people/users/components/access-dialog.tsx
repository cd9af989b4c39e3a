import { MemberAddRow, MemberList, ResponsiveDialog } from '@fieldcraft/ui';
import type { ManagedUser } from '@fieldcraft/contracts';
import PersonRemoveIcon from '@mui/icons-material/PersonRemove';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { serverErrorDetail } from '../../../../shared/api/api';
import { formatDateTime } from '../../../../shared/format/dates';
import {
  useGetManagedRoomsQuery,
  useGetUserAccessQuery,
  useSetRoomMemberMutation,
} from '../user-management.api';
import { displayName } from '../people-names';

export interface AccessDialogProps {
  user: ManagedUser | null;
  /** Whether the caller may change this user's rooms. */
  canEdit: boolean;
  onClose: () => void;
}

/** Rooms & Access: the user's rooms (add / remove), content permissions and recent clicks. */
export function AccessDialog({ user, canEdit, onClose }: AccessDialogProps) {
  const { data: access, isLoading } = useGetUserAccessQuery(user?.id ?? 0, { skip: !user });
  const { data: rooms = [] } = useGetManagedRoomsQuery(undefined, { skip: !user || !canEdit });
  const [setMember, { isLoading: saving }] = useSetRoomMemberMutation();
  const [roomId, setRoomId] = useState('');
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  if (!user) return null;

  const memberOf = new Set(access?.rooms.map((r) => r.id) ?? []);
  const candidates = rooms.filter((r) => !memberOf.has(r.id));
  const manageable = new Set(rooms.map((r) => r.id));

  async function change(id: number, member: boolean) {
    if (!user) return;
    try {
      await setMember({ roomId: id, userId: user.id, member }).unwrap();
      setOutcome({ ok: true, message: member ? 'Added to the room' : 'Removed from the room' });
      setRoomId('');
    } catch (error) {
      setOutcome({
        ok: false,
        message: serverErrorDetail(error) ?? 'Failed to update room access',
      });
    }
  }

  const close = () => {
    setRoomId('');
    setOutcome(null);
    onClose();
  };

  return (
    <ResponsiveDialog
      open
      title={`Rooms & Access — ${displayName(user)}`}
      onClose={close}
      actions={
        <Button onClick={close} variant="contained">
          Done
        </Button>
      }
    >
      {isLoading || !access ? (
        <Typography>Loading...</Typography>
      ) : (
        <Stack spacing={3}>
          {outcome ? (
            <Alert severity={outcome.ok ? 'success' : 'error'}>{outcome.message}</Alert>
          ) : null}
          <MemberList
            title={`Rooms (${access.rooms.length})`}
            listLabel="Rooms"
            emptyText="Not in any room."
            items={access.rooms.map((room) => ({
              id: room.id,
              primary: room.name,
              secondary: `${room.category} · ${room.status}`,
              removeLabel:
                canEdit && manageable.has(room.id) ? `Remove from ${room.name}` : undefined,
            }))}
            removeIcon={<PersonRemoveIcon />}
            removeDisabled={saving}
            onRemove={(id) => void change(id, false)}
          >
            {canEdit && candidates.length > 0 ? (
              <MemberAddRow
                label="Add to room"
                value={roomId}
                onChange={setRoomId}
                options={candidates.map((r) => ({ value: String(r.id), label: r.name }))}
                buttonLabel="Add"
                disabled={saving}
                onAdd={() => void change(Number(roomId), true)}
              />
            ) : null}
          </MemberList>
          <Box component="section" aria-labelledby="access-content">
            <Typography id="access-content" component="h3" variant="h6">
              Content permissions
            </Typography>
            {access.permissions.length === 0 ? (
              <Typography sx={{ color: 'text.secondary' }}>
                No individual permissions: every active item is visible.
              </Typography>
            ) : (
              <List dense aria-label="Content permissions">
                {access.permissions.map((p) => (
                  <ListItem key={p.contentId} disableGutters>
                    <ListItemText primary={p.title} />
                    <Chip
                      size="small"
                      label={p.canAccess ? 'Allowed' : 'Hidden'}
                      color={p.canAccess ? 'success' : 'default'}
                    />
                  </ListItem>
                ))}
              </List>
            )}
          </Box>
          <Box component="section" aria-labelledby="access-recent">
            <Typography id="access-recent" component="h3" variant="h6">
              Recent content opened
            </Typography>
            {access.recentAccess.length === 0 ? (
              <Typography sx={{ color: 'text.secondary' }}>Nothing opened yet.</Typography>
            ) : (
              <List dense aria-label="Recent content opened">
                {access.recentAccess.map((a, i) => (
                  <ListItem key={`${a.contentId}-${i}`} disableGutters>
                    <ListItemText primary={a.title} secondary={formatDateTime(a.accessedAt)} />
                  </ListItem>
                ))}
              </List>
            )}
          </Box>
        </Stack>
      )}
    </ResponsiveDialog>
  );
}

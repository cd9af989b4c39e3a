import type { RoomMember } from '@fieldcraft/contracts';
import { MemberList, RoleBadge } from '@fieldcraft/ui';
import PersonRemoveIcon from '@mui/icons-material/PersonRemove';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import {
  useAssignRoomUserMutation,
  useGetOwnerRoomsQuery,
  useGetOwnerUsersQuery,
  useRemoveRoomUserMutation,
} from '../rooms.api';
import { useOwnerAction, type OwnerActionResult } from '../use-owner-action';

function memberName(user: Pick<RoomMember, 'firstName' | 'lastName' | 'email'>): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ').trim() || user.email;
}

export interface ManageAccessDialogProps {
  open: boolean;
  /** The room to start with (a card's button); the owner can switch rooms in the dialog. */
  roomId: number | null;
  onClose: () => void;
}

/** Owner tool: 'Manage User Access': who is in a room; assign and remove users. */
export function ManageAccessDialog({
  open,
  roomId: initialRoomId,
  onClose,
}: ManageAccessDialogProps) {
  const titleId = useId();
  const { data: rooms = [] } = useGetOwnerRoomsQuery(undefined, { skip: !open });
  const { data: users = [] } = useGetOwnerUsersQuery(undefined, { skip: !open });
  const [assign, { isLoading: assigning }] = useAssignRoomUserMutation();
  const [remove, { isLoading: removing }] = useRemoveRoomUserMutation();
  const run = useOwnerAction();
  const [chosenRoomId, setChosenRoomId] = useState<number | null>(null);
  const [userId, setUserId] = useState('');
  const [outcome, setOutcome] = useState<OwnerActionResult | null>(null);

  const roomId = chosenRoomId ?? initialRoomId ?? rooms[0]?.id ?? null;
  const room = rooms.find((r) => r.id === roomId);
  const members = room?.members ?? [];
  const candidates = users.filter((u) => !members.some((m) => m.id === u.id));

  const close = () => {
    setChosenRoomId(null);
    setUserId('');
    setOutcome(null);
    onClose();
  };

  async function onAssign() {
    if (!roomId || !userId) return;
    const result = await run(
      assign({ roomId, userId: Number(userId) }),
      'User assigned to room successfully',
      'Failed to assign user',
    );
    setOutcome(result);
    if (result.ok) setUserId('');
  }

  async function onRemove(memberId: number) {
    if (!roomId) return;
    setOutcome(
      await run(
        remove({ roomId, userId: memberId }),
        'User removed from room successfully',
        'Failed to remove user',
      ),
    );
  }

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>Manage User Access</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {/* Polite live region: the modal hides the toasts from assistive technology. */}
          <Box aria-live="polite">
            {outcome ? (
              <Alert severity={outcome.ok ? 'success' : 'error'}>{outcome.message}</Alert>
            ) : null}
          </Box>
          <TextField
            select
            label="Room"
            value={roomId ?? ''}
            onChange={(event) => {
              setChosenRoomId(Number(event.target.value));
              setUserId('');
              setOutcome(null);
            }}
            fullWidth
          >
            {rooms.map((r) => (
              <MenuItem key={r.id} value={r.id}>
                {r.name}
              </MenuItem>
            ))}
          </TextField>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1.5}
            sx={{ alignItems: { sm: 'center' } }}
          >
            <TextField
              select
              label="User"
              value={userId}
              onChange={(event) => setUserId(event.target.value)}
              fullWidth
              disabled={!room}
              helperText={
                room && candidates.length === 0 ? 'Every user already has access.' : undefined
              }
            >
              {candidates.map((u) => (
                <MenuItem key={u.id} value={String(u.id)}>
                  {memberName(u)} ({u.email})
                </MenuItem>
              ))}
            </TextField>
            <Button
              variant="contained"
              onClick={onAssign}
              disabled={!room || !userId || assigning}
              sx={{ flexShrink: 0 }}
            >
              Assign User
            </Button>
          </Stack>
          <MemberList
            title={`Users with access (${members.length})`}
            titleVariant="subtitle1"
            emptyText="No users are assigned to this room yet."
            badgePlacement="inline"
            items={members.map((member) => ({
              id: member.id,
              primary: memberName(member),
              secondary: member.email,
              badge: <RoleBadge role={member.role} />,
              removeLabel: `Remove ${memberName(member)}`,
            }))}
            removeIcon={<PersonRemoveIcon />}
            removeTooltip="Remove from room"
            removeDisabled={removing}
            onRemove={(id) => void onRemove(id)}
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={close} color="secondary" variant="outlined">
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}

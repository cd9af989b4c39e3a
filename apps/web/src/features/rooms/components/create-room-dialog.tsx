import { CreateRoomBodySchema, ROOM_DEFAULTS, type RoomStatus } from '@fieldcraft/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId, type FormEvent } from 'react';
import { useFormDialogSubmit } from '../../../shared/forms/use-form-dialog-submit';
import { statusLabel } from '../room-filters';
import { useCreateRoomMutation, useGetAgentsQuery } from '../rooms.api';

type Field =
  'name' | 'category' | 'agentId' | 'status' | 'description' | 'backgroundColor' | 'badgeText';
type Values = Record<Field, string>;

const initialValues: Values = {
  name: '',
  category: ROOM_DEFAULTS.category,
  agentId: '',
  status: ROOM_DEFAULTS.status,
  description: '',
  backgroundColor: ROOM_DEFAULTS.backgroundColor,
  badgeText: '',
};

export interface CreateRoomDialogProps {
  open: boolean;
  onClose: () => void;
}

/** Owner tool: 'Create New Room' with the spec's defaults (Training, LIVE, #1a1a1a) and messages. */
export function CreateRoomDialog({ open, onClose }: CreateRoomDialogProps) {
  const titleId = useId();
  const { data: agents = [] } = useGetAgentsQuery(undefined, { skip: !open });
  const [createRoom, { isLoading }] = useCreateRoomMutation();
  const { values, failure, field, submit } = useFormDialogSubmit(initialValues, {
    session: open ? 'new' : null,
    onClose,
  });
  // The first agent is preselected once the list arrives (a fresh install has exactly one).
  const agentId = values.agentId || agents[0]?.agentId || '';

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    void submit(event, {
      parse: () =>
        CreateRoomBodySchema.safeParse({
          ...values,
          agentId,
          description: values.description.trim() || null,
          badgeText: values.badgeText.trim() || null,
        }),
      send: (data) => createRoom(data).unwrap(),
      fallback: 'Failed to create room',
      success: 'Room created successfully',
      toastFailure: true,
    });
  }

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle id={titleId}>Create New Room</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {failure ? <Alert severity="error">{failure}</Alert> : null}
            <TextField label="Room Name" required autoFocus {...field('name')} />
            <TextField label="Category" required {...field('category')} />
            <TextField select label="Field Advisor" required {...field('agentId')} value={agentId}>
              {agents.map((agent) => (
                <MenuItem key={agent.id} value={agent.agentId}>
                  {agent.name}
                </MenuItem>
              ))}
            </TextField>
            <TextField select label="Status" {...field('status')}>
              {(Object.keys(statusLabel) as RoomStatus[]).map((status) => (
                <MenuItem key={status} value={status}>
                  {statusLabel[status]}
                </MenuItem>
              ))}
            </TextField>
            <TextField label="Description" multiline minRows={2} {...field('description')} />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField label="Background Colour" {...field('backgroundColor')} />
              <TextField label="Badge Text" {...field('badgeText')} />
            </Stack>
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} color="secondary" variant="outlined">
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={isLoading}>
            {isLoading ? 'Creating...' : 'Create Room'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

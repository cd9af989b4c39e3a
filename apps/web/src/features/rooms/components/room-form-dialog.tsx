import {
  CreateRoomBodySchema,
  ROOM_DEFAULTS,
  UpdateRoomBodySchema,
  type Room,
  type RoomStatus,
  type UpdateRoomBody,
} from '@fieldcraft/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId, type FormEvent } from 'react';
import { useFormDialogSubmit } from '../../../shared/forms/use-form-dialog-submit';
import { statusLabel } from '../room-filters';
import { useCreateRoomMutation, useGetAgentsQuery, useUpdateRoomMutation } from '../rooms.api';

type Field =
  'name' | 'category' | 'agentId' | 'status' | 'description' | 'backgroundColor' | 'badgeText';
type Values = Record<Field, string>;

const newRoomValues: Values = {
  name: '',
  category: ROOM_DEFAULTS.category,
  agentId: '',
  status: ROOM_DEFAULTS.status,
  description: '',
  backgroundColor: ROOM_DEFAULTS.backgroundColor,
  badgeText: '',
};

function valuesOf(room: Room): Values {
  return {
    name: room.name,
    category: room.category,
    agentId: room.agent.agentId,
    status: room.status,
    description: room.description ?? '',
    backgroundColor: room.backgroundColor ?? '',
    badgeText: room.badgeText ?? '',
  };
}

/** Only what the owner changed, so an edit never rewrites a field someone else just changed. */
function changedFields(room: Room, values: Values): UpdateRoomBody {
  const before = valuesOf(room);
  const body: Record<string, string | null> = {};
  for (const key of Object.keys(values) as Field[]) {
    if (values[key].trim() === before[key].trim()) continue;
    const optional = key === 'description' || key === 'badgeText' || key === 'backgroundColor';
    body[key] = optional && values[key].trim() === '' ? null : values[key];
  }
  return body as UpdateRoomBody;
}

const isHex = (value: string) => /^#(?:[0-9a-fA-F]{6})$/.test(value.trim());

export interface RoomFormDialogProps {
  open: boolean;
  onClose: () => void;
  /** The room to edit; none: 'Create New Room'. */
  room?: Room | null;
  /** After a room was created (not after an edit). */
  onCreated?: (room: Room) => void;
}

/**
 * The one room form: 'Create New Room' with the spec's defaults (Training, LIVE, #1a1a1a) and
 * messages, and 'Edit Room' over the same fields. An edit sends only the changed fields and
 * never touches who is in the room.
 */
export function RoomFormDialog({ open, onClose, room, onCreated }: RoomFormDialogProps) {
  const titleId = useId();
  const editing = Boolean(room);
  const { data: agents = [] } = useGetAgentsQuery(undefined, { skip: !open });
  const [createRoom, creating] = useCreateRoomMutation();
  const [updateRoom, updating] = useUpdateRoomMutation();
  const busy = creating.isLoading || updating.isLoading;
  const { values, failure, field, setValue, submit } = useFormDialogSubmit<Values>(
    () => (room ? valuesOf(room) : newRoomValues),
    { session: open ? (room ? `room-${room.id}` : 'new') : null, onClose },
  );
  // The first agent is preselected once the list arrives (a fresh install has exactly one).
  const agentId = values.agentId || agents[0]?.agentId || '';

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (room) {
      void submit(event, {
        parse: () => UpdateRoomBodySchema.safeParse(changedFields(room, { ...values, agentId })),
        send: (body) =>
          Object.keys(body).length === 0
            ? Promise.resolve(room)
            : updateRoom({ roomId: room.id, body }).unwrap(),
        fallback: 'Failed to update room',
        success: 'Room updated successfully',
        toastFailure: true,
      });
      return;
    }
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
      onSuccess: (created) => {
        onClose();
        onCreated?.(created);
      },
      toastFailure: true,
    });
  }

  const colour = values.backgroundColor.trim();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle id={titleId}>{editing ? 'Edit Room' : 'Create New Room'}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {failure ? <Alert severity="error">{failure}</Alert> : null}
            {editing ? (
              <Alert severity="info" role="note">
                Changes apply at once; everyone in the room stays in it.
              </Alert>
            ) : null}
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
              <TextField
                label="Background Colour"
                {...field('backgroundColor')}
                slotProps={{
                  input: {
                    startAdornment: (
                      <InputAdornment position="start">
                        <Box
                          component="input"
                          type="color"
                          aria-label="Pick the background colour"
                          value={isHex(colour) ? colour : '#1a1a1a'}
                          onChange={(event: { target: { value: string } }) =>
                            setValue('backgroundColor', event.target.value)
                          }
                          // 44 px: a gloved thumb's target (docs/field-readiness.md).
                          sx={{
                            width: 44,
                            height: 44,
                            p: 0,
                            border: 1,
                            borderColor: 'divider',
                            borderRadius: 1,
                            bgcolor: 'transparent',
                            cursor: 'pointer',
                          }}
                        />
                      </InputAdornment>
                    ),
                  },
                }}
              />
              <TextField label="Badge Text" {...field('badgeText')} />
            </Stack>
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} color="secondary" variant="outlined">
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {editing
              ? updating.isLoading
                ? 'Saving...'
                : 'Save Changes'
              : creating.isLoading
                ? 'Creating...'
                : 'Create Room'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId, useState, type FormEvent } from 'react';
import { serverErrorDetail } from '../../../shared/api/api';
import { useAppDispatch } from '../../../shared/store/hooks';
import { navigation } from '../../../shared/navigation';
import { showToast } from '../../../shared/toasts/toasts.slice';
import { useQuickCreateRoomMutation } from '../rooms.api';

const labelOnWideScreens = { display: { xs: 'none', md: 'inline' } } as const;
// Matches the main navigation's buttons: icon-only below md.
const navButtonSx = {
  minWidth: 44,
  px: { xs: 1, md: 1.5 },
  '& .MuiButton-startIcon': { mr: { xs: 0, md: 1 }, ml: { xs: 0, md: -0.5 } },
} as const;

/**
 * The main navigation's ADD ROOM button and dialog (OWNER): a name (required, trimmed) and an
 * optional description; the other fields take the room form's defaults. The page reloads on
 * success (spec), so every list shows the new room.
 */
export function AddRoomButton() {
  const titleId = useId();
  const dispatch = useAppDispatch();
  const [quickCreate, { isLoading }] = useQuickCreateRoomMutation();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const empty = name.trim() === '';

  const close = () => {
    setOpen(false);
    setName('');
    setDescription('');
    setFailure(null);
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (empty || isLoading) return;
    try {
      await quickCreate({ name: name.trim(), description: description.trim() || null }).unwrap();
      navigation.reload();
    } catch (error) {
      const message = serverErrorDetail(error) ?? 'Failed to create room';
      // Shown in the dialog too: the open modal hides the toast from assistive technology.
      setFailure(message);
      dispatch(showToast({ variant: 'destructive', title: 'Error', description: message }));
    }
  }

  return (
    <>
      <Button
        color="inherit"
        aria-label="ADD ROOM"
        startIcon={<AddIcon />}
        onClick={() => setOpen(true)}
        sx={navButtonSx}
      >
        <Box component="span" sx={labelOnWideScreens}>
          ADD ROOM
        </Box>
      </Button>
      <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="xs">
        <form noValidate onSubmit={onSubmit}>
          <DialogTitle id={titleId}>Add Room</DialogTitle>
          <DialogContent>
            <Stack spacing={2} sx={{ pt: 1 }}>
              {failure ? <Alert severity="error">{failure}</Alert> : null}
              <TextField
                label="Room Name"
                name="name"
                required
                autoFocus
                value={name}
                onChange={(event) => setName(event.target.value)}
                error={empty}
                helperText={empty ? 'Room name is required' : undefined}
                fullWidth
              />
              <TextField
                label="Description"
                name="description"
                multiline
                minRows={2}
                value={description}
                onChange={(event) => setDescription(event.target.value)}
                fullWidth
              />
            </Stack>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button onClick={close} color="secondary" variant="outlined">
              Cancel
            </Button>
            <Button type="submit" variant="contained" disabled={empty || isLoading}>
              {isLoading ? 'Creating...' : 'Create'}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}

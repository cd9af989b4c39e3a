import { CreateUserBodySchema, type Role, type UserStatus } from '@fieldcraft/contracts';
import { PasswordField } from '@fieldcraft/ui';
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
import { useCreateUserMutation } from '../rooms.api';
import { useDialogForm } from '../use-dialog-form';
import { useOwnerAction } from '../use-owner-action';

type Field = 'email' | 'username' | 'password' | 'firstName' | 'lastName' | 'role' | 'status';
type Values = Record<Field, string>;

const initialValues: Values = {
  email: '',
  username: '',
  password: '',
  firstName: '',
  lastName: '',
  role: 'USER',
  status: 'PENDING',
};
const roles: Role[] = ['USER', 'ADMIN', 'OWNER'];
const statuses: UserStatus[] = ['PENDING', 'ACTIVE'];

export interface AddUserDialogProps {
  open: boolean;
  onClose: () => void;
}

/** Owner tool: 'Add New User' (spec "Create user"; role USER and status PENDING by default). */
export function AddUserDialog({ open, onClose }: AddUserDialogProps) {
  const titleId = useId();
  const [createUser, { isLoading }] = useCreateUserMutation();
  const run = useOwnerAction();
  const { values, failure, setFailure, clearErrors, close, reject, field } = useDialogForm<Field>(
    initialValues,
    onClose,
  );

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = CreateUserBodySchema.safeParse(values);
    if (!parsed.success) {
      reject(parsed.error.issues, event);
      return;
    }
    clearErrors();
    const result = await run(
      createUser(parsed.data),
      'User created successfully! They can now log in to the system.',
      'Failed to create user',
    );
    if (result.ok) close();
    else setFailure(result.message);
  }

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle id={titleId}>Add New User</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {failure ? <Alert severity="error">{failure}</Alert> : null}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                label="First Name"
                required
                autoComplete="off"
                autoFocus
                {...field('firstName')}
              />
              <TextField label="Last Name" required autoComplete="off" {...field('lastName')} />
            </Stack>
            <TextField label="Email" type="email" required autoComplete="off" {...field('email')} />
            <TextField label="Username" required autoComplete="off" {...field('username')} />
            <PasswordField
              label="Initial Password"
              required
              autoComplete="new-password"
              {...field('password')}
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField select label="Role" {...field('role')}>
                {roles.map((role) => (
                  <MenuItem key={role} value={role}>
                    {role}
                  </MenuItem>
                ))}
              </TextField>
              <TextField select label="Status" {...field('status')}>
                {statuses.map((status) => (
                  <MenuItem key={status} value={status}>
                    {status}
                  </MenuItem>
                ))}
              </TextField>
            </Stack>
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={close} color="secondary" variant="outlined">
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={isLoading}>
            {isLoading ? 'Creating...' : 'Create User'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

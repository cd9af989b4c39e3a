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
import { useFormDialogSubmit } from '../../../shared/forms/use-form-dialog-submit';
import { useCreateUserMutation } from '../rooms.api';

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
  const { values, failure, field, submit } = useFormDialogSubmit(initialValues, {
    session: open ? 'new' : null,
    onClose,
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    void submit(event, {
      parse: () => CreateUserBodySchema.safeParse(values),
      send: (data) => createUser(data).unwrap(),
      fallback: 'Failed to create user',
      success: 'User created successfully! They can now log in to the system.',
      toastFailure: true,
    });
  }

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
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
          <Button onClick={onClose} color="secondary" variant="outlined">
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

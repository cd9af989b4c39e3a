import { CreateUserBodySchema, type Role } from '@fieldcraft/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useId, type FormEvent } from 'react';
import { useFormDialogSubmit } from '../../../shared/forms/use-form-dialog-submit';
import { UserFields, type UserField } from '../../../shared/forms/user-fields';
import { useCreateUserMutation } from '../rooms.api';

type Values = Record<UserField, string>;

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
            <UserFields field={field} roles={roles} role={values.role} account />
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

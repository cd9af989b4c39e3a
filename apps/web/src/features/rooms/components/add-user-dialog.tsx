import { CreateUserBodySchema, type Role } from '@fieldcraft/contracts';
import type { FormEvent } from 'react';
import { useFormDialogSubmit } from '../../../shared/forms/use-form-dialog-submit';
import { UserDialog } from '../../../shared/forms/user-dialog';
import type { UserField } from '../../../shared/forms/user-fields';
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
    <UserDialog
      open={open}
      title="Add New User"
      submitLabel="Create User"
      busyLabel="Creating..."
      busy={isLoading}
      failure={failure}
      onClose={onClose}
      onSubmit={onSubmit}
      field={field}
      roles={roles}
      role={values.role}
      account
    />
  );
}

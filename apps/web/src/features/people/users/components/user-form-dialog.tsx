import {
  CreateManagedUserBodySchema,
  UpdateManagedUserBodySchema,
  type Company,
  type ManagedUser,
  type Role,
  type User,
} from '@fieldcraft/contracts';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { FormEvent } from 'react';
import { useFormDialogSubmit } from '../../../../shared/forms/use-form-dialog-submit';
import { UserDialog } from '../../../../shared/forms/user-dialog';
import type { UserField } from '../../../../shared/forms/user-fields';
import { useCreateManagedUserMutation, useUpdateManagedUserMutation } from '../user-management.api';

type Values = Record<UserField | 'companyId', string>;

const NO_COMPANY = 'none';

function initialValues(user: ManagedUser | null, actor: User): Values {
  return {
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    email: user?.email ?? '',
    username: user?.username ?? '',
    password: '',
    role: user?.role ?? 'USER',
    status: user?.status ?? 'PENDING',
    companyId: String(user ? (user.companyId ?? NO_COMPANY) : (actor.companyId ?? NO_COMPANY)),
  };
}

export interface UserFormDialogProps {
  open: boolean;
  /** null: create a user. */
  user: ManagedUser | null;
  actor: User;
  companies: Company[];
  onClose: () => void;
}

/** Add User / Edit User. An ADMIN creates USERs of their own company only (the server agrees). */
export function UserFormDialog({ open, user, actor, companies, onClose }: UserFormDialogProps) {
  const [createUser, { isLoading: creating }] = useCreateManagedUserMutation();
  const [updateUser, { isLoading: updating }] = useUpdateManagedUserMutation();
  const { values, errors, field, failure, submit } = useFormDialogSubmit<Values>(
    () => initialValues(user, actor),
    { session: open ? String(user?.id ?? 'new') : null, onClose },
  );

  const isOwner = actor.role === 'OWNER';
  const roles: Role[] = isOwner ? ['USER', 'ADMIN', 'OWNER'] : ['USER'];
  const editing = user !== null;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const companyId = values.companyId === NO_COMPANY ? null : Number(values.companyId);
    if (editing) {
      void submit(event, {
        parse: () =>
          UpdateManagedUserBodySchema.safeParse({
            firstName: values.firstName,
            lastName: values.lastName,
            role: values.role,
            status: values.status,
            ...(isOwner && { companyId }),
          }),
        send: (data) => updateUser({ id: user.id, ...data }).unwrap(),
        fallback: 'Failed to update user',
        success: 'User updated',
      });
    } else {
      void submit(event, {
        parse: () => CreateManagedUserBodySchema.safeParse({ ...values, companyId }),
        send: (data) => createUser(data).unwrap(),
        fallback: 'Failed to create user',
        success: 'User created. They must change their password at first sign-in.',
      });
    }
  }

  const busy = creating || updating;
  return (
    <UserDialog
      open={open}
      title={editing ? 'Edit User' : 'Add User'}
      onClose={onClose}
      onSubmit={onSubmit}
      submitLabel={editing ? 'Save Changes' : 'Create User'}
      busy={busy}
      failure={failure}
      field={field}
      roles={roles}
      role={values.role}
      account={!editing}
    >
      <TextField
        select
        label="Company"
        disabled={!isOwner}
        {...field('companyId')}
        helperText={
          errors.companyId ??
          (isOwner ? undefined : 'Admins manage the users of their own company.')
        }
      >
        <MenuItem value={NO_COMPANY}>No company</MenuItem>
        {companies.map((c) => (
          <MenuItem key={c.id} value={String(c.id)}>
            {c.name}
          </MenuItem>
        ))}
      </TextField>
    </UserDialog>
  );
}

import {
  CreateManagedUserBodySchema,
  UpdateManagedUserBodySchema,
  type Company,
  type ManagedUser,
  type Role,
  type User,
  type UserStatus,
} from '@fieldcraft/contracts';
import { FormDialogActions, PasswordField, ResponsiveDialog } from '@fieldcraft/ui';
import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { serverErrorDetail } from '../../../app/api';
import { firstErrorPerField } from '../../../app/form-errors';
import { useAppDispatch } from '../../../app/hooks';
import { showToast } from '../../../app/toasts.slice';
import { useCreateManagedUserMutation, useUpdateManagedUserMutation } from '../user-management.api';

type Field =
  'firstName' | 'lastName' | 'email' | 'username' | 'password' | 'role' | 'status' | 'companyId';
type Values = Record<Field, string>;

const NO_COMPANY = 'none';
const statuses: UserStatus[] = ['PENDING', 'ACTIVE'];

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
  const dispatch = useAppDispatch();
  const [createUser, { isLoading: creating }] = useCreateManagedUserMutation();
  const [updateUser, { isLoading: updating }] = useUpdateManagedUserMutation();
  const [values, setValues] = useState<Values>(() => initialValues(user, actor));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [session, setSession] = useState<string | null>(null);
  const current = open ? String(user?.id ?? 'new') : null;
  if (current !== session) {
    setSession(current);
    if (current) {
      setValues(initialValues(user, actor));
      setErrors({});
      setFailure(null);
    }
  }

  const isOwner = actor.role === 'OWNER';
  const roles: Role[] = isOwner ? ['USER', 'ADMIN', 'OWNER'] : ['USER'];
  const editing = user !== null;
  const field = (name: Field) => ({
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) => {
      setValues((v) => ({ ...v, [name]: event.target.value }));
      setErrors((e) => ({ ...e, [name]: undefined }));
    },
    error: Boolean(errors[name]),
    helperText: errors[name],
    fullWidth: true,
  });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const companyId = values.companyId === NO_COMPANY ? null : Number(values.companyId);
    const form = event.currentTarget;
    const focusInvalid = () =>
      requestAnimationFrame(() =>
        form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
      );
    let request: Promise<unknown>;
    if (editing) {
      const parsed = UpdateManagedUserBodySchema.safeParse({
        firstName: values.firstName,
        lastName: values.lastName,
        role: values.role,
        status: values.status,
        ...(isOwner && { companyId }),
      });
      if (!parsed.success) {
        setErrors(firstErrorPerField<Field>(parsed.error.issues));
        focusInvalid();
        return;
      }
      request = updateUser({ id: user.id, ...parsed.data }).unwrap();
    } else {
      const parsed = CreateManagedUserBodySchema.safeParse({ ...values, companyId });
      if (!parsed.success) {
        setErrors(firstErrorPerField<Field>(parsed.error.issues));
        focusInvalid();
        return;
      }
      request = createUser(parsed.data).unwrap();
    }
    try {
      await request;
    } catch (error) {
      setFailure(
        serverErrorDetail(error) ?? (editing ? 'Failed to update user' : 'Failed to create user'),
      );
      return;
    }
    dispatch(
      showToast({
        title: 'Success',
        description: editing
          ? 'User updated'
          : 'User created. They must change their password at first sign-in.',
      }),
    );
    onClose();
  }

  const busy = creating || updating;
  return (
    <ResponsiveDialog
      open={open}
      title={editing ? 'Edit User' : 'Add User'}
      onClose={onClose}
      onSubmit={onSubmit}
      actions={
        <FormDialogActions
          onCancel={onClose}
          busy={busy}
          submitLabel={editing ? 'Save Changes' : 'Create User'}
        />
      }
    >
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
        {editing ? null : (
          <>
            <TextField label="Email" type="email" required autoComplete="off" {...field('email')} />
            <TextField label="Username" required autoComplete="off" {...field('username')} />
            <PasswordField
              label="Initial Password"
              required
              autoComplete="new-password"
              {...field('password')}
            />
          </>
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField select label="Role" disabled={roles.length === 1} {...field('role')}>
            {(roles.includes(values.role as Role) ? roles : [...roles, values.role as Role]).map(
              (role) => (
                <MenuItem key={role} value={role}>
                  {role}
                </MenuItem>
              ),
            )}
          </TextField>
          <TextField select label="Status" {...field('status')}>
            {statuses.map((status) => (
              <MenuItem key={status} value={status}>
                {status}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
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
      </Stack>
    </ResponsiveDialog>
  );
}

import type { Role, UserStatus } from '@fieldcraft/contracts';
import { PasswordField } from '@fieldcraft/ui';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { FieldProps } from './use-form-dialog-submit';

/** The fields a new or edited user's form has; `field` is useFormDialogSubmit's. */
export type UserField =
  'firstName' | 'lastName' | 'email' | 'username' | 'password' | 'role' | 'status';

const statuses: UserStatus[] = ['PENDING', 'ACTIVE'];

export interface UserFieldsProps {
  field: (name: UserField) => FieldProps;
  /** The roles that may be chosen; one alone locks the choice. */
  roles: Role[];
  /** The user's current role, listed even when it may not be chosen. */
  role: string;
  /** Email, username and the initial password: a new user only. */
  account: boolean;
}

/**
 * The user form's fields, in UserDialog's order (people's Add/Edit
 * User and the owner's Add New User on /rooms): names, the account, role and status.
 */
export function UserFields({ field, roles, role, account }: UserFieldsProps) {
  const listed = roles.includes(role as Role) ? roles : [...roles, role as Role];
  return (
    <>
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
      {account ? (
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
      ) : null}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField select label="Role" disabled={roles.length === 1} {...field('role')}>
          {listed.map((r) => (
            <MenuItem key={r} value={r}>
              {r}
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
    </>
  );
}

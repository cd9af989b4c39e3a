import type { Role } from '@fieldcraft/contracts';
import { FormDialog } from '@fieldcraft/ui';
import type { FormEvent, ReactNode } from 'react';
import type { FieldProps } from './use-form-dialog-submit';
import { UserFields, type UserField } from './user-fields';

export interface UserDialogProps {
  open: boolean;
  /** 'Add New User' (the owner on /rooms), 'Add User' / 'Edit User' (people). */
  title: string;
  submitLabel: string;
  /** The submit button's text while the request runs. */
  busyLabel?: string;
  busy: boolean;
  failure: string | null;
  onClose: () => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** useFormDialogSubmit's `field`: value, change handler and error of each field. */
  field: (name: UserField) => FieldProps;
  /** The roles that may be chosen; one alone locks the choice. */
  roles: Role[];
  /** The form's current role, listed even when it may not be chosen. */
  role: string;
  /** Email, username and the initial password: a new user only. */
  account: boolean;
  /** Fields after the user's own (people's Company). */
  children?: ReactNode;
}

/**
 * The one create / edit user dialog: the owner's Add New User on /rooms and people's Add User
 * and Edit User. Each caller keeps its own request (different endpoints, schemas and success
 * words); the frame, the fields and their order are the same everywhere.
 */
export function UserDialog({
  field,
  roles,
  role,
  account,
  children,
  failure,
  ...frame
}: UserDialogProps) {
  return (
    <FormDialog {...frame} failure={failure}>
      <UserFields field={field} roles={roles} role={role} account={account} />
      {children}
    </FormDialog>
  );
}

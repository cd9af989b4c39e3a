import { PasswordField } from '@fieldcraft/ui';
import { useState, type RefObject } from 'react';

type NewPasswordField = 'newPassword' | 'confirmNewPassword';

/** What a new password must be, said before the server has to say it. */
export const NEW_PASSWORD_HINT = 'At least 8 characters, not easy to guess.';

/**
 * A password form's values and per-field errors: typing in a field clears its error. Shared by
 * the forced change at sign-in, the Profile page and the mailed reset link.
 */
export function usePasswordForm<Field extends string>(
  empty: Record<Field, string>,
  onType?: () => void,
) {
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const change = (field: Field) => (event: { target: { value: string } }) => {
    onType?.();
    setValues((v) => ({ ...v, [field]: event.target.value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };
  return { values, setValues, errors, setErrors, change };
}

export interface NewPasswordFieldsProps {
  values: Record<NewPasswordField, string>;
  errors: Partial<Record<NewPasswordField, string>>;
  change: (field: NewPasswordField) => (event: { target: { value: string } }) => void;
  /** Under New Password while it has no error (the forced change shows none, as specified). */
  hint?: string;
  refs?: Partial<Record<NewPasswordField, RefObject<HTMLInputElement | null>>>;
}

/** 'New Password' and 'Confirm New Password', each with its own show/hide button. */
export function NewPasswordFields({ values, errors, change, hint, refs }: NewPasswordFieldsProps) {
  return (
    <>
      <PasswordField
        label="New Password"
        name="newPassword"
        autoComplete="new-password"
        value={values.newPassword}
        onChange={change('newPassword')}
        error={Boolean(errors.newPassword)}
        helperText={errors.newPassword ?? hint}
        inputRef={refs?.newPassword}
        showLabel="Show new password"
        hideLabel="Hide new password"
      />
      <PasswordField
        label="Confirm New Password"
        name="confirmNewPassword"
        autoComplete="new-password"
        value={values.confirmNewPassword}
        onChange={change('confirmNewPassword')}
        error={Boolean(errors.confirmNewPassword)}
        helperText={errors.confirmNewPassword}
        inputRef={refs?.confirmNewPassword}
        showLabel="Show confirmation"
        hideLabel="Hide confirmation"
      />
    </>
  );
}

import { ChangePasswordFormSchema, type User } from '@fieldcraft/contracts';
import { PasswordField } from '@fieldcraft/ui';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState, type FormEvent } from 'react';
import { serverErrorCode, serverErrorDetail } from '../../../shared/api/request';
import {
  focusFirstInvalid,
  parsedOrShown,
  serverFieldErrors,
} from '../../../shared/forms/form-errors';
import { storeUser } from '../../../shared/session/auth-storage';
import { useAppDispatch } from '../../../shared/store/hooks';
import { showToast } from '../../../shared/toasts/toasts.slice';
import { useUpdateUserMutation } from '../auth.api';
import {
  NEW_PASSWORD_HINT,
  NewPasswordFields,
  usePasswordForm,
} from '../components/new-password-fields';

type Field = 'currentPassword' | 'newPassword' | 'confirmNewPassword';
const empty: Record<Field, string> = {
  currentPassword: '',
  newPassword: '',
  confirmNewPassword: '',
};

/**
 * Change password from the Profile page: the current one (the server re-verifies it, with its
 * own limit of wrong guesses) and the new one twice. The server ends every other session and
 * gives this browser a new one.
 */
export function ProfilePasswordForm({ user }: { user: User }) {
  const dispatch = useAppDispatch();
  const [updateUser, { isLoading }] = useUpdateUserMutation();
  const { values, setValues, errors, setErrors, change } = usePasswordForm<Field>(empty);
  const [failure, setFailure] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isLoading) return;
    const form = event.currentTarget;
    const data = parsedOrShown(form, ChangePasswordFormSchema.safeParse(values), setErrors);
    if (data === null) return;
    setFailure(null);
    try {
      const updated = await updateUser({
        id: user.id,
        body: {
          password: data.newPassword,
          currentPassword: data.currentPassword,
        },
      }).unwrap();
      storeUser(updated);
      setValues(empty);
      dispatch(
        showToast({
          title: 'Password Changed',
          description: 'Your password has been updated. Your other devices are signed out.',
        }),
      );
    } catch (error) {
      focusFirstInvalid(form, () => {
        if (serverErrorCode(error) === 'CURRENT_PASSWORD_INCORRECT') {
          setErrors({ currentPassword: 'Current password is incorrect' });
        } else {
          const onNew = serverFieldErrors(error, ['password'] as const).password;
          if (onNew) setErrors({ newPassword: onNew });
          setFailure(serverErrorDetail(error) ?? 'Failed to change password. Please try again.');
        }
      });
    }
  }

  return (
    <Box
      component="form"
      noValidate
      onSubmit={onSubmit}
      aria-label="Change password"
      sx={{ display: 'grid', gap: 2, maxWidth: 480 }}
    >
      {failure ? <Alert severity="error">{failure}</Alert> : null}
      <PasswordField
        label="Current Password"
        name="currentPassword"
        autoComplete="current-password"
        value={values.currentPassword}
        onChange={change('currentPassword')}
        error={Boolean(errors.currentPassword)}
        helperText={errors.currentPassword}
        showLabel="Show current password"
        hideLabel="Hide current password"
      />
      <NewPasswordFields values={values} errors={errors} change={change} hint={NEW_PASSWORD_HINT} />
      <Box>
        <Button type="submit" variant="contained" disabled={isLoading}>
          {isLoading ? 'Changing Password...' : 'Change Password'}
        </Button>
      </Box>
    </Box>
  );
}

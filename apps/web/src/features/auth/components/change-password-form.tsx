import type { ChangePasswordForm as ChangePasswordValues, User } from '@fieldcraft/contracts';
import { PasswordField } from '@fieldcraft/ui';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useRef, useState, type FormEvent, type RefObject } from 'react';
import { useNavigate } from 'react-router-dom';
import { isApiQueryError, serverErrorDetail } from '../../../shared/api/request';
import { storeUser } from '../../../shared/session/auth-storage';
import { paths } from '../../../shared/paths';
import { useSignInServices } from '../sign-in-services';
import { firstErrorPerField, serverFieldErrors } from '../../../shared/forms/form-errors';
import { loadFormSchemas } from '../../../shared/forms/form-schemas';
import { NewPasswordFields, usePasswordForm } from './new-password-fields';

type Field = keyof ChangePasswordValues;

export interface ChangePasswordFormProps {
  /** The account that must change its password (from the login answer or the auth status). */
  user: User | null;
  /** 'Back to Login': the parent clears its state and shows the sign-in form again. */
  onBack: () => void;
}

const empty: Record<Field, string> = {
  currentPassword: '',
  newPassword: '',
  confirmNewPassword: '',
};

/** The forced password change view that replaces the sign-in card. */
export function ChangePasswordForm({ user, onBack }: ChangePasswordFormProps) {
  const services = useSignInServices();
  const navigate = useNavigate();
  // The schemas are fetched while the user types, ready by the time they submit.
  const { values, errors, setErrors, change } = usePasswordForm<Field>(empty, () => {
    void loadFormSchemas();
  });
  const [busy, setBusy] = useState(false);
  const refs: Record<Field, RefObject<HTMLInputElement | null>> = {
    currentPassword: useRef<HTMLInputElement>(null),
    newPassword: useRef<HTMLInputElement>(null),
    confirmNewPassword: useRef<HTMLInputElement>(null),
  };

  const fail = (description: string) =>
    services.toast({ variant: 'destructive', title: 'Error', description });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const { ChangePasswordFormSchema } = await loadFormSchemas();
    const parsed = ChangePasswordFormSchema.safeParse(values);
    if (!parsed.success) {
      const fieldErrors = firstErrorPerField<Field>(parsed.error.issues);
      setErrors(fieldErrors);
      const first = (['currentPassword', 'newPassword', 'confirmNewPassword'] as const).find(
        (f) => fieldErrors[f],
      );
      if (first) refs[first].current?.focus();
      return;
    }
    setErrors({});
    if (!user) {
      fail('User data not found');
      return;
    }

    setBusy(true);
    try {
      // Re-verify the current password with a sign-in before touching the account.
      try {
        await services.login({ email: user.email, password: parsed.data.currentPassword });
      } catch {
        fail('Current password is incorrect');
        return;
      }

      let updated: User;
      try {
        // The server re-verifies currentPassword too; the spec's payload is the first two.
        updated = await services.updateUser(user.id, {
          password: parsed.data.newPassword,
          passwordChangeRequired: false,
          currentPassword: parsed.data.currentPassword,
        });
      } catch (error) {
        // The server's reason about the new password (e.g. too easy to guess) goes on its field.
        const onNewPassword = serverFieldErrors(error, ['password'] as const).password;
        if (onNewPassword) {
          setErrors({ newPassword: onNewPassword });
          refs.newPassword.current?.focus();
        }
        fail(
          // The server answered: its reason, or the generic one. No answer at all is unexpected.
          isApiQueryError(error) && typeof error.status === 'number'
            ? (serverErrorDetail(error) ?? 'Failed to update password')
            : 'Failed to change password. Please try again.',
        );
        return;
      }

      storeUser(updated);
      await services.passwordChanged(updated);
      services.toast({
        title: 'Password Changed',
        description: 'Your password has been updated successfully.',
      });
      navigate(paths.home.getHref(), { replace: true });
    } catch (error) {
      console.error('Password change failed', error);
      fail('Failed to change password. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-labelledby="change-password-heading">
      <Typography id="change-password-heading" component="h2" variant="h3">
        Change Your Password
      </Typography>
      <Typography sx={{ color: 'text.secondary', mt: 1, mb: 2.5 }}>
        Since this is your first login, you need to change your initial password
      </Typography>
      <Box sx={{ display: 'grid', gap: 2.5 }}>
        <PasswordField
          label="Current Password"
          name="currentPassword"
          placeholder="Enter your initial password"
          autoComplete="current-password"
          value={values.currentPassword}
          onChange={change('currentPassword')}
          error={Boolean(errors.currentPassword)}
          helperText={errors.currentPassword}
          inputRef={refs.currentPassword}
          showLabel="Show initial password"
          hideLabel="Hide initial password"
        />
        <NewPasswordFields values={values} errors={errors} change={change} refs={refs} />
        <Button type="submit" variant="contained" size="large" fullWidth disabled={busy}>
          {busy ? 'Updating Password...' : 'Update Password'}
        </Button>
        <Button type="button" variant="text" fullWidth onClick={onBack} disabled={busy}>
          Back to Login
        </Button>
      </Box>
    </Box>
  );
}

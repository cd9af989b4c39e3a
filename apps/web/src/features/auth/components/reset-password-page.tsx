import {
  INVALID_RESET_TOKEN_MESSAGE,
  ResetPasswordFormSchema,
  type ResetPasswordForm,
} from '@fieldcraft/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { serverErrorCode, serverErrorDetail } from '../../../shared/api/request';
import {
  focusFirstInvalid,
  parsedOrShown,
  serverFieldErrors,
} from '../../../shared/forms/form-errors';
import { paths } from '../../../shared/paths';
import { useResetPasswordWithLinkMutation } from '../auth.api';
import { AuthPageFrame } from './auth-page-frame';
import { NEW_PASSWORD_HINT, NewPasswordFields, usePasswordForm } from './new-password-fields';

type Field = keyof ResetPasswordForm;
const empty: Record<Field, string> = { newPassword: '', confirmNewPassword: '' };

type Outcome = { kind: 'form' } | { kind: 'done'; message: string } | { kind: 'invalid' };

/**
 * /reset-password?token=… (docs/account.md, "Forgot password"): where a mailed reset link
 * leads. The new password twice, with the change-password form's rules and the server's
 * strength check on its field; then a way to sign in, or, for a dead link, a way to ask again.
 */
export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const [resetPassword, { isLoading }] = useResetPasswordWithLinkMutation();
  const { values, setValues, errors, setErrors, change } = usePasswordForm<Field>(empty);
  const [failure, setFailure] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(token ? { kind: 'form' } : { kind: 'invalid' });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isLoading) return;
    const form = event.currentTarget;
    const data = parsedOrShown(form, ResetPasswordFormSchema.safeParse(values), setErrors);
    if (data === null) return;
    setFailure(null);
    try {
      const answer = await resetPassword({ token, newPassword: data.newPassword }).unwrap();
      setValues(empty);
      setOutcome({ kind: 'done', message: answer.message });
    } catch (error) {
      if (serverErrorCode(error) === 'INVALID_RESET_TOKEN') {
        setOutcome({ kind: 'invalid' });
        return;
      }
      // The server's reason about the new password (e.g. too easy to guess) goes on its field.
      const onNew = serverFieldErrors(error, ['newPassword'] as const).newPassword;
      focusFirstInvalid(form, () => {
        if (onNew) setErrors({ newPassword: onNew });
        else setFailure(serverErrorDetail(error) ?? 'Failed to reset password. Please try again.');
      });
    }
  }

  return (
    <AuthPageFrame brandAs="p">
      <Typography component="h1" variant="h3" sx={{ mb: 1 }}>
        Choose a New Password
      </Typography>
      {outcome.kind === 'done' ? (
        <Box sx={{ display: 'grid', gap: 2.5 }}>
          <Alert severity="success">{outcome.message}</Alert>
          <Button
            component={RouterLink}
            to={paths.login.getHref()}
            variant="contained"
            size="large"
            fullWidth
          >
            Sign In
          </Button>
        </Box>
      ) : outcome.kind === 'invalid' ? (
        <Box sx={{ display: 'grid', gap: 2.5 }}>
          <Alert severity="error">{INVALID_RESET_TOKEN_MESSAGE}</Alert>
          <Button
            component={RouterLink}
            to={paths.login.getHref({ forgot: true })}
            variant="contained"
            size="large"
            fullWidth
          >
            Ask for a New Link
          </Button>
          <Button component={RouterLink} to={paths.login.getHref()} variant="text" fullWidth>
            Back to Login
          </Button>
        </Box>
      ) : (
        <Box
          component="form"
          noValidate
          onSubmit={onSubmit}
          aria-label="Choose a new password"
          sx={{ display: 'grid', gap: 2.5 }}
        >
          <Typography sx={{ color: 'text.secondary' }}>
            Enter the new password for your account twice. Every device signed in to it will be
            signed out.
          </Typography>
          {failure ? <Alert severity="error">{failure}</Alert> : null}
          <NewPasswordFields
            values={values}
            errors={errors}
            change={change}
            hint={NEW_PASSWORD_HINT}
          />
          <Button type="submit" variant="contained" size="large" fullWidth disabled={isLoading}>
            {isLoading ? 'Resetting Password...' : 'Reset Password'}
          </Button>
          <Button component={RouterLink} to={paths.login.getHref()} variant="text" fullWidth>
            Back to Login
          </Button>
        </Box>
      )}
    </AuthPageFrame>
  );
}

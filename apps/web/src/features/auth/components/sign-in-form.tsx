import type { LoginBody, User } from '@fieldcraft/contracts';
import { PasswordField, TextInputField } from '@fieldcraft/ui';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useRef, useState, type FormEvent } from 'react';
import { storeUser } from '../../../shared/session/auth-storage';
import { config } from '../../../shared/config';
import { navigation } from '../../../shared/navigation';
import { paths } from '../../../shared/paths';
import { serverErrorDetail } from '../../../shared/api/request';
import { needsPasswordChange } from '../password-change';
import { useSignInServices } from '../sign-in-services';
import { firstErrorPerField } from '../../../shared/forms/form-errors';
import { loadFormSchemas } from '../../../shared/forms/form-schemas';

type Field = keyof LoginBody;

export interface SignInFormProps {
  /** The account must change its password first: show the forced change view for this user. */
  onPasswordChangeRequired: (user: User) => void;
  /** Signed in; the full page load to '/' is scheduled. */
  onSignedIn: () => void;
  /** 'Forgot password?': show the reset request form instead. */
  onForgotPassword?: () => void;
}

export function SignInForm({
  onPasswordChangeRequired,
  onSignedIn,
  onForgotPassword,
}: SignInFormProps) {
  const services = useSignInServices();
  const [values, setValues] = useState<Record<Field, string>>({ email: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const change = (field: Field) => (event: { target: { value: string } }) => {
    void loadFormSchemas(); // fetched while the user types, ready by the time they submit
    setValues((v) => ({ ...v, [field]: event.target.value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const { LoginBodySchema } = await loadFormSchemas();
    const parsed = LoginBodySchema.safeParse(values);
    if (!parsed.success) {
      const fieldErrors = firstErrorPerField<Field>(parsed.error.issues);
      setErrors(fieldErrors);
      setBusy(false);
      (fieldErrors.email ? emailRef : passwordRef).current?.focus();
      return;
    }
    setErrors({});

    let response;
    try {
      response = await services.login(parsed.data);
    } catch (error) {
      services.toast({
        variant: 'destructive',
        title: 'Login failed',
        description: serverErrorDetail(error) ?? 'Invalid email or password',
      });
      setBusy(false);
      return;
    }

    const user = response.user ?? response;
    if (needsPasswordChange(response) || needsPasswordChange(user)) {
      setBusy(false);
      onPasswordChangeRequired(user);
      return;
    }

    storeUser(user);
    services.toast({
      title: `Welcome back, ${user.firstName || user.email.split('@')[0]}!`,
      description: 'You have signed in successfully.',
    });
    services.signedIn();
    onSignedIn();
    // Stays busy: the page is about to reload into the signed-in app.
    setTimeout(() => navigation.assign(paths.home.getHref()), config.timing.loginRedirectMs);
  }

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-labelledby="sign-in-heading">
      <Typography id="sign-in-heading" component="h2" variant="h3" sx={{ mb: 2.5 }}>
        Sign in to your account
      </Typography>
      <Box sx={{ display: 'grid', gap: 2.5 }}>
        <TextInputField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          value={values.email}
          onChange={change('email')}
          error={Boolean(errors.email)}
          helperText={errors.email}
          inputRef={emailRef}
          slotProps={{
            htmlInput: { inputMode: 'email', autoCapitalize: 'none', spellCheck: false },
          }}
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          value={values.password}
          onChange={change('password')}
          error={Boolean(errors.password)}
          helperText={errors.password}
          inputRef={passwordRef}
        />
        <Button type="submit" variant="contained" size="large" fullWidth disabled={busy}>
          {busy ? 'Signing in...' : 'Sign In'}
        </Button>
        {onForgotPassword ? (
          <Button type="button" variant="text" fullWidth onClick={onForgotPassword}>
            Forgot password?
          </Button>
        ) : null}
      </Box>
    </Box>
  );
}

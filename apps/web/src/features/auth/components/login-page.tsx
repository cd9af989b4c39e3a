import type { User } from '@fieldcraft/contracts';
import { LoadingState } from '@fieldcraft/ui';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { clearStoredAuth } from '../../../shared/session/auth-storage';
import { paths } from '../../../shared/paths';
import { needsPasswordChange } from '../password-change';
import { useSignInServices } from '../sign-in-services';
import { AuthPageFrame } from './auth-page-frame';
import { ChangePasswordForm } from './change-password-form';
import { SignInForm } from './sign-in-form';

// Loaded when asked for: the sign-in screen's budget stays for signing in.
const ForgotPasswordForm = lazy(() => import('./forgot-password-form'));

/**
 * /login. Shows the sign-in card, or the forced password change view when the login answer (or
 * the current session's status) says the password must change first.
 */
export function LoginPage() {
  const { status, statusLoading: isLoading } = useSignInServices();
  const [changeUser, setChangeUser] = useState<User | null>(null);
  const [statusUserDismissed, setStatusUserDismissed] = useState(false);
  const [signedIn, setSignedIn] = useState(false);
  const [formKey, setFormKey] = useState(0);
  // `?forgot=1` (paths.login.getHref({ forgot: true })): arrive with "Forgot password?" open, from a dead link.
  const [searchParams] = useSearchParams();
  const [forgot, setForgot] = useState(() => searchParams.get('forgot') === '1');

  if (isLoading) return <LoadingState label="Loading..." />;

  const statusUser = status?.isAuthenticated ? status.user : null;
  const pendingUser =
    changeUser ??
    (!statusUserDismissed && statusUser && needsPasswordChange(statusUser) ? statusUser : null);

  // Already signed in (and not in the middle of signing in or changing the password).
  if (statusUser && !needsPasswordChange(statusUser) && !signedIn && !changeUser) {
    return <Navigate to={paths.home.getHref()} replace />;
  }

  const backToLogin = () => {
    clearStoredAuth();
    setChangeUser(null);
    setStatusUserDismissed(true);
    setFormKey((k) => k + 1);
  };

  return (
    <AuthPageFrame
      brandAs="h1"
      tagline={
        <Typography sx={{ color: 'text.secondary' }}>
          Limited Access BETA test environment
        </Typography>
      }
    >
      {pendingUser ? (
        <ChangePasswordForm user={pendingUser} onBack={backToLogin} />
      ) : forgot ? (
        <Suspense fallback={<LoadingState label="Loading..." />}>
          <ForgotPasswordForm onBack={() => setForgot(false)} />
        </Suspense>
      ) : (
        <SignInForm
          key={formKey}
          onPasswordChangeRequired={setChangeUser}
          onSignedIn={() => setSignedIn(true)}
          onForgotPassword={() => setForgot(true)}
        />
      )}
    </AuthPageFrame>
  );
}

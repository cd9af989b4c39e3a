import { lazy } from 'react';
import { RtkSignInServices } from '../../features/auth/rtk-sign-in-services';
import { PublicShell } from '../../features/layout/components/public-shell';

const LandingPage = lazy(() =>
  import('../../features/landing/components/landing-page').then((m) => ({
    default: m.LandingPage,
  })),
);
const LoginPage = lazy(() =>
  import('../../features/auth/components/login-page').then((m) => ({ default: m.LoginPage })),
);
const ResetPasswordPage = lazy(() =>
  import('../../features/auth/components/reset-password-page').then((m) => ({
    default: m.ResetPasswordPage,
  })),
);
const NotFoundPage = lazy(() =>
  import('../../features/not-found/components/not-found-page').then((m) => ({
    default: m.NotFoundPage,
  })),
);

const pages = {
  landing: LandingPage,
  login: LoginPage,
  resetPassword: ResetPasswordPage,
  notFound: NotFoundPage,
};

/** A signed-out page (landing, login, reset password, not-found) in the public shell. Lazy. */
export default function PublicPage({ page }: { page: keyof typeof pages }) {
  const Page = pages[page];
  return (
    <RtkSignInServices>
      <PublicShell>
        <Page />
      </PublicShell>
    </RtkSignInServices>
  );
}

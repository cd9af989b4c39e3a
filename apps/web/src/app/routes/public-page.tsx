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
const NotFoundPage = lazy(() =>
  import('../../features/not-found/components/not-found-page').then((m) => ({
    default: m.NotFoundPage,
  })),
);

const pages = { landing: LandingPage, login: LoginPage, notFound: NotFoundPage };

/** A signed-out page (landing, login, not-found) inside the public shell. Loaded lazily. */
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

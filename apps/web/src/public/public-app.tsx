import type { AuthStatus } from '@fieldcraft/contracts';
import { LoadingState } from '@fieldcraft/ui';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { readOfflineUser } from '../shared/session/offline-user';
import { config } from '../shared/config';
import { OutdoorModeProvider } from '../shared/outdoor-mode/outdoor-mode';
import { paths } from '../shared/paths';
import { sendRequest, type RequestResult } from '../shared/api/request';
import { ScrollRestoration } from '../app/scroll-restoration';
import { ToastList } from '../shared/toasts/toast-list';
import type { Toast, ToastInput } from '../shared/toasts/toasts.slice';
import { storeUser } from '../shared/session/auth-storage';
import { LoginPage } from '../features/auth/components/login-page';
import { needsPasswordChange } from '../features/auth/password-change';
import { SignInServicesContext, type SignInServices } from '../features/auth/sign-in-services';
import { LandingPage } from '../features/landing/components/landing-page';
import { PublicShell } from '../features/layout/components/public-shell';
import type { FullAppStart } from '../full-main';

const signedOut: AuthStatus = { isAuthenticated: false, user: null };

async function call<T>(request: Parameters<typeof sendRequest>[0]): Promise<T> {
  const result = await sendRequest(request);
  if (result.error) throw result.error;
  return result.data as T;
}

export interface PublicAppProps {
  /** The session check, started before React (public-main.tsx). */
  statusCheck: Promise<RequestResult>;
  /** Give the page to the whole app (main.tsx): called once. */
  onHandOff: (start: FullAppStart) => void;
}

/**
 * The light public app (docs/field-readiness.md, "The light public app"): the landing page and
 * the sign-in page, the same components the whole app draws there, with the sign-in services
 * given by plain requests instead of RTK Query. Any other address, or a session after all,
 * hands the page to the whole app.
 */
export function PublicApp({ statusCheck, onHandOff }: PublicAppProps) {
  const [status, setStatus] = useState<AuthStatus>();
  const [toasts, setToasts] = useState<Toast[]>([]);
  const toastCount = useRef(0);
  const toastsRef = useRef(toasts);
  toastsRef.current = toasts;

  const handOff = useCallback(
    (start: FullAppStart) =>
      onHandOff({
        ...start,
        toasts: toastsRef.current.filter((t) => t.open).map(({ id: _id, open: _open, ...t }) => t),
      }),
    [onHandOff],
  );

  useEffect(() => {
    let live = true;
    void statusCheck.then((result) => {
      if (!live) return;
      if (result.error) {
        // No answer (no signal) on a device that keeps a signed-in user's files: the whole app
        // shows them (its offline view). Otherwise, as in the whole app, the landing page.
        if (result.error.status === 'FETCH_ERROR' && readOfflineUser()) handOff({});
        else setStatus(signedOut);
        return;
      }
      const answer = (result.data ?? signedOut) as AuthStatus;
      // Keep the stored user (source of the user-role header) in step with the session.
      if (answer.isAuthenticated && answer.user) storeUser(answer.user);
      setStatus(answer);
    });
    return () => {
      live = false;
    };
  }, [statusCheck, handOff]);

  const dismiss = useCallback(
    (id: string) => setToasts((all) => all.filter((t) => t.id !== id)),
    [],
  );
  const services = useMemo<SignInServices>(
    () => ({
      status,
      statusLoading: status === undefined,
      login: (body) => call({ url: '/api/auth/login', method: 'POST', body }),
      updateUser: (id, body) => call({ url: `/api/users/${id}`, method: 'PATCH', body }),
      toast: (input: ToastInput) => {
        toastCount.current += 1;
        const toast: Toast = {
          id: `public-${toastCount.current}`,
          variant: 'default',
          ...input,
          open: true,
        };
        setToasts((all) => [toast, ...all].slice(0, config.toast.limit));
      },
      // The sign-in form loads '/' next: the server and the whole app take it from there.
      signedIn: () => undefined,
      passwordChanged: async (user) => setStatus({ isAuthenticated: true, user }),
    }),
    [status],
  );

  const user = status?.isAuthenticated ? status.user : null;
  const page = (children: ReactNode) => <PublicShell>{children}</PublicShell>;
  let home: ReactNode;
  if (!status) home = <LoadingState fullScreen label="Loading..." />;
  else if (!user) home = page(<LandingPage />);
  else if (needsPasswordChange(user)) home = <Navigate to={paths.login.getHref()} replace />;
  else home = <HandOff start={{ status }} onHandOff={handOff} />;

  return (
    <OutdoorModeProvider>
      <SignInServicesContext.Provider value={services}>
        <BrowserRouter>
          <Routes>
            <Route path={paths.home.path} element={home} />
            <Route path={paths.login.path} element={page(<LoginPage />)} />
            <Route
              path="*"
              element={<HandOff start={status ? { status } : {}} onHandOff={handOff} />}
            />
          </Routes>
          <ScrollRestoration />
        </BrowserRouter>
        <ToastList toasts={toasts} onDismiss={dismiss} />
      </SignInServicesContext.Provider>
    </OutdoorModeProvider>
  );
}

/** Gives the page to the whole app, which draws this same address. */
function HandOff({
  start,
  onHandOff,
}: {
  start: FullAppStart;
  onHandOff: (start: FullAppStart) => void;
}) {
  useEffect(() => onHandOff(start), [start, onHandOff]);
  return <LoadingState fullScreen label="Loading..." />;
}

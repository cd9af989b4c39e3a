import type { ReactNode } from 'react';
import { useMemo } from 'react';
import { api } from '../../shared/api/api';
import { useAppDispatch } from '../../shared/store/hooks';
import { showToast } from '../../shared/toasts/toasts.slice';
import { authApi, useAuthStatus, useLoginMutation, useUpdateUserMutation } from './auth.api';
import { SignInServicesContext, type SignInServices } from './sign-in-services';

/** The sign-in screen's services in the signed-in app: RTK Query and the store. */
export function RtkSignInServices({ children }: { children: ReactNode }) {
  const dispatch = useAppDispatch();
  const { data: status, isLoading: statusLoading } = useAuthStatus();
  const [login] = useLoginMutation();
  const [updateUser] = useUpdateUserMutation();
  const services = useMemo<SignInServices>(
    () => ({
      status,
      statusLoading,
      login: (body) => login(body).unwrap(),
      updateUser: (id, body) => updateUser({ id, body }).unwrap(),
      toast: (toast) => dispatch(showToast(toast)),
      signedIn: () => dispatch(api.util.invalidateTags(['AuthStatus'])),
      async passwordChanged(user) {
        // Show the signed-in app at once, then confirm the session with the server.
        await dispatch(
          authApi.util.upsertQueryData('getAuthStatus', undefined, { isAuthenticated: true, user }),
        );
        dispatch(api.util.invalidateTags(['AuthStatus']));
      },
    }),
    [dispatch, login, updateUser, status, statusLoading],
  );
  return (
    <SignInServicesContext.Provider value={services}>{children}</SignInServicesContext.Provider>
  );
}

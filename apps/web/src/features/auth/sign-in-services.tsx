import type {
  AuthStatus,
  LoginBody,
  LoginResponse,
  UpdateUserBody,
  User,
} from '@fieldcraft/contracts';
import { createContext, useContext } from 'react';
import type { ToastInput } from '../../shared/toasts/toasts.slice';

/**
 * What the sign-in screen (login page, sign-in form, forced password change) needs from the app
 * around it. Two apps provide it: the signed-in app through RTK Query and its store
 * (rtk-sign-in-services.tsx), and the light public app a signed-out visitor gets first, through
 * plain requests (public/public-app.tsx), so landing and login load no RTK Query
 * (docs/field-readiness.md, "The light public app"). Failed calls reject with an ApiQueryError
 * (app/request.ts) in both.
 */
export interface SignInServices {
  /** The session's status: undefined while the first check is under way. */
  status: AuthStatus | undefined;
  statusLoading: boolean;
  login: (body: LoginBody) => Promise<LoginResponse>;
  updateUser: (id: number, body: UpdateUserBody) => Promise<User>;
  toast: (toast: ToastInput) => void;
  /** Signed in with no password change due: the status is checked again. */
  signedIn: () => void;
  /** The forced password change is done: the session's user is `user` from now on. */
  passwordChanged: (user: User) => Promise<void>;
}

export const SignInServicesContext = createContext<SignInServices | null>(null);

export function useSignInServices(): SignInServices {
  const services = useContext(SignInServicesContext);
  if (!services) throw new Error('useSignInServices: no SignInServicesContext provider');
  return services;
}

import type { ErrorCode } from '@fieldcraft/contracts';
import { isRejectedWithValue, type Middleware } from '@reduxjs/toolkit';
import { authApi } from '../features/auth/auth.api';
import { api, serverErrorCode, type ApiQueryError } from '../shared/api/api';
import { clearAuthEverywhere } from '../shared/session/clear-auth';
import { showToast } from '../shared/toasts/toasts.slice';

// A type-only contracts import: a value import would pull zod into the entry chunk.
const PASSWORD_CHANGE_REQUIRED: ErrorCode = 'PASSWORD_CHANGE_REQUIRED';

/** Endpoints whose 401 means "not signed in", not "the session just died". */
const AUTH_ENDPOINTS = new Set(['getAuthStatus', 'login', 'logout']);

interface RejectedMeta {
  arg?: { endpointName?: string; type?: 'query' | 'mutation' };
}

/**
 * The one place rejected requests are handled app-wide:
 * - 401 on a guarded call while the app thought it was signed in: run the global clear-auth;
 * - 403 PASSWORD_CHANGE_REQUIRED: refetch auth status so the guard sends the user to /login;
 * - any other failed query: a destructive toast. Mutations are left to their forms, which
 *   await `.unwrap()` and word their own toasts.
 */
export const requestErrorsMiddleware: Middleware = (store) => (next) => (action) => {
  const result = next(action);
  if (!isRejectedWithValue(action)) return result;

  const { arg } = (action.meta ?? {}) as RejectedMeta;
  const error = action.payload as ApiQueryError;
  const endpointName = arg?.endpointName ?? '';

  if (error?.status === 401 && !AUTH_ENDPOINTS.has(endpointName)) {
    const status = authApi.endpoints.getAuthStatus.select()(store.getState());
    if (status.data?.isAuthenticated) {
      void clearAuthEverywhere();
      return result;
    }
  }

  if (error?.status === 403 && serverErrorCode(error) === PASSWORD_CHANGE_REQUIRED) {
    store.dispatch(api.util.invalidateTags(['AuthStatus']));
    return result;
  }

  // No signal: the pages say so themselves (features/offline); a toast per request would pile up.
  if (error?.status === 'FETCH_ERROR' && typeof navigator !== 'undefined' && !navigator.onLine) {
    return result;
  }

  if (arg?.type === 'query') {
    store.dispatch(
      showToast({ variant: 'destructive', title: 'Error', description: error?.message }),
    );
  }
  return result;
};

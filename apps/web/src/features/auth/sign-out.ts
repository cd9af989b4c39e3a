import { api } from '../../shared/api/api';
import { clearStoredAuth } from '../../shared/session/auth-storage';
import { config } from '../../shared/config';
import { clearFirstViewCache } from '../../shared/session/first-view-cache';
import { clearSavedFiles } from '../../shared/offline/saved-files';
import { navigation } from '../../shared/navigation';
import { paths } from '../../shared/paths';
import type { AppDispatch } from '../../shared/store/root-reducer';
import { authApi, signedOutStatus } from './auth.api';

/**
 * Sign out: the cached status becomes signed-out, every other cached response is dropped, the
 * stored auth/user/impersonation entries, the files saved for offline use and the service
 * worker's kept first view go, the server
 * session is revoked, and ~100 ms later the browser loads '/'. A failing logout call is only
 * logged: the user still leaves.
 */
export const signOut = () => async (dispatch: AppDispatch) => {
  // Reset first, then write the signed-out status, so mounted hooks see "signed out" at once
  // instead of refetching a status the server has not revoked yet.
  dispatch(api.util.resetApiState());
  await dispatch(authApi.util.upsertQueryData('getAuthStatus', undefined, signedOutStatus));
  clearStoredAuth();
  // Files saved for offline use leave a shared phone with the user (docs/field-readiness.md).
  await clearSavedFiles().catch(() => undefined);
  // So does the dashboard the service worker keeps for the first view.
  await clearFirstViewCache().catch(() => undefined);
  try {
    await dispatch(authApi.endpoints.logout.initiate()).unwrap();
  } catch (error) {
    console.error('Logout failed', error);
  }
  await new Promise((resolve) => setTimeout(resolve, config.timing.logoutRedirectMs));
  navigation.assign(paths.home.getHref());
};

import { api } from '../../app/api';
import { clearStoredAuth } from '../../app/auth-storage';
import { config } from '../../app/config';
import { clearFirstViewCache } from '../../app/offline/first-view-cache';
import { clearSavedFiles } from '../../app/offline/saved-files';
import { navigation } from '../../app/navigation';
import { paths } from '../../app/paths';
import type { AppDispatch } from '../../app/store';
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

import {
  clearImpersonation,
  isWellFormedToken,
  storageKeys,
} from '../../../shared/session/auth-storage';

const TOKEN_PARAM = 'impersonation_token';
const USER_PARAM = 'impersonated_user';

/**
 * Runs once before the app renders: an impersonation session handed over in the address
 * (impersonation_token, impersonated_user) is stored locally and removed from the address bar,
 * so the token is not left in history or shared links. A malformed token clears both entries.
 */
export function bootstrapImpersonation(win: Window = window): void {
  const url = new URL(win.location.href);
  const token = url.searchParams.get(TOKEN_PARAM);
  const user = url.searchParams.get(USER_PARAM);
  if (token === null && user === null) return;

  if (token !== null && isWellFormedToken(token)) {
    win.localStorage.setItem(storageKeys.impersonationToken, token);
    if (user !== null) win.localStorage.setItem(storageKeys.impersonatedUser, user);
  } else {
    clearImpersonation();
  }

  url.searchParams.delete(TOKEN_PARAM);
  url.searchParams.delete(USER_PARAM);
  win.history.replaceState(win.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}

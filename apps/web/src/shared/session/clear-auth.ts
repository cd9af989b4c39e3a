import { navigation } from '../navigation';
import { clearFirstViewCache } from './first-view-cache';
import { paths } from '../paths';

/** Expire every cookie script can see, on this path and the root. */
function clearReadableCookies(): void {
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (!name) continue;
    const expired = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; max-age=0`;
    document.cookie = `${expired}; path=/`;
    document.cookie = expired;
  }
}

/**
 * The global clear-auth routine: wipes local and session storage, readable cookies and the
 * service worker's kept first view, asks the
 * server to drop the httpOnly session (POST /api/auth/force-clear), then loads /login. Used when
 * the app believed it was signed in but the server no longer accepts the session.
 */
export async function clearAuthEverywhere(): Promise<void> {
  localStorage.clear();
  sessionStorage.clear();
  clearReadableCookies();
  // The service worker's kept first view is the user's dashboard: it goes too.
  await clearFirstViewCache().catch(() => undefined);
  try {
    await fetch(new URL('/api/auth/force-clear', window.location.href), {
      method: 'POST',
      credentials: 'include',
      headers: { accept: 'application/json' },
    });
  } catch (error) {
    console.error('force-clear failed', error);
  }
  navigation.assign(paths.login.getHref());
}

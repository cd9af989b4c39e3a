// The device's outdoor-mode choice, without the theme: main.tsx syncs the cookie before any
// app (and MUI) has loaded.

/** localStorage key: the choice belongs to the device, not the account, and survives sign-out. */
export const outdoorModeKey = 'fieldcraft.outdoor-mode';

/**
 * The same choice as a cookie, so the server's first view (docs/field-readiness.md) is drawn in
 * the theme the app then draws. Not a setting of the account and read by nothing else.
 */
export const outdoorModeCookie = 'fieldcraft-outdoor';

export function rememberInCookie(on: boolean): void {
  try {
    document.cookie = on
      ? `${outdoorModeCookie}=on; path=/; max-age=31536000; samesite=lax`
      : `${outdoorModeCookie}=; path=/; max-age=0; samesite=lax`;
  } catch {
    // No document (server) or cookies refused: the first view is drawn in the standard theme.
  }
}

export function readStored(): boolean {
  try {
    return localStorage.getItem(outdoorModeKey) === 'on';
  } catch {
    // Storage can be unavailable (private mode, disabled): fall back to the standard theme.
    return false;
  }
}

/** At start-up: the cookie follows the stored choice (one made before the cookie existed, too). */
export function syncOutdoorModeCookie(): void {
  rememberInCookie(readStored());
}

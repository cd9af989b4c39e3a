import { AppThemeProvider } from '@fieldcraft/ui';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

/** localStorage key: the choice belongs to the device, not the account, and survives sign-out. */
export const outdoorModeKey = 'fieldcraft.outdoor-mode';

/**
 * The same choice as a cookie, so the server's first view (docs/field-readiness.md) is drawn in
 * the theme the app then draws. Not a setting of the account and read by nothing else.
 */
export const outdoorModeCookie = 'fieldcraft-outdoor';

function rememberInCookie(on: boolean): void {
  try {
    document.cookie = on
      ? `${outdoorModeCookie}=on; path=/; max-age=31536000; samesite=lax`
      : `${outdoorModeCookie}=; path=/; max-age=0; samesite=lax`;
  } catch {
    // No document (server) or cookies refused: the first view is drawn in the standard theme.
  }
}

function readStored(): boolean {
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

interface OutdoorMode {
  outdoor: boolean;
  toggle: () => void;
}

const OutdoorModeContext = createContext<OutdoorMode | null>(null);

/** The theme provider with the user's outdoor (high-contrast) choice, remembered per device. */
export function OutdoorModeProvider({ children, initial }: { children: ReactNode; initial?: boolean }) {
  const [outdoor, setOutdoor] = useState(() => initial ?? readStored());
  const toggle = useCallback(() => {
    setOutdoor((was) => {
      const next = !was;
      try {
        if (next) localStorage.setItem(outdoorModeKey, 'on');
        else localStorage.removeItem(outdoorModeKey);
        rememberInCookie(next);
      } catch {
        // Not remembered, still switched for this visit.
      }
      return next;
    });
  }, []);
  const value = useMemo(() => ({ outdoor, toggle }), [outdoor, toggle]);
  return (
    <OutdoorModeContext.Provider value={value}>
      <AppThemeProvider variant={outdoor ? 'outdoor' : 'standard'}>{children}</AppThemeProvider>
    </OutdoorModeContext.Provider>
  );
}

/** Whether outdoor mode is on, and the switch. Outside the provider: off, and a no-op switch. */
export function useOutdoorMode(): OutdoorMode {
  return useContext(OutdoorModeContext) ?? { outdoor: false, toggle: () => undefined };
}

import { AppThemeProvider } from '@fieldcraft/ui';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { outdoorModeKey, readStored, rememberInCookie } from './outdoor-mode-storage';

export { outdoorModeCookie, outdoorModeKey, syncOutdoorModeCookie } from './outdoor-mode-storage';

interface OutdoorMode {
  outdoor: boolean;
  toggle: () => void;
}

const OutdoorModeContext = createContext<OutdoorMode | null>(null);

/** The theme provider with the user's outdoor (high-contrast) choice, remembered per device. */
export function OutdoorModeProvider({
  children,
  initial,
}: {
  children: ReactNode;
  initial?: boolean;
}) {
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

import { AppThemeProvider } from '@fieldcraft/ui';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

/** localStorage key: the choice belongs to the device, not the account, and survives sign-out. */
export const outdoorModeKey = 'fieldcraft.outdoor-mode';

function readStored(): boolean {
  try {
    return localStorage.getItem(outdoorModeKey) === 'on';
  } catch {
    // Storage can be unavailable (private mode, disabled): fall back to the standard theme.
    return false;
  }
}

interface OutdoorMode {
  outdoor: boolean;
  toggle: () => void;
}

const OutdoorModeContext = createContext<OutdoorMode | null>(null);

/** The theme provider with the user's outdoor (high-contrast) choice, remembered per device. */
export function OutdoorModeProvider({ children }: { children: ReactNode }) {
  const [outdoor, setOutdoor] = useState(readStored);
  const toggle = useCallback(() => {
    setOutdoor((was) => {
      const next = !was;
      try {
        if (next) localStorage.setItem(outdoorModeKey, 'on');
        else localStorage.removeItem(outdoorModeKey);
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

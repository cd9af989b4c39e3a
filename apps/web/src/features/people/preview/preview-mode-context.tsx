import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { setPreviewRequests } from '../../../shared/api/preview-requests';

export interface PreviewModeValue {
  /** True while an admin views the app as ordinary users see it. */
  isPreviewMode: boolean;
  enterPreviewMode: () => void;
  exitPreviewMode: () => void;
}

const PreviewModeContext = createContext<PreviewModeValue | null>(null);

/**
 * Holds the preview-mode flag (off at start; kept in memory, so a reload ends the preview) for
 * everything below it. While it is on, every API call carries `x-preview-mode: user` and the
 * server answers as it would a USER, so every role-based part of the app shows the USER view.
 * `onChange` runs on every change, after the header follows the flag: the app drops its cached
 * answers there, so they are fetched again as the new role.
 */
export function PreviewModeProvider({
  children,
  initial = false,
  onChange,
}: {
  children: ReactNode;
  initial?: boolean;
  onChange?: (isPreviewMode: boolean) => void;
}) {
  // Set during the first render, before any child can send a request.
  const [isPreviewMode, setPreviewMode] = useState(() => {
    setPreviewRequests(initial);
    return initial;
  });
  const value = useMemo(() => {
    const change = (on: boolean) => {
      setPreviewRequests(on);
      setPreviewMode(on);
      onChange?.(on);
    };
    return {
      isPreviewMode,
      enterPreviewMode: () => change(true),
      exitPreviewMode: () => change(false),
    };
  }, [isPreviewMode, onChange]);
  return <PreviewModeContext.Provider value={value}>{children}</PreviewModeContext.Provider>;
}

export function usePreviewMode(): PreviewModeValue {
  const value = useContext(PreviewModeContext);
  if (!value) throw new Error('usePreviewMode must be used within a PreviewModeProvider');
  return value;
}

import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';

export interface PreviewModeValue {
  /** True while an admin views the app as ordinary users see it. */
  isPreviewMode: boolean;
  enterPreviewMode: () => void;
  exitPreviewMode: () => void;
}

const PreviewModeContext = createContext<PreviewModeValue | null>(null);

/** Holds the preview-mode flag (off at start) for everything below it. */
export function PreviewModeProvider({
  children,
  initial = false,
}: {
  children: ReactNode;
  initial?: boolean;
}) {
  const [isPreviewMode, setPreviewMode] = useState(initial);
  const value = useMemo(
    () => ({
      isPreviewMode,
      enterPreviewMode: () => setPreviewMode(true),
      exitPreviewMode: () => setPreviewMode(false),
    }),
    [isPreviewMode],
  );
  return <PreviewModeContext.Provider value={value}>{children}</PreviewModeContext.Provider>;
}

export function usePreviewMode(): PreviewModeValue {
  const value = useContext(PreviewModeContext);
  if (!value) throw new Error('usePreviewMode must be used within a PreviewModeProvider');
  return value;
}

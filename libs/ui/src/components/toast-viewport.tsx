import Box from '@mui/material/Box';
import { Children, useEffect, useRef, type ReactNode } from 'react';

export interface ToastViewportProps {
  /** Accessible name of the region, e.g. 'Notifications (F8)'. */
  label: string;
  /** KeyboardEvent.key that moves focus to the region. */
  hotkey?: string;
  children?: ReactNode;
}

/**
 * The landmark region toasts render into: top of the screen on phones, bottom right and at most
 * 420 px wide from the md breakpoint up. The hotkey focuses it so keyboard users can reach toasts.
 */
export function ToastViewport({ label, hotkey = 'F8', children }: ToastViewportProps) {
  const ref = useRef<HTMLElement>(null);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === hotkey) {
        event.preventDefault();
        ref.current?.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [hotkey]);

  return (
    <Box
      component="section"
      ref={ref}
      aria-label={label}
      tabIndex={-1}
      sx={{
        position: 'fixed',
        zIndex: (theme) => theme.zIndex.snackbar,
        top: { xs: 0, md: 'auto' },
        bottom: { xs: 'auto', md: 0 },
        right: 0,
        width: '100%',
        maxWidth: { md: 420 },
        p: 2,
        pointerEvents: 'none',
        '& > ol > li': { pointerEvents: 'auto' },
      }}
    >
      <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
        {Children.map(children, (child) => (
          <li>{child}</li>
        ))}
      </Box>
    </Box>
  );
}

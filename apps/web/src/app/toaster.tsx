import { ToastCard, ToastViewport } from '@fieldcraft/ui';
import { useCallback, useEffect, useState } from 'react';
import { config } from './config';
import { useAppDispatch, useAppSelector } from './hooks';
import { dismissToast, selectToasts, type Toast } from './toasts.slice';

function TimedToast({ toast }: { toast: Toast }) {
  const dispatch = useAppDispatch();
  const [paused, setPaused] = useState(false);
  const dismiss = useCallback(() => dispatch(dismissToast(toast.id)), [dispatch, toast.id]);

  // Auto-hide after the display time; hovering or focusing the toast holds it open.
  useEffect(() => {
    if (paused) return;
    const timer = setTimeout(dismiss, config.toast.durationMs);
    return () => clearTimeout(timer);
  }, [paused, dismiss]);

  return (
    <ToastCard
      title={toast.title}
      description={toast.description}
      variant={toast.variant}
      onDismiss={dismiss}
      swipeThreshold={config.toast.swipeThresholdPx}
      onPause={() => setPaused(true)}
      onResume={() => setPaused(false)}
    />
  );
}

/** Renders the open toast(s) from the store into the F8-focusable notifications region. */
export function Toaster() {
  const toasts = useAppSelector(selectToasts);
  return (
    <ToastViewport label={config.toast.viewportLabel} hotkey={config.toast.hotkey}>
      {toasts.filter((t) => t.open).map((t) => (
        <TimedToast key={t.id} toast={t} />
      ))}
    </ToastViewport>
  );
}

import { ToastCard, ToastViewport } from '@fieldcraft/ui';
import { useCallback, useEffect, useState } from 'react';
import { config } from '../config';
import type { Toast } from './toasts.slice';

function TimedToast({ toast, onDismiss }: { toast: Toast; onDismiss: (id: string) => void }) {
  const [paused, setPaused] = useState(false);
  const dismiss = useCallback(() => onDismiss(toast.id), [onDismiss, toast.id]);

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

/**
 * The open toast(s) in the F8-focusable notifications region. The store's Toaster (toaster.tsx)
 * and the light public app (public/public-app.tsx) both draw through it.
 */
export function ToastList({
  toasts,
  onDismiss,
}: {
  toasts: readonly Toast[];
  onDismiss: (id: string) => void;
}) {
  return (
    <ToastViewport label={config.toast.viewportLabel} hotkey={config.toast.hotkey}>
      {toasts
        .filter((t) => t.open)
        .map((t) => (
          <TimedToast key={t.id} toast={t} onDismiss={onDismiss} />
        ))}
    </ToastViewport>
  );
}

import type { ComponentType } from 'react';

export type Preloadable<P extends object> = ComponentType<P> & {
  /** Starts loading the component; resolves when it can render without suspending. */
  preload: () => Promise<void>;
};

/**
 * Like React.lazy, but once loaded (by `preload` or an earlier render) the component renders
 * at once: React.lazy suspends on its first render even when the module is already in, which
 * would draw the Suspense fallback over a server-rendered first view for a moment. Until then
 * it suspends the way React.lazy does, by throwing the pending load to the nearest Suspense
 * boundary (use() would have to be called in every render, and after loading there is nothing
 * to wait for); a failed load goes to the nearest error boundary.
 */
export function preloadable<P extends object>(
  load: () => Promise<ComponentType<P>>,
): Preloadable<P> {
  let loaded: ComponentType<P> | null = null;
  let failure: { error: unknown } | null = null;
  let pending: Promise<void> | null = null;
  const preload = () =>
    (pending ??= load().then(
      (component) => {
        loaded = component;
      },
      (error: unknown) => {
        failure = { error };
        throw error;
      },
    ));
  function Preloaded(props: P) {
    if (failure) throw failure.error;
    if (!loaded) {
      // Suspends until the load settles (a rejection is reported by the render after it).
      throw preload().catch(() => undefined);
    }
    const Component = loaded as ComponentType<P>;
    return <Component {...props} />;
  }
  Preloaded.preload = preload;
  return Preloaded;
}

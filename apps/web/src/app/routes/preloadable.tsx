import { use, type ComponentType } from 'react';

export type Preloadable<P extends object> = ComponentType<P> & {
  /** Starts loading the component; resolves when it can render without suspending. */
  preload: () => Promise<void>;
};

/**
 * Like React.lazy, but once loaded (by `preload` or an earlier render) the component renders
 * at once: React.lazy suspends on its first render even when the module is already in, which
 * would draw the Suspense fallback over a server-rendered first view for a moment.
 */
export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>): Preloadable<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<void> | null = null;
  const preload = () =>
    (pending ??= load().then(
      (component) => {
        loaded = component;
      },
      (error: unknown) => {
        pending = null; // a failed download can be tried again on the next render
        throw error;
      },
    ));
  function Preloaded(props: P) {
    if (!loaded) use(preload());
    const Component = loaded as unknown as ComponentType<P>;
    return <Component {...props} />;
  }
  Preloaded.preload = preload;
  return Preloaded;
}

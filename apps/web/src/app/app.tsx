import { useCallback } from 'react';
import { Provider } from 'react-redux';
import { RouterProvider, type createBrowserRouter } from 'react-router-dom';
import { PreviewModeProvider } from '../features/preview-mode/preview-mode-context';
import { api } from './api';
import { OutdoorModeProvider } from './outdoor-mode';
import type { AppStore } from './store';

export interface AppProps {
  store: AppStore;
  router: ReturnType<typeof createBrowserRouter>;
}

/** Providers around the router: store, theme (with the device's outdoor mode), preview mode. */
export function App({ store, router }: AppProps) {
  // Entering or leaving preview mode changes who the server takes us for: drop every cached
  // answer so mounted queries fetch again with (or without) the preview header.
  const resetCache = useCallback(() => {
    store.dispatch(api.util.resetApiState());
  }, [store]);
  return (
    <Provider store={store}>
      <OutdoorModeProvider>
        <PreviewModeProvider onChange={resetCache}>
          <RouterProvider router={router} />
        </PreviewModeProvider>
      </OutdoorModeProvider>
    </Provider>
  );
}

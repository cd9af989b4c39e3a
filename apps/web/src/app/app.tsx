import { useCallback, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import { PreviewModeProvider } from '../features/people/preview/preview-mode-context';
import { api } from '../shared/api/api';
import { OutdoorModeProvider } from '../shared/outdoor-mode/outdoor-mode';
import { AppRoutes } from './router';
import type { AppStore } from './store';

export interface AppProps {
  store: AppStore;
  /**
   * The router and the routes it draws: by default the browser's address and the app's route
   * table. Tests pass a MemoryRouter around <AppRoutes /> (testing/render-app.tsx).
   */
  children?: ReactNode;
}

/** Providers around the router: store, theme (with the device's outdoor mode), preview mode. */
export function App({ store, children }: AppProps) {
  // Entering or leaving preview mode changes who the server takes us for: drop every cached
  // answer so mounted queries fetch again with (or without) the preview header.
  const resetCache = useCallback(() => {
    store.dispatch(api.util.resetApiState());
  }, [store]);
  return (
    <Provider store={store}>
      <OutdoorModeProvider>
        <PreviewModeProvider onChange={resetCache}>
          {children ?? (
            <BrowserRouter>
              <AppRoutes />
            </BrowserRouter>
          )}
        </PreviewModeProvider>
      </OutdoorModeProvider>
    </Provider>
  );
}

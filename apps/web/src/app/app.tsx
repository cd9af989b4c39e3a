import { AppThemeProvider } from '@fieldcraft/ui';
import { Provider } from 'react-redux';
import { RouterProvider, type createBrowserRouter } from 'react-router-dom';
import { PreviewModeProvider } from '../features/preview-mode/preview-mode-context';
import type { AppStore } from './store';

export interface AppProps {
  store: AppStore;
  router: ReturnType<typeof createBrowserRouter>;
}

/** Providers around the router: store, theme, preview mode. */
export function App({ store, router }: AppProps) {
  return (
    <Provider store={store}>
      <AppThemeProvider>
        <PreviewModeProvider>
          <RouterProvider router={router} />
        </PreviewModeProvider>
      </AppThemeProvider>
    </Provider>
  );
}

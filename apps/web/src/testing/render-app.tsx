import { act, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  MemoryRouter,
  useLocation,
  useNavigate,
  type Location,
  type NavigateFunction,
  type To,
} from 'react-router-dom';
import { App } from '../app/app';
import { AppRoutes } from '../app/router';
import { makeStore, type AppStore } from '../app/store';

/** The address bar of a rendered app: where it is, and going somewhere as the address bar would. */
export interface AppRouterHandle {
  /** The location the app has drawn (committed), like the browser's address. */
  location(): Location;
  /** Go to `to` (a new history entry, as a link does) and let React draw it. */
  navigate(to: To): Promise<void>;
}

/** Inside the router: keeps the drawn location and the navigate function for the handle. */
function RouterProbe({ into }: { into: { location?: Location; navigate?: NavigateFunction } }) {
  into.location = useLocation();
  into.navigate = useNavigate();
  return null;
}

/** Render the whole app (real store, real routes) at `path`. */
export function renderApp(path = '/', store: AppStore = makeStore()) {
  // Nothing is laid out here, so nothing scrolls; the app's ScrollRestoration scrolls on every
  // navigation.
  window.scrollTo = () => {};
  const probe: { location?: Location; navigate?: NavigateFunction } = {};
  const router: AppRouterHandle = {
    location() {
      if (!probe.location) throw new Error('the app has not drawn its router yet');
      return probe.location;
    },
    async navigate(to) {
      const navigate = probe.navigate;
      if (!navigate) throw new Error('the app has not drawn its router yet');
      await act(async () => {
        await navigate(to);
      });
    },
  };
  const user = userEvent.setup();
  const view = render(
    <App store={store}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <RouterProbe into={probe} />
      </MemoryRouter>
    </App>,
  );
  return { ...view, store, router, user };
}

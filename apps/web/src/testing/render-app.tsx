import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router-dom';
import { App } from '../app/app';
import { routes } from '../app/router';
import { makeStore, type AppStore } from '../app/store';

/** Render the whole app (real store, real routes) at `path`. */
export function renderApp(path = '/', store: AppStore = makeStore()) {
  // jsdom has no scrolling; ScrollRestoration calls it on every navigation.
  window.scrollTo = () => {};
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const user = userEvent.setup();
  const view = render(<App store={store} router={router} />);
  return { ...view, store, router, user };
}

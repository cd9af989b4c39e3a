import { makeUser } from '@fieldcraft/contracts/testing';
import { act, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { storeUser } from '../shared/session/auth-storage';
import { server, signedIn, setupMswServer } from '../testing/msw-server';
import { renderApp } from '../testing/render-app';
import { loadPagesFirst } from '../testing/load-pages-first';

setupMswServer();
loadPagesFirst('signedInShell', 'dashboard', 'rooms');

function setOnline(value: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { value, configurable: true });
}
afterEach(() => setOnline(true));

const noSignal = () => http.get('/api/auth/status', () => HttpResponse.error());

describe('a signed-in page without signal', () => {
  it('keeps the navigation and says the page needs a connection, without toasts or a sign-out', async () => {
    setOnline(false);
    storeUser(makeUser({ role: 'USER', firstName: 'Uma' }));
    server.use(noSignal());
    const { router } = renderApp('/dashboard');

    expect(await screen.findByRole('heading', { name: 'You are offline' })).toBeInTheDocument();
    expect(
      screen.getByText('This page needs a connection. It loads by itself when the signal is back.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('navigation')).toBeInTheDocument();
    expect(router.location().pathname).toBe('/dashboard');
    const toasts = screen.queryByRole('region', { name: /Notifications/ });
    if (toasts) expect(within(toasts).queryByText('Error')).not.toBeInTheDocument();
  });

  it('shows the offline message alone when this device never signed in', async () => {
    server.use(noSignal());
    const { router } = renderApp('/rooms');
    expect(await screen.findByRole('heading', { name: 'You are offline' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(router.location().pathname).toBe('/rooms');
  });

  it('at /, where a sign-in lands, shows the offline view before anything was saved, asking only twice', async () => {
    // Signed in on this device, but no dashboard saved yet (the page was reloaded before the
    // app had run): the status failing again must not unmount and mount the page in a loop.
    storeUser(makeUser({ role: 'USER', firstName: 'Uma' }));
    const seen = { status: 0 };
    server.use(
      http.get('/api/auth/status', () => {
        seen.status += 1;
        return HttpResponse.error();
      }),
    );
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'You are offline' })).toBeInTheDocument();
    expect(screen.getByRole('navigation')).toBeInTheDocument();
    expect(seen.status).toBeLessThanOrEqual(2);
  });

  it('loads the page by itself when the connection comes back', async () => {
    const user = makeUser({ role: 'USER', firstName: 'Uma' });
    storeUser(user);
    server.use(noSignal());
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'You are offline' })).toBeInTheDocument();

    server.use(http.get('/api/auth/status', () => HttpResponse.json(signedIn(user))));
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByText('Welcome back, Uma')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'You are offline' })).not.toBeInTheDocument();
  });
});

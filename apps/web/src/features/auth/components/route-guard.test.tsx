import { makeUser } from '@fieldcraft/contracts/testing';
import { render, screen, waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { Provider } from 'react-redux';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { makeStore } from '../../../app/store';
import { server, signedIn, setupMswServer } from '../../../testing/msw-server';
import { renderApp } from '../../../testing/render-app';
import { RouteGuard } from './route-guard';
import { loadPagesFirst } from '../../../testing/load-pages-first';

setupMswServer();
loadPagesFirst('signedInShell', 'dashboard', 'contentManagement', 'testStation');

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

describe('RouteGuard', () => {
  it("shows 'Loading...' while the auth status loads", async () => {
    server.use(
      http.get('/api/auth/status', async () => {
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
    renderApp('/dashboard');
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
  });

  it('sends a signed-out visitor to /login', async () => {
    const { router } = renderApp('/rooms');
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(router.location().pathname).toBe('/login');
  });

  it("says 'Redirecting to login...' while it redirects", async () => {
    // Rendered outside <Routes>, the guard stays on screen after the redirect.
    render(
      <Provider store={makeStore()}>
        <MemoryRouter initialEntries={['/rooms']}>
          <RouteGuard>{() => <p>secret</p>}</RouteGuard>
          <Where />
        </MemoryRouter>
      </Provider>,
    );
    expect(await screen.findByText('Redirecting to login...')).toBeInTheDocument();
    // <Navigate> moves in an effect after the notice is drawn: wait for it, on a busy machine too.
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/login'));
    expect(screen.queryByText('secret')).not.toBeInTheDocument();
  });

  it("shows 'Access denied...' and sends a USER away from an OWNER-only page to /test-station", async () => {
    server.use(
      http.get('/api/auth/status', () => HttpResponse.json(signedIn(makeUser({ role: 'USER' })))),
    );
    render(
      <Provider store={makeStore()}>
        <MemoryRouter initialEntries={['/content-management']}>
          <RouteGuard allowedRoles={['OWNER']}>{() => <p>owner tools</p>}</RouteGuard>
          <Where />
        </MemoryRouter>
      </Provider>,
    );
    expect(await screen.findByText('Access denied...')).toBeInTheDocument();
    // <Navigate> moves in an effect after the notice is drawn: wait for it, on a busy machine too.
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/test-station'));
    expect(screen.queryByText('owner tools')).not.toBeInTheDocument();
  });

  it('lands a USER who opens /content-management on the test-station page', async () => {
    server.use(
      http.get('/api/auth/status', () => HttpResponse.json(signedIn(makeUser({ role: 'USER' })))),
    );
    const { router } = renderApp('/content-management');
    expect(await screen.findByText("This page isn't available for your role.")).toBeInTheDocument();
    expect(router.location().pathname).toBe('/test-station');
    expect(screen.queryByRole('heading', { name: 'Content Management' })).not.toBeInTheDocument();
  });

  it('lets an OWNER into /content-management', async () => {
    server.use(http.get('/api/auth/status', () => HttpResponse.json(signedIn(makeUser()))));
    renderApp('/content-management');
    expect(await screen.findByRole('heading', { name: 'Content Management' })).toBeInTheDocument();
    expect(
      screen.getByText('Manage PDFs, links, videos, and news for the dashboard'),
    ).toBeInTheDocument();
  });

  it('sends an account that must change its password to the change view on /login', async () => {
    server.use(
      http.get('/api/auth/status', () =>
        HttpResponse.json(signedIn(makeUser({ passwordChangeRequired: true }))),
      ),
    );
    const { router } = renderApp('/dashboard');
    expect(
      await screen.findByRole('heading', { name: 'Change Your Password' }),
    ).toBeInTheDocument();
    expect(router.location().pathname).toBe('/login');
  });
});

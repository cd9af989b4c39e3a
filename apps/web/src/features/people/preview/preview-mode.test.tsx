import { makeUser } from '@fieldcraft/contracts/testing';
import { render, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { server, signedIn, setupMswServer } from '../../../testing/msw-server';
import { renderApp } from '../../../testing/render-app';
import { AdminPreviewOverlay } from './components/admin-preview-overlay';
import { PreviewModeProvider, usePreviewMode } from './preview-mode-context';
import { loadPagesFirst } from '../../../testing/load-pages-first';

setupMswServer();
loadPagesFirst('signedInShell', 'dashboard', 'ownerHome', 'adminPreview');
// The first screen waits for lazily loaded route chunks, slow on a busy machine.
vi.setConfig({ testTimeout: 30_000 });
const pageLoad = { timeout: 12_000 };

describe('preview mode', () => {
  it('is off at the start', () => {
    const { result } = renderHook(() => usePreviewMode(), { wrapper: PreviewModeProvider });
    expect(result.current.isPreviewMode).toBe(false);
  });

  it('refuses to be used outside its provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => usePreviewMode())).toThrow(
      'usePreviewMode must be used within a PreviewModeProvider',
    );
    vi.restoreAllMocks();
  });

  it('shows no overlay button outside preview mode', async () => {
    server.use(http.get('/api/auth/status', () => HttpResponse.json(signedIn(makeUser()))));
    renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Welcome back, Olivia' }, pageLoad);
    expect(screen.queryByRole('button', { name: 'Admin Preview Mode' })).not.toBeInTheDocument();
  });

  it("opens the panel and 'Exit Preview Mode' turns it off and goes to /main-dashboard", async () => {
    const user = userEvent.setup();
    render(
      <PreviewModeProvider initial>
        <MemoryRouter initialEntries={['/dashboard']}>
          <Routes>
            <Route path="/dashboard" element={<AdminPreviewOverlay />} />
            <Route path="/main-dashboard" element={<p>admin controls</p>} />
          </Routes>
        </MemoryRouter>
      </PreviewModeProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Admin Preview Mode' }));
    const panel = screen.getByRole('dialog', { name: 'Admin Preview Mode' });
    expect(panel).toHaveTextContent(
      "You're viewing the app as users see it. Click below to return to admin controls.",
    );
    await user.click(screen.getByRole('button', { name: 'Exit Preview Mode' }));
    expect(screen.getByText('admin controls')).toBeInTheDocument();
  });

  it('toggles the panel with its button, and Escape closes it back to the button', async () => {
    const user = userEvent.setup();
    render(
      <PreviewModeProvider initial>
        <MemoryRouter>
          <AdminPreviewOverlay />
        </MemoryRouter>
      </PreviewModeProvider>,
    );
    const button = screen.getByRole('button', { name: 'Admin Preview Mode' });
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await user.click(button);
    expect(screen.queryByRole('dialog', { name: 'Admin Preview Mode' })).not.toBeInTheDocument();
    await user.click(button);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Admin Preview Mode' })).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    // From inside the panel too.
    await user.click(button);
    await user.tab();
    expect(screen.getByRole('button', { name: 'Exit Preview Mode' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Admin Preview Mode' })).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('shows the app as a USER sees it: every call carries the header, the server answers as USER', async () => {
    const olivia = makeUser();
    // A server that honours the header the way ours does: OWNER, or USER while previewing.
    const seen: { url: string; preview: string | null }[] = [];
    const record = (request: Request) => {
      const preview = request.headers.get('x-preview-mode');
      seen.push({ url: new URL(request.url).pathname, preview });
      return preview === 'user';
    };
    server.use(
      http.get('/api/auth/status', ({ request }) =>
        HttpResponse.json(signedIn(record(request) ? { ...olivia, role: 'USER' } : olivia)),
      ),
      http.get('/api/admin/summary', ({ request }) =>
        record(request)
          ? HttpResponse.json({ error: 'Forbidden', code: 'FORBIDDEN' }, { status: 403 })
          : HttpResponse.json({
              scope: { kind: 'all', companyId: null, companyName: null },
              users: { pending: 0, active: 1, deactivated: 0 },
              rooms: { live: 0, paused: 0, inactive: 0 },
              content: { live: 0, offline: 0 },
              conversations: { count: 0, minutes: 0, since: '2026-11-15T00:00:00.000Z' },
            }),
      ),
      http.get('/api/dashboard/content', ({ request }) => {
        record(request);
        return HttpResponse.json([]);
      }),
    );
    const { user, router } = renderApp('/owner-control');
    await user.click(await screen.findByRole('button', { name: 'Preview as User' }, pageLoad));

    // The dashboard as a USER: no 'Content' button, a USER badge, no admin entry in the menu.
    expect(
      await screen.findByRole('heading', { name: 'Welcome back, Olivia' }, pageLoad),
    ).toBeInTheDocument();
    expect(router.location().pathname).toBe('/');
    expect(screen.getByRole('link', { name: 'Your Rooms' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Content' })).not.toBeInTheDocument();
    const account = screen.getByRole('button', { name: /Olivia Owner/ });
    expect(within(account).getByText('USER')).toBeInTheDocument();
    await user.click(account);
    expect(screen.queryByRole('menuitem', { name: 'Admin Dashboard' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    const since = seen.findIndex((r) => r.url === '/api/auth/status' && r.preview === 'user');
    expect(since).toBeGreaterThan(0);
    expect(seen.slice(since).every((r) => r.preview === 'user')).toBe(true);
    // The stored user (source of the informational user-role header) follows.
    expect(JSON.parse(localStorage.getItem('user') ?? '{}').role).toBe('USER');

    // An owner-only screen is refused as it would be for a USER.
    await router.navigate('/owner-control');
    await waitFor(() => expect(router.location().pathname).toBe('/test-station'));

    // Exit: the header stops, the server answers as the OWNER again, /main-dashboard opens.
    await user.click(await screen.findByRole('button', { name: 'Admin Preview Mode' }, pageLoad));
    await user.click(screen.getByRole('button', { name: 'Exit Preview Mode' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' }, pageLoad),
    ).toBeInTheDocument();
    expect(router.location().pathname).toBe('/main-dashboard');
    expect(screen.queryByRole('button', { name: 'Admin Preview Mode' })).not.toBeInTheDocument();
    await screen.findByRole('region', { name: 'Users' });
    expect(seen.at(-1)).toEqual({ url: '/api/admin/summary', preview: null });
  });
});

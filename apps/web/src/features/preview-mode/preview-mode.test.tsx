import { makeUser } from '@fieldcraft/contracts/testing';
import { render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { server, signedIn, setupMswServer } from '../../testing/msw-server';
import { renderApp } from '../../testing/render-app';
import { AdminPreviewOverlay } from './components/admin-preview-overlay';
import { PreviewModeProvider, usePreviewMode } from './preview-mode-context';

setupMswServer();

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
    await screen.findByRole('heading', { name: 'Welcome back, Olivia' });
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
});

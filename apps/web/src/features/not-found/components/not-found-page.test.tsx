import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setupMswServer } from '../../../testing/msw-server';
import { renderApp } from '../../../testing/render-app';
import { loadPagesFirst } from '../../../testing/load-pages-first';

setupMswServer();
loadPagesFirst('publicPage', 'notFound');

describe('NotFoundPage', () => {
  it('names the unknown path and links back to the dashboard', async () => {
    const { user, router } = renderApp('/no/such/place');
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
    expect(screen.getByText("The page you're looking for doesn't exist.")).toBeInTheDocument();
    expect(screen.getByText('/no/such/place')).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Go to Dashboard' }));
    expect(router.location().pathname).toBe('/');
  });
});

import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setupMswServer } from '../../../testing/msw-server';
import { renderApp } from '../../../testing/render-app';
import { loadPagesFirst } from '../../../testing/load-pages-first';

setupMswServer();
loadPagesFirst('publicPage', 'landing');

describe('landing page', () => {
  it("greets a signed-out visitor at / and 'Get Started' leads to /login", async () => {
    const { user, router } = renderApp('/');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Fieldcraft' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Limited Access BETA test environment')).toBeInTheDocument();
    expect(
      screen.getByText('© 2025 Fieldcraft Consulting. All rights reserved.'),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Legal Stuff' }));
    for (const title of [
      'Data use and cookies',
      'Call recording',
      'Information disclaimer',
      'Consent management',
    ]) {
      expect(screen.getByRole('heading', { name: title })).toBeVisible();
    }

    await user.click(screen.getByRole('link', { name: 'Get Started' }));
    expect(router.location().pathname).toBe('/login');
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });
});

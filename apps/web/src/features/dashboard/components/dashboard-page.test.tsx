import { makeUser } from '@fieldcraft/contracts/testing';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server, signedIn, setupMswServer } from '../../../testing/msw-server';
import { renderApp } from '../../../testing/render-app';

setupMswServer();

function signInAs(user: ReturnType<typeof makeUser>) {
  server.use(http.get('/api/auth/status', () => HttpResponse.json(signedIn(user))));
}

describe('dashboard', () => {
  it('greets the user by first name at / with the newsroom subtitle and empty panels', async () => {
    signInAs(makeUser({ firstName: 'Olivia' }));
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, Olivia' })).toBeInTheDocument();
    expect(screen.getByText('Your Fieldcraft Newsroom')).toBeInTheDocument();

    const watch = screen.getByRole('region', { name: 'Watch' });
    expect(within(watch).getByText('Standby')).toBeInTheDocument();
    expect(within(watch).getByRole('heading', { name: 'Choose Video' })).toBeInTheDocument();
    expect(within(watch).getByText('No videos available')).toBeInTheDocument();
    expect(within(watch).getByText('Upload videos to see them here')).toBeInTheDocument();

    const listen = screen.getByRole('region', { name: 'Listen' });
    expect(within(listen).getByText('No audio content available')).toBeInTheDocument();
    expect(within(listen).getByText('Upload audio files to see them here')).toBeInTheDocument();

    const read = screen.getByRole('region', { name: 'Read' });
    expect(within(read).getByText('No reading content available')).toBeInTheDocument();
    expect(within(read).getByText('Check back for updates and news')).toBeInTheDocument();
  });

  it('falls back to the local part of the email without a first name', async () => {
    signInAs(makeUser({ firstName: null, lastName: null, email: 'crew.lead@example.com' }));
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, crew.lead' })).toBeInTheDocument();
  });

  it("shows the 'Content' button to an OWNER only; 'Your Rooms' to everyone", async () => {
    signInAs(makeUser({ role: 'OWNER' }));
    const owner = renderApp('/dashboard');
    expect(await screen.findByRole('link', { name: 'Content' })).toHaveAttribute('href', '/content-management');
    expect(screen.getByRole('link', { name: 'Your Rooms' })).toHaveAttribute('href', '/rooms');
    owner.unmount();

    signInAs(makeUser({ role: 'ADMIN' }));
    renderApp('/dashboard');
    expect(await screen.findByRole('link', { name: 'Your Rooms' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Content' })).not.toBeInTheDocument();
  });
});

import type { UpdateUserBody } from '@fieldcraft/contracts';
import { makeUser } from '@fieldcraft/contracts/testing';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { navigation } from '../shared/navigation';
import { sendRequest } from '../shared/api/request';
import { STATUS_URL } from '../features/auth/early-status';
import { apiError, loginResponse, server, setupMswServer, signedIn } from '../testing/msw-server';
import { PublicApp } from './public-app';

setupMswServer();
afterEach(() => vi.restoreAllMocks());

const owner = makeUser();
const invited = makeUser({
  id: 7,
  email: 'new@example.com',
  firstName: 'Nia',
  role: 'USER',
  passwordChangeRequired: true,
});

/** The light public app at `path`, as main.tsx starts it: the session check already under way. */
function renderPublic(path: string) {
  window.history.replaceState(null, '', path);
  const onHandOff = vi.fn();
  const user = userEvent.setup();
  render(<PublicApp statusCheck={sendRequest(STATUS_URL)} onHandOff={onHandOff} />);
  return { onHandOff, user };
}

describe('the light public app', () => {
  it('shows the landing page to a signed-out visitor and opens the sign-in page from Get Started', async () => {
    const app = renderPublic('/');
    expect(await screen.findByText('Limited Access BETA test environment')).toBeInTheDocument();
    await app.user.click(screen.getByRole('link', { name: 'Get Started' }));

    expect(
      await screen.findByRole('heading', { name: 'Sign in to your account' }),
    ).toBeInTheDocument();
    expect(window.location.pathname).toBe('/login');
    expect(screen.getByText('Website help:')).toBeInTheDocument();
    expect(app.onHandOff).not.toHaveBeenCalled();
  });

  it("checks the fields, then toasts 'Login failed' with the server's text", async () => {
    const login = vi.fn(() => apiError(401, 'Invalid email or password', 'INVALID_CREDENTIALS'));
    server.use(http.post('/api/auth/login', login));
    const app = renderPublic('/login');
    await app.user.click(await screen.findByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(login).not.toHaveBeenCalled();

    await app.user.type(screen.getByLabelText('Email'), 'owner@example.com');
    await app.user.type(screen.getByLabelText('Password', { selector: 'input' }), 'wrong-password');
    await app.user.click(screen.getByRole('button', { name: 'Sign In' }));

    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Login failed');
    expect(toast).toHaveTextContent('Invalid email or password');
    expect(login).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  });

  it('signs in, welcomes the user, stores them and loads / (the whole app) after the pause', async () => {
    const assign = vi.spyOn(navigation, 'assign').mockImplementation(() => {});
    let sent: unknown;
    server.use(
      http.post('/api/auth/login', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(loginResponse(owner));
      }),
    );
    const app = renderPublic('/login');
    await app.user.type(await screen.findByLabelText('Email'), ' Owner@Example.COM');
    await app.user.type(
      screen.getByLabelText('Password', { selector: 'input' }),
      'correct-password',
    );
    await app.user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByText('Welcome back, Olivia!')).toBeInTheDocument();
    expect(sent).toEqual({ email: 'owner@example.com', password: 'correct-password' });
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toMatchObject({ role: 'OWNER' });
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'), { timeout: 2000 });
    expect(app.onHandOff).not.toHaveBeenCalled();
  });

  it('hands the page to the whole app, with the status it has, when there is a session after all', async () => {
    server.use(http.get('/api/auth/status', () => HttpResponse.json(signedIn(owner))));
    const app = renderPublic('/');
    await waitFor(() => expect(app.onHandOff).toHaveBeenCalled());
    expect(app.onHandOff.mock.calls[0]?.[0]).toEqual({ status: signedIn(owner), toasts: [] });
    expect(screen.queryByText('Limited Access BETA test environment')).not.toBeInTheDocument();
    // The stored user (the user-role header's source) follows the session, as in the whole app.
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toMatchObject({ id: owner.id });
  });

  it('hands over for any other address', async () => {
    const app = renderPublic('/rooms');
    await waitFor(() => expect(app.onHandOff).toHaveBeenCalled());
  });

  it('without signal: hands over when this device keeps a signed-in user, else shows the landing page', async () => {
    server.use(http.get('/api/auth/status', () => HttpResponse.error()));
    localStorage.setItem('user', JSON.stringify(owner));
    const kept = renderPublic('/');
    await waitFor(() => expect(kept.onHandOff).toHaveBeenCalledWith({ toasts: [] }));
  });

  it('without signal and no user kept on the device: the landing page', async () => {
    server.use(http.get('/api/auth/status', () => HttpResponse.error()));
    const app = renderPublic('/');
    expect(await screen.findByText('Limited Access BETA test environment')).toBeInTheDocument();
    expect(app.onHandOff).not.toHaveBeenCalled();
  });

  it('takes a forced password change through, then hands over with the new user and the toast', async () => {
    const updated = { ...invited, passwordChangeRequired: false, status: 'ACTIVE' as const };
    let body: UpdateUserBody | undefined;
    server.use(
      http.get('/api/auth/status', () => HttpResponse.json(signedIn(invited))),
      http.post('/api/auth/login', () => HttpResponse.json(loginResponse(invited))),
      http.patch('/api/users/7', async ({ request }) => {
        body = (await request.json()) as UpdateUserBody;
        return HttpResponse.json(updated);
      }),
    );
    const app = renderPublic('/');
    // '/' with a password change due goes to the sign-in page's change view.
    const form = await screen.findByRole('form', { name: 'Change Your Password' });
    expect(window.location.pathname).toBe('/login');
    await app.user.type(
      within(form).getByLabelText('Current Password', { selector: 'input' }),
      'initial-password',
    );
    await app.user.type(
      within(form).getByLabelText('New Password', { selector: 'input' }),
      'brand-new-password',
    );
    await app.user.type(
      within(form).getByLabelText('Confirm New Password', { selector: 'input' }),
      'brand-new-password',
    );
    await app.user.click(within(form).getByRole('button', { name: 'Update Password' }));

    await waitFor(() => expect(app.onHandOff).toHaveBeenCalled());
    expect(body).toMatchObject({ password: 'brand-new-password', passwordChangeRequired: false });
    expect(app.onHandOff.mock.calls[0]?.[0]).toEqual({
      status: signedIn(updated),
      toasts: [
        {
          title: 'Password Changed',
          description: 'Your password has been updated successfully.',
          variant: 'default',
        },
      ],
    });
  });
});

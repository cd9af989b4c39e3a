// Over 300 lines: one screen's cases (sign-in, forced change) over one set of msw handlers; one
// case per behaviour.
import type { UpdateUserBody } from '@fieldcraft/contracts';
import { makeUser } from '@fieldcraft/contracts/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { navigation } from '../../../shared/navigation';
import {
  apiError,
  loginResponse,
  server,
  signedIn,
  setupMswServer,
} from '../../../testing/msw-server';
import { renderApp } from '../../../testing/render-app';
import { loadPagesFirst } from '../../../testing/load-pages-first';

setupMswServer();
loadPagesFirst('publicPage', 'login');
afterEach(() => vi.restoreAllMocks());

const owner = makeUser();
const invited = makeUser({
  id: 7,
  email: 'new@example.com',
  firstName: 'Nia',
  role: 'USER',
  passwordChangeRequired: true,
  status: 'PENDING',
});

async function openLogin() {
  const app = renderApp('/login');
  await screen.findByRole('button', { name: 'Sign In' });
  return app;
}

async function signInAs(
  app: Awaited<ReturnType<typeof openLogin>>,
  email: string,
  password: string,
) {
  await app.user.type(screen.getByLabelText('Email'), email);
  await app.user.type(screen.getByLabelText('Password', { selector: 'input' }), password);
  await app.user.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('sign-in', () => {
  it('shows the validation messages under the fields and sends nothing', async () => {
    const login = vi.fn();
    server.use(http.post('/api/auth/login', login));
    const app = await openLogin();

    await signInAs(app, 'not-an-email', 'short');

    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(login).not.toHaveBeenCalled();
  });

  it('offers a show/hide toggle for the password and lists both support contacts', async () => {
    const app = await openLogin();
    const password = screen.getByLabelText('Password', { selector: 'input' });
    expect(password).toHaveAttribute('type', 'password');
    await app.user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    expect(screen.getByText('Website help:')).toBeInTheDocument();
    expect(screen.getByText('Construction queries:')).toBeInTheDocument();
  });

  it("toasts 'Login failed' with the server's error text", async () => {
    server.use(
      http.post('/api/auth/login', () =>
        apiError(401, 'Invalid email or password', 'INVALID_CREDENTIALS'),
      ),
    );
    const app = await openLogin();
    await signInAs(app, 'owner@example.com', 'wrong-password');

    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Login failed');
    expect(toast).toHaveTextContent('Invalid email or password');
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  });

  it('shows the rate-limit text the server sends', async () => {
    server.use(
      http.post('/api/auth/login', () =>
        apiError(429, 'Too many sign-in attempts. Try again in 15 minutes.', 'RATE_LIMITED'),
      ),
    );
    const app = await openLogin();
    await signInAs(app, 'owner@example.com', 'whatever-password');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many sign-in attempts. Try again in 15 minutes.',
    );
  });

  it("falls back to 'Invalid email or password' when the server says nothing useful", async () => {
    server.use(http.post('/api/auth/login', () => new HttpResponse('', { status: 500 })));
    const app = await openLogin();
    await signInAs(app, 'owner@example.com', 'whatever-password');

    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Login failed');
    expect(toast).toHaveTextContent('Invalid email or password');
  });

  it('sends the lower-cased email, welcomes the user, refreshes the status and loads / after 500 ms', async () => {
    const assign = vi.spyOn(navigation, 'assign').mockImplementation(() => {});
    let sent: unknown;
    let statusCalls = 0;
    server.use(
      http.get('/api/auth/status', () => {
        statusCalls += 1;
        return HttpResponse.json(
          statusCalls === 1 ? { isAuthenticated: false, user: null } : signedIn(owner),
        );
      }),
      http.post('/api/auth/login', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(loginResponse(owner));
      }),
    );
    const app = await openLogin();
    await signInAs(app, '  Owner@Example.COM ', 'correct-password');

    expect(await screen.findByText('Welcome back, Olivia!')).toBeInTheDocument();
    expect(sent).toEqual({ email: 'owner@example.com', password: 'correct-password' });
    expect(screen.getByRole('button', { name: 'Signing in...' })).toBeDisabled();
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toMatchObject({ role: 'OWNER' });

    expect(assign).not.toHaveBeenCalled();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'), { timeout: 2000 });
    await waitFor(() => expect(statusCalls).toBe(2));
  });

  it('shows the forced change view instead of signing in when the account must change its password', async () => {
    const assign = vi.spyOn(navigation, 'assign').mockImplementation(() => {});
    server.use(http.post('/api/auth/login', () => HttpResponse.json(loginResponse(invited))));
    const app = await openLogin();
    await signInAs(app, 'new@example.com', 'initial-password');

    expect(
      await screen.findByRole('heading', { name: 'Change Your Password' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Since this is your first login, you need to change your initial password'),
    ).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Enter your initial password')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign In' })).not.toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
  });

  it('shows the forced change view when a signed-in account with requiresReset opens /login', async () => {
    server.use(
      http.get('/api/auth/status', () =>
        HttpResponse.json(signedIn(makeUser({ requiresReset: true }))),
      ),
    );
    renderApp('/login');
    expect(
      await screen.findByRole('heading', { name: 'Change Your Password' }),
    ).toBeInTheDocument();
  });
});

describe('forced password change', () => {
  async function openChangeView() {
    server.use(http.post('/api/auth/login', () => HttpResponse.json(loginResponse(invited))));
    const app = await openLogin();
    await signInAs(app, 'new@example.com', 'initial-password');
    await screen.findByRole('heading', { name: 'Change Your Password' });
    return app;
  }

  async function fill(
    app: Awaited<ReturnType<typeof openLogin>>,
    current: string,
    next: string,
    confirm: string,
  ) {
    if (current)
      await app.user.type(
        screen.getByLabelText('Current Password', { selector: 'input' }),
        current,
      );
    if (next)
      await app.user.type(screen.getByLabelText('New Password', { selector: 'input' }), next);
    if (confirm)
      await app.user.type(
        screen.getByLabelText('Confirm New Password', { selector: 'input' }),
        confirm,
      );
    await app.user.click(screen.getByRole('button', { name: 'Update Password' }));
  }

  it('applies the change-password rules', async () => {
    const app = await openChangeView();
    await fill(app, '', 'short', 'short');
    expect(await screen.findByText('Current password is required')).toBeInTheDocument();
    expect(screen.getByText('New password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByText('Please confirm your new password')).toBeInTheDocument();
  });

  it('says when the new passwords do not match', async () => {
    const app = await openChangeView();
    await fill(app, 'initial-password', 'brand-new-pass', 'brand-new-typo');
    expect(await screen.findByText('New passwords do not match')).toBeInTheDocument();
  });

  it("stops with 'Current password is incorrect' when the re-verification fails", async () => {
    const app = await openChangeView();
    const patch = vi.fn();
    server.use(
      http.post('/api/auth/login', () =>
        apiError(401, 'Invalid email or password', 'INVALID_CREDENTIALS'),
      ),
      http.patch('/api/users/:id', patch),
    );
    await fill(app, 'wrong-initial', 'brand-new-pass', 'brand-new-pass');

    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Error');
    expect(toast).toHaveTextContent('Current password is incorrect');
    expect(patch).not.toHaveBeenCalled();
    expect(screen.getByRole('heading', { name: 'Change Your Password' })).toBeInTheDocument();
  });

  it("re-verifies, PATCHes the new password with passwordChangeRequired false, toasts 'Password Changed' and goes to /", async () => {
    const app = await openChangeView();
    const logins: unknown[] = [];
    let patched: { id: string; body: UpdateUserBody } | undefined;
    const activated = { ...invited, passwordChangeRequired: false, status: 'ACTIVE' as const };
    server.use(
      http.post('/api/auth/login', async ({ request }) => {
        logins.push(await request.json());
        return HttpResponse.json(loginResponse(invited));
      }),
      http.patch('/api/users/:id', async ({ request, params }) => {
        patched = { id: String(params.id), body: (await request.json()) as UpdateUserBody };
        return HttpResponse.json(activated);
      }),
      http.get('/api/auth/status', () => HttpResponse.json(signedIn(activated))),
    );
    await fill(app, 'initial-password', 'brand-new-pass', 'brand-new-pass');

    expect(await screen.findByText('Password Changed')).toBeInTheDocument();
    expect(logins).toEqual([{ email: 'new@example.com', password: 'initial-password' }]);
    expect(patched?.id).toBe('7');
    expect(patched?.body).toMatchObject({
      password: 'brand-new-pass',
      passwordChangeRequired: false,
    });
    expect(patched?.body.currentPassword).toBe('initial-password');
    await waitFor(() => expect(app.router.location().pathname).toBe('/'));
    expect(await screen.findByRole('heading', { name: 'Welcome back, Nia' })).toBeInTheDocument();
  });

  it("shows the server's reason when the update is refused", async () => {
    const app = await openChangeView();
    server.use(
      http.patch('/api/users/:id', () =>
        HttpResponse.json(
          {
            error: 'Validation failed',
            code: 'VALIDATION_FAILED',
            issues: {
              formErrors: [],
              fieldErrors: {
                password: ['New password must be different from the current password'],
              },
            },
          },
          { status: 400 },
        ),
      ),
    );
    await fill(app, 'initial-password', 'initial-password', 'initial-password');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'New password must be different from the current password',
    );
  });

  it('shows a password the server finds too easy to guess on the New Password field', async () => {
    const app = await openChangeView();
    const weak =
      'This password is too easy to guess. Use a longer mix of words that is not a common password.';
    server.use(
      http.patch('/api/users/:id', () =>
        HttpResponse.json(
          {
            error: 'Validation failed',
            code: 'VALIDATION_FAILED',
            issues: { formErrors: [], fieldErrors: { password: [weak] } },
          },
          { status: 400 },
        ),
      ),
    );
    await fill(app, 'initial-password', 'password1', 'password1');
    const newPassword = screen.getByLabelText('New Password', { selector: 'input' });
    await waitFor(() => expect(newPassword).toHaveAttribute('aria-invalid', 'true'));
    expect(newPassword).toHaveAccessibleDescription(weak);
    expect(newPassword).toHaveFocus();
    expect(await screen.findByRole('alert')).toHaveTextContent(weak);
  });

  it("falls back to 'Failed to update password' when the server gives no reason", async () => {
    const app = await openChangeView();
    server.use(http.patch('/api/users/:id', () => new HttpResponse(null, { status: 502 })));
    await fill(app, 'initial-password', 'brand-new-pass', 'brand-new-pass');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to update password');
  });

  it("says 'Failed to change password. Please try again.' when the request never reaches the server", async () => {
    const app = await openChangeView();
    server.use(http.patch('/api/users/:id', () => HttpResponse.error()));
    await fill(app, 'initial-password', 'brand-new-pass', 'brand-new-pass');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to change password. Please try again.',
    );
  });

  it("'Back to Login' returns to an empty sign-in form", async () => {
    const app = await openChangeView();
    await app.user.type(screen.getByLabelText('Current Password', { selector: 'input' }), 'typed');
    await app.user.click(screen.getByRole('button', { name: 'Back to Login' }));

    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Change Your Password' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('');
    expect(screen.getByLabelText('Password', { selector: 'input' })).toHaveValue('');
    const card = screen.getByRole('form', { name: 'Sign in to your account' });
    expect(within(card).queryByText('Please enter a valid email address')).not.toBeInTheDocument();
  });
});

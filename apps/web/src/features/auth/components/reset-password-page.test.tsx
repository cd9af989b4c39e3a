import {
  INVALID_RESET_TOKEN_MESSAGE,
  RESET_PASSWORD_DONE_ANSWER,
  type ResetPasswordWithTokenBody,
} from '@fieldcraft/contracts';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { apiError, server, setupMswServer } from '../../../testing/msw-server';
import { loadPagesFirst } from '../../../testing/load-pages-first';
import { renderApp } from '../../../testing/render-app';

setupMswServer();
loadPagesFirst('publicPage', 'resetPassword');
const slow = { timeout: 30_000 };

const WEAK =
  'This password is too easy to guess. Use a longer mix of words that is not a common password.';
const STRONG = 'tarp-lintel-quarry-87';

async function openResetPage(search = '?token=link-token-1') {
  const app = renderApp(`/reset-password${search}`);
  await screen.findByRole('heading', { name: 'Choose a New Password' }, slow);
  return app;
}

/** Answers the reset with `answer`, keeping every body sent. */
function serveReset(answer: () => Response) {
  const sent: ResetPasswordWithTokenBody[] = [];
  const handler = vi.fn(async ({ request }: { request: Request }) => {
    sent.push((await request.json()) as ResetPasswordWithTokenBody);
    return answer();
  });
  server.use(http.post('/api/auth/reset-password', handler));
  return { sent, handler };
}

async function submit(
  app: Awaited<ReturnType<typeof openResetPage>>,
  next: string,
  confirm = next,
) {
  await app.user.type(screen.getByLabelText('New Password', { selector: 'input' }), next);
  await app.user.type(
    screen.getByLabelText('Confirm New Password', { selector: 'input' }),
    confirm,
  );
  await app.user.click(screen.getByRole('button', { name: 'Reset Password' }));
}

describe('reset password page', () => {
  it('shows the change-password rules on the fields and sends nothing', async () => {
    const { handler } = serveReset(() => HttpResponse.json({ message: 'unexpected' }));
    const app = await openResetPage();

    await submit(app, STRONG, `${STRONG}x`);
    expect(await screen.findByText('New passwords do not match')).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm New Password', { selector: 'input' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );

    await app.user.clear(screen.getByLabelText('New Password', { selector: 'input' }));
    await app.user.clear(screen.getByLabelText('Confirm New Password', { selector: 'input' }));
    await submit(app, 'short');
    expect(
      await screen.findByText('New password must be at least 8 characters'),
    ).toBeInTheDocument();
    expect(handler).not.toHaveBeenCalled();
  });

  it("puts the server's strength refusal on the New Password field", async () => {
    const { sent } = serveReset(() =>
      HttpResponse.json(
        {
          error: 'Validation failed',
          code: 'VALIDATION_FAILED',
          issues: { formErrors: [], fieldErrors: { newPassword: [WEAK] } },
        },
        { status: 400 },
      ),
    );
    const app = await openResetPage();

    await submit(app, 'password1');
    expect(await screen.findByText(WEAK)).toBeInTheDocument();
    expect(screen.getByLabelText('New Password', { selector: 'input' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(screen.getByLabelText('New Password', { selector: 'input' })).toHaveFocus();
    expect(sent).toEqual([{ token: 'link-token-1', newPassword: 'password1' }]);
    // Still the form: the person can try another password with the same link.
    expect(screen.getByRole('button', { name: 'Reset Password' })).toBeEnabled();
  });

  it('says the password was changed and links to sign in', async () => {
    const { sent } = serveReset(() => HttpResponse.json({ message: RESET_PASSWORD_DONE_ANSWER }));
    const app = await openResetPage();

    await submit(app, STRONG);
    expect(await screen.findByText(RESET_PASSWORD_DONE_ANSWER)).toBeInTheDocument();
    expect(sent).toEqual([{ token: 'link-token-1', newPassword: STRONG }]);
    expect(screen.queryByLabelText('New Password', { selector: 'input' })).toBeNull();

    await app.user.click(screen.getByRole('link', { name: 'Sign In' }));
    expect(app.router.location().pathname).toBe('/login');
    expect(await screen.findByRole('button', { name: 'Sign In' }, slow)).toBeInTheDocument();
  });

  it('a used or expired link says so and leads back to "Forgot password?"', async () => {
    serveReset(() => apiError(400, INVALID_RESET_TOKEN_MESSAGE, 'INVALID_RESET_TOKEN'));
    const app = await openResetPage();

    await submit(app, STRONG);
    expect(await screen.findByText(INVALID_RESET_TOKEN_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reset Password' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');

    await app.user.click(screen.getByRole('link', { name: 'Ask for a New Link' }));
    expect(app.router.location().search).toBe('?forgot=1');
    expect(
      await screen.findByRole('heading', { name: 'Forgot your password?' }, slow),
    ).toBeInTheDocument();
  });

  it('a link without a token is a dead link at once', async () => {
    await openResetPage('');
    expect(screen.getByText(INVALID_RESET_TOKEN_MESSAGE)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ask for a New Link' })).toHaveAttribute(
      'href',
      '/login?forgot=1',
    );
  });
});

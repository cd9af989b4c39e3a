import type { Account, User } from '@fieldcraft/contracts';
import { makeUser } from '@fieldcraft/contracts/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { SAVED_FILES_KEY } from '../../../shared/offline/saved-files';
import { server, setupMswServer, signedIn } from '../../../testing/msw-server';
import { loadPagesFirst } from '../../../testing/load-pages-first';
import { renderApp } from '../../../testing/render-app';

setupMswServer();
loadPagesFirst('signedInShell', 'profile');
const slow = { timeout: 30_000 };

const dana = makeUser({
  id: 4,
  email: 'dana@example.com',
  firstName: 'Dana',
  lastName: 'Fielding',
  role: 'USER',
  companyId: 9,
  createdAt: '2026-03-05T10:00:00.000Z',
});

function serve(otherSessions = 2) {
  const state = { otherSessions, patches: [] as unknown[], signOuts: 0 };
  server.use(
    http.get('/api/auth/status', () => HttpResponse.json(signedIn(dana))),
    http.get('/api/auth/account', () =>
      HttpResponse.json<Account>({
        user: dana,
        company: { id: 9, name: 'Northside Builders' },
        otherSessions: state.otherSessions,
      }),
    ),
    http.post('/api/auth/sign-out-others', () => {
      const signedOut = state.otherSessions;
      state.otherSessions = 0;
      state.signOuts += 1;
      return HttpResponse.json({ signedOut });
    }),
    http.patch('/api/users/:id', async ({ request }) => {
      const body = (await request.json()) as { currentPassword?: string };
      state.patches.push(body);
      if (body.currentPassword !== 'old-password-1') {
        return HttpResponse.json(
          { error: 'Current password is incorrect', code: 'CURRENT_PASSWORD_INCORRECT' },
          { status: 400 },
        );
      }
      state.otherSessions = 0;
      return HttpResponse.json<User>(dana);
    }),
  );
  return state;
}

const toasts = () => screen.getByRole('region', { name: /Notifications/, hidden: true });

describe('Profile page', { timeout: 120_000 }, () => {
  it('the account menu’s Profile leads to it: name, email, role, company, member since', async () => {
    serve();
    const { user } = renderApp('/dashboard');
    await user.click(await screen.findByRole('button', { name: /account menu/ }, slow));
    const profile = await screen.findByRole('menuitem', { name: 'Profile' });
    expect(profile).toHaveAttribute('href', '/profile');
    await user.click(profile);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Profile' }, slow),
    ).toBeInTheDocument();
    const account = screen.getByRole('region', { name: 'Your account' });
    expect(within(account).getByText('Dana Fielding')).toBeInTheDocument();
    expect(within(account).getByText('dana@example.com')).toBeInTheDocument();
    expect(within(account).getByText(/Crew member/)).toBeInTheDocument();
    expect(await within(account).findByText('Northside Builders')).toBeInTheDocument();
    expect(within(account).getByText('Mar 5, 2026')).toBeInTheDocument();
  });

  it('changes the password with the current one; a wrong one is said on its field', async () => {
    const state = serve();
    const { user } = renderApp('/profile');
    const form = await screen.findByRole('form', { name: 'Change password' }, slow);
    const current = within(form).getByLabelText('Current Password');
    await user.type(current, 'wrong-password');
    await user.type(within(form).getByLabelText('New Password'), 'brand-new-pass-77');
    await user.type(within(form).getByLabelText('Confirm New Password'), 'brand-new-pass-77');
    await user.click(within(form).getByRole('button', { name: 'Change Password' }));
    expect(await within(form).findByText('Current password is incorrect')).toBeInTheDocument();
    expect(current).toHaveFocus();

    await user.clear(current);
    await user.type(current, 'old-password-1');
    await user.click(within(form).getByRole('button', { name: 'Change Password' }));
    expect(await within(toasts()).findByText('Password Changed')).toBeInTheDocument();
    expect(state.patches.at(-1)).toEqual({
      password: 'brand-new-pass-77',
      currentPassword: 'old-password-1',
    });
    await waitFor(() => expect(current).toHaveValue(''));
  });

  it('refuses mismatched new passwords before sending anything', async () => {
    const state = serve();
    const { user } = renderApp('/profile');
    const form = await screen.findByRole('form', { name: 'Change password' }, slow);
    await user.type(within(form).getByLabelText('Current Password'), 'old-password-1');
    await user.type(within(form).getByLabelText('New Password'), 'brand-new-pass-77');
    await user.type(within(form).getByLabelText('Confirm New Password'), 'brand-new-pass-78');
    await user.click(within(form).getByRole('button', { name: 'Change Password' }));
    expect(await within(form).findByText('New passwords do not match')).toBeInTheDocument();
    expect(state.patches).toEqual([]);
  });

  it('signs out of the other devices and says how many', async () => {
    const state = serve(2);
    const { user } = renderApp('/profile');
    const devices = await screen.findByRole('region', { name: 'Signed-in devices' }, slow);
    expect(
      await within(devices).findByText('You are also signed in on 2 other devices.'),
    ).toBeInTheDocument();
    await user.click(within(devices).getByRole('button', { name: 'Sign out of other devices' }));
    expect(await within(toasts()).findByText('Signed out of 2 other devices.')).toBeInTheDocument();
    expect(state.signOuts).toBe(1);
    expect(
      await within(devices).findByText('You are signed in on this device only.'),
    ).toBeInTheDocument();
    expect(
      within(devices).getByRole('button', { name: 'Sign out of other devices' }),
    ).toBeDisabled();
  });

  it('this device: outdoor mode switch and the files saved here, removable', async () => {
    serve();
    localStorage.setItem(
      SAVED_FILES_KEY,
      JSON.stringify([
        {
          id: 11,
          title: 'Scaffold checklist',
          description: '',
          type: 'PDF',
          url: '/api/files/a.pdf',
          size: 2 * 1024 * 1024,
          savedAt: '2026-11-20T08:00:00.000Z',
          userId: 4,
        },
        {
          id: 12,
          title: 'Someone else’s file',
          description: '',
          type: 'PDF',
          url: '/api/files/b.pdf',
          size: 1024,
          savedAt: '2026-11-20T08:00:00.000Z',
          userId: 99,
        },
      ]),
    );
    const { user } = renderApp('/profile');
    const device = await screen.findByRole('region', { name: 'This device' }, slow);
    const outdoor = within(device).getByRole('switch', { name: 'Outdoor mode' });
    expect(outdoor).not.toBeChecked();
    await user.click(outdoor);
    expect(outdoor).toBeChecked();
    expect(localStorage.getItem('fieldcraft.outdoor-mode')).toBe('on');

    const saved = within(device).getByRole('list', { name: 'Saved for offline use' });
    expect(within(saved).getAllByRole('listitem')).toHaveLength(1);
    expect(within(saved).getByText('Scaffold checklist')).toBeInTheDocument();
    expect(within(saved).getByText('PDF · 2.0 MB · saved Nov 20, 2026')).toBeInTheDocument();
    await user.click(
      within(saved).getByRole('button', { name: 'Remove Scaffold checklist from this device' }),
    );
    expect(await within(device).findByText(/Nothing saved on this device yet/)).toBeInTheDocument();
  });
});

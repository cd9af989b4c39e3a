// Over 300 lines: one screen's cases over one set of msw handlers; one case per behaviour.
import type { Company, ManagedUser, User } from '@fieldcraft/contracts';
import { makeOwnerUser, makeUser } from '@fieldcraft/contracts/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storageKeys } from '../../../../shared/session/auth-storage';
import { navigation } from '../../../../shared/navigation';
import { apiError, server, setupMswServer, signedIn } from '../../../../testing/msw-server';
import { renderApp } from '../../../../testing/render-app';
import { loadPagesFirst } from '../../../../testing/load-pages-first';

setupMswServer();
loadPagesFirst('signedInShell', 'userManagement', 'testStation');
// The first screen waits for lazily loaded route chunks, slow on a busy machine.
vi.setConfig({ testTimeout: 30_000 });
const pageLoad = { timeout: 12_000 };
afterEach(() => vi.restoreAllMocks());

function managed(overrides: Partial<ManagedUser>): ManagedUser {
  return { ...makeOwnerUser(), companyName: null, deactivatedAt: null, ...overrides };
}

const acme: Company = {
  id: 5,
  name: 'Acme Build',
  userCount: 2,
  roomCount: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
};
const uma = managed({
  id: 2,
  email: 'uma@example.com',
  username: 'uma',
  firstName: 'Uma',
  lastName: 'Crew',
  companyId: 5,
  companyName: 'Acme Build',
});
const abe = managed({
  id: 3,
  email: 'abe@example.com',
  username: 'abe',
  firstName: 'Abe',
  lastName: 'Lead',
  role: 'ADMIN',
  companyId: 5,
  companyName: 'Acme Build',
});
const olivia = managed({
  ...makeUser(),
  lastLoginAt: null,
  companyName: null,
  deactivatedAt: null,
});

/** A small server over `state`: the list honours q and role like the real one. */
function serve(actor: User, state: { users: ManagedUser[] } = { users: [olivia, uma, abe] }) {
  const requests: { method: string; url: string; body: unknown; headers: Headers }[] = [];
  const record = async (request: Request) => {
    const body =
      request.method === 'GET' || request.method === 'DELETE'
        ? undefined
        : await request
            .clone()
            .json()
            .catch(() => undefined);
    requests.push({
      method: request.method,
      url: new URL(request.url).pathname + new URL(request.url).search,
      body,
      headers: request.headers,
    });
  };
  server.use(
    http.get('/api/auth/status', () => HttpResponse.json(signedIn(actor))),
    http.get('/api/companies', () => HttpResponse.json([acme])),
    http.get('/api/people/users', async ({ request }) => {
      await record(request);
      const params = new URL(request.url).searchParams;
      const q = params.get('q')?.toLowerCase();
      const role = params.get('role');
      return HttpResponse.json(
        state.users.filter(
          (u) =>
            (!q ||
              `${u.firstName} ${u.lastName} ${u.email} ${u.username}`.toLowerCase().includes(q)) &&
            (!role || u.role === role),
        ),
      );
    }),
    http.patch('/api/people/users/:id', async ({ request, params }) => {
      await record(request);
      const body = (await request.json()) as Partial<ManagedUser>;
      state.users = state.users.map((u) => (u.id === Number(params.id) ? { ...u, ...body } : u));
      return HttpResponse.json(state.users.find((u) => u.id === Number(params.id)));
    }),
    http.post('/api/people/users/:id/reset-password', async ({ request, params }) => {
      await record(request);
      const user = state.users.find((u) => u.id === Number(params.id));
      return HttpResponse.json({
        user,
        temporaryPassword: 'Kq7xPz2mWn4rTy',
        generated: true,
        sessionsRevoked: 2,
      });
    }),
    http.post('/api/people/users/:id/deactivate', async ({ request, params }) => {
      await record(request);
      state.users = state.users.map((u) =>
        u.id === Number(params.id) ? { ...u, deactivatedAt: '2026-11-22T08:00:00.000Z' } : u,
      );
      return HttpResponse.json(state.users.find((u) => u.id === Number(params.id)));
    }),
    http.post('/api/people/users/:id/impersonate', async ({ request }) => {
      await record(request);
      return HttpResponse.json({
        token: 'aaa.bbb.ccc',
        expiresAt: '2026-11-22T08:30:00.000Z',
        user: { id: 2, email: 'uma@example.com', firstName: 'Uma', lastName: 'Crew', role: 'USER' },
      });
    }),
  );
  return { requests, state };
}

const row = (name: string) => screen.getByRole('listitem', { name });
async function openAction(
  user: ReturnType<typeof renderApp>['user'],
  name: string,
  action: string,
) {
  await user.click(within(row(name)).getByRole('button', { name: `Actions for ${name}` }));
  await user.click(await screen.findByRole('menuitem', { name: action }));
}

describe('/user-management', () => {
  it('lists users with role, status and company, and searches and filters on the server', async () => {
    const { requests } = serve(makeUser());
    const { user } = renderApp('/user-management');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'User Management' }, pageLoad),
    ).toBeInTheDocument();
    expect(await screen.findByRole('listitem', { name: 'Uma Crew' })).toHaveTextContent(
      'uma@example.com · @uma · Acme Build',
    );
    expect(within(row('Abe Lead')).getByText('ADMIN')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('3 users');

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'abe');
    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: 'Uma Crew' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('status')).toHaveTextContent('1 user');
    expect(requests.at(-1)?.url).toContain('q=abe');

    await user.clear(screen.getByRole('searchbox', { name: 'Search' }));
    await user.click(screen.getByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByRole('option', { name: 'USER' }));
    await waitFor(() => expect(requests.at(-1)?.url).toContain('role=USER'));
    expect(await screen.findByRole('listitem', { name: 'Uma Crew' })).toBeInTheDocument();
    expect(screen.queryByRole('listitem', { name: 'Abe Lead' })).not.toBeInTheDocument();
  });

  it('edits a user: names, role, status and company go to PATCH, and the list shows the change', async () => {
    const { requests } = serve(makeUser());
    const { user } = renderApp('/user-management');
    await screen.findByRole('listitem', { name: 'Uma Crew' }, pageLoad);
    await openAction(user, 'Uma Crew', 'Edit');
    const dialog = await screen.findByRole('dialog', { name: 'Edit User' });
    const first = within(dialog).getByRole('textbox', { name: 'First Name' });
    await user.clear(first);
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText('First name is required')).toBeInTheDocument();
    await user.type(first, 'Umberto');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({
      firstName: 'Umberto',
      lastName: 'Crew',
      role: 'USER',
      status: 'ACTIVE',
      companyId: 5,
    });
    expect(await screen.findByRole('listitem', { name: 'Umberto Crew' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: /Notifications/ })).toHaveTextContent('User updated');
  });

  it('resets a password and shows the temporary one once', async () => {
    const { requests } = serve(makeUser());
    const { user } = renderApp('/user-management');
    await screen.findByRole('listitem', { name: 'Uma Crew' }, pageLoad);
    await openAction(user, 'Uma Crew', 'Reset Password');
    const dialog = await screen.findByRole('dialog', { name: 'Reset Password' });
    await user.click(within(dialog).getByRole('button', { name: 'Reset Password' }));
    expect(await within(dialog).findByText('Kq7xPz2mWn4rTy')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Uma Crew must change this password at their next sign-in.');
    expect(requests.find((r) => r.url === '/api/people/users/2/reset-password')?.body).toEqual({});
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await openAction(user, 'Uma Crew', 'Reset Password');
    // Shown once: a new opening starts over.
    expect(screen.queryByText('Kq7xPz2mWn4rTy')).not.toBeInTheDocument();
  });

  it('deactivates after confirmation and marks the user', async () => {
    serve(makeUser());
    const { user } = renderApp('/user-management');
    await screen.findByRole('listitem', { name: 'Uma Crew' }, pageLoad);
    await openAction(user, 'Uma Crew', 'Deactivate');
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate User' });
    expect(dialog).toHaveTextContent(
      'Uma Crew will be signed out everywhere and cannot sign in until reactivated.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await within(row('Uma Crew')).findByText('Deactivated')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: /Notifications/ })).toHaveTextContent(
      'Uma Crew is deactivated and signed out everywhere.',
    );
  });

  it('acts as a user: a full page load to their rooms with the token in the address', async () => {
    const assign = vi.spyOn(navigation, 'assign').mockImplementation(() => {});
    serve(makeUser());
    const { user } = renderApp('/user-management');
    await screen.findByRole('listitem', { name: 'Uma Crew' }, pageLoad);
    await openAction(user, 'Uma Crew', 'Act as User');
    const dialog = await screen.findByRole('dialog', { name: 'Act as User' });
    await user.click(within(dialog).getByRole('button', { name: 'Act as Uma Crew' }));
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    const url = new URL(assign.mock.calls[0]?.[0] as string, 'http://localhost');
    expect(url.pathname).toBe('/rooms');
    expect(url.searchParams.get('impersonation_token')).toBe('aaa.bbb.ccc');
    expect(JSON.parse(url.searchParams.get('impersonated_user') ?? '{}')).toMatchObject({
      id: 2,
      firstName: 'Uma',
    });
  });

  it("shows a refused action's server message", async () => {
    serve(makeUser());
    server.use(
      http.post('/api/people/users/:id/deactivate', () =>
        apiError(409, 'The last owner cannot be deactivated', 'LAST_OWNER'),
      ),
    );
    const { user } = renderApp('/user-management');
    await screen.findByRole('listitem', { name: 'Uma Crew' }, pageLoad);
    await openAction(user, 'Uma Crew', 'Deactivate');
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Deactivate' }),
    );
    await waitFor(() =>
      expect(screen.getByRole('region', { name: /Notifications/, hidden: true })).toHaveTextContent(
        'The last owner cannot be deactivated',
      ),
    );
  });

  it('an ADMIN manages USERs of their company only: no role or company choice, other admins read-only', async () => {
    serve(makeUser({ id: 9, role: 'ADMIN', companyId: 5, email: 'admin@example.com' }), {
      users: [uma, abe],
    });
    const { user } = renderApp('/user-management');
    expect(await screen.findByText('People of Acme Build', {}, pageLoad)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Back to Owner Control' })).not.toBeInTheDocument();
    await user.click(within(row('Abe Lead')).getByRole('button', { name: 'Actions for Abe Lead' }));
    expect(await screen.findByRole('menuitem', { name: 'Edit' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(screen.getByRole('menuitem', { name: 'Act as User' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(screen.getByRole('menuitem', { name: 'Rooms & Access' })).not.toHaveAttribute(
      'aria-disabled',
    );
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Add User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add User' });
    expect(within(dialog).getByRole('combobox', { name: 'Role' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(within(dialog).getByRole('combobox', { name: 'Company' })).toHaveTextContent(
      'Acme Build',
    );
  });

  it('sends a USER to /test-station', async () => {
    serve(makeUser({ role: 'USER' }));
    renderApp('/user-management');
    expect(await screen.findByText('Access denied...', {}, pageLoad)).toBeInTheDocument();
  });
});

describe('impersonation banner', () => {
  it("shows 'Acting as {name}' while a token is stored; Stop revokes it and goes back", async () => {
    const assign = vi.spyOn(navigation, 'assign').mockImplementation(() => {});
    localStorage.setItem(storageKeys.impersonationToken, 'aaa.bbb.ccc');
    localStorage.setItem(
      storageKeys.impersonatedUser,
      JSON.stringify({ id: 2, email: 'uma@example.com', firstName: 'Uma', lastName: 'Crew' }),
    );
    const seen: (string | null)[] = [];
    server.use(
      http.get('/api/auth/status', () =>
        HttpResponse.json(signedIn(makeUser({ id: 2, role: 'USER', firstName: 'Uma' }))),
      ),
      http.get('/api/impersonation', () =>
        HttpResponse.json({
          active: true,
          user: {
            id: 2,
            email: 'uma@example.com',
            firstName: 'Uma',
            lastName: 'Crew',
            role: 'USER',
          },
          actor: {
            id: 1,
            email: 'owner@example.com',
            firstName: 'Olivia',
            lastName: 'Owner',
            role: 'OWNER',
          },
          expiresAt: '2026-11-22T08:30:00.000Z',
        }),
      ),
      http.delete('/api/impersonation', ({ request }) => {
        seen.push(request.headers.get('x-impersonation-token'));
        return HttpResponse.json({ success: true });
      }),
    );
    const { user } = renderApp('/test-station');
    const banner = await screen.findByRole('region', { name: 'Impersonation' }, pageLoad);
    expect(banner).toHaveTextContent('Acting as Uma Crew');
    expect(await within(banner).findByText(/signed in as Olivia Owner/)).toBeInTheDocument();
    await user.click(within(banner).getByRole('button', { name: 'Stop' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/user-management'));
    expect(seen).toEqual(['aaa.bbb.ccc']);
    expect(localStorage.getItem(storageKeys.impersonationToken)).toBeNull();
    expect(localStorage.getItem(storageKeys.impersonatedUser)).toBeNull();
  });

  it('forgets a token the server no longer honours', async () => {
    const assign = vi.spyOn(navigation, 'assign').mockImplementation(() => {});
    localStorage.setItem(storageKeys.impersonationToken, 'aaa.bbb.ccc');
    server.use(
      http.get('/api/auth/status', () => HttpResponse.json(signedIn(makeUser()))),
      http.get('/api/impersonation', () =>
        HttpResponse.json({ active: false, user: null, actor: null, expiresAt: null }),
      ),
    );
    renderApp('/test-station');
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/user-management'), pageLoad);
    expect(localStorage.getItem(storageKeys.impersonationToken)).toBeNull();
  });

  it('is absent without a stored token', async () => {
    server.use(http.get('/api/auth/status', () => HttpResponse.json(signedIn(makeUser()))));
    renderApp('/test-station');
    expect(
      await screen.findByRole('heading', { name: 'Page not available' }, pageLoad),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Impersonation' })).not.toBeInTheDocument();
  });
});

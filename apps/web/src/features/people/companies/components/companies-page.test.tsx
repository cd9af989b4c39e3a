import type { Company, CompanyDetail, ManagedRoom, ManagedUser } from '@fieldcraft/contracts';
import { makeOwnerUser, makeUser } from '@fieldcraft/contracts/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, server, setupMswServer, signedIn } from '../../../../testing/msw-server';
import { renderApp } from '../../../../testing/render-app';
import { loadPagesFirst } from '../../../../testing/load-pages-first';

setupMswServer();
loadPagesFirst('signedInShell', 'companies');
// The first screen waits for lazily loaded route chunks, slow on a busy machine.
vi.setConfig({ testTimeout: 30_000 });
const pageLoad = { timeout: 12_000 };
afterEach(() => vi.restoreAllMocks());

const created = '2026-01-01T00:00:00.000Z';
const uma: ManagedUser = {
  ...makeOwnerUser({
    id: 2,
    email: 'uma@example.com',
    firstName: 'Uma',
    lastName: 'Crew',
    companyId: 5,
  }),
  companyName: 'Acme Build',
  deactivatedAt: null,
};
const ned: ManagedUser = {
  ...makeOwnerUser({ id: 4, email: 'ned@example.com', firstName: 'Ned', lastName: 'New' }),
  companyName: null,
  deactivatedAt: null,
};
const yard: ManagedRoom = {
  id: 11,
  name: 'Acme Yard',
  status: 'LIVE',
  category: 'Safety',
  companyId: 5,
  memberIds: [2],
};
const floor: ManagedRoom = {
  id: 12,
  name: 'Open Floor',
  status: 'LIVE',
  category: 'Training',
  companyId: null,
  memberIds: [],
};

/** Companies over `state`, recomputed from the users' and rooms' company ids like the server. */
function serve(role: 'OWNER' | 'ADMIN' = 'OWNER') {
  const state = {
    companies: [{ id: 5, name: 'Acme Build', createdAt: created }],
    users: [uma, ned],
    rooms: [yard, floor],
    posted: [] as unknown[],
  };
  const company = (c: { id: number; name: string; createdAt: string }): Company => ({
    ...c,
    userCount: state.users.filter((u) => u.companyId === c.id).length,
    roomCount: state.rooms.filter((r) => r.companyId === c.id).length,
  });
  server.use(
    http.get('/api/auth/status', () =>
      HttpResponse.json(signedIn(makeUser({ role, companyId: role === 'ADMIN' ? 5 : null }))),
    ),
    http.get('/api/companies', () => HttpResponse.json(state.companies.map(company))),
    http.get('/api/companies/:id', ({ params }) => {
      const c = state.companies.find((x) => x.id === Number(params.id));
      if (!c) return apiError(404, 'Company not found', 'COMPANY_NOT_FOUND');
      const detail: CompanyDetail = {
        ...company(c),
        users: state.users
          .filter((u) => u.companyId === c.id)
          .map(({ id, email, firstName, lastName, role: r }) => ({
            id,
            email,
            firstName,
            lastName,
            role: r,
          })),
        rooms: state.rooms
          .filter((r) => r.companyId === c.id)
          .map(({ id, name, status, category }) => ({ id, name, status, category })),
      };
      return HttpResponse.json(detail);
    }),
    http.post('/api/companies', async ({ request }) => {
      const { name } = (await request.json()) as { name: string };
      if (state.companies.some((c) => c.name.toLowerCase() === name.toLowerCase())) {
        return apiError(409, 'A company with this name already exists', 'COMPANY_NAME_TAKEN');
      }
      const c = { id: 6, name, createdAt: created };
      state.companies.push(c);
      return HttpResponse.json(company(c), { status: 201 });
    }),
    http.post('/api/companies/:id/users', async ({ request, params }) => {
      const { userId } = (await request.json()) as { userId: number };
      state.posted.push({ userId });
      state.users = state.users.map((u) =>
        u.id === userId ? { ...u, companyId: Number(params.id) } : u,
      );
      return HttpResponse.json({ success: true });
    }),
    http.delete('/api/companies/:id', () =>
      apiError(409, 'Move or remove this company’s users before deleting it', 'COMPANY_NOT_EMPTY'),
    ),
    http.get('/api/people/users', () => HttpResponse.json(state.users)),
    http.get('/api/people/rooms', () => HttpResponse.json(state.rooms)),
  );
  return state;
}

describe('/companies', () => {
  it('lists companies with counts and adds one, refusing a taken name inline', async () => {
    serve();
    const { user } = renderApp('/companies');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Companies' }, pageLoad),
    ).toBeInTheDocument();
    expect(await screen.findByRole('listitem', { name: 'Acme Build' })).toHaveTextContent(
      '1 user · 1 room',
    );

    await user.click(screen.getByRole('button', { name: 'Add Company' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Company' });
    await user.click(within(dialog).getByRole('button', { name: 'Create Company' }));
    expect(within(dialog).getByText('Company name is required')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Company Name' }), 'acme build');
    await user.click(within(dialog).getByRole('button', { name: 'Create Company' }));
    expect(
      await within(dialog).findByText('A company with this name already exists'),
    ).toBeInTheDocument();
    const field = within(dialog).getByRole('textbox', { name: 'Company Name' });
    await user.clear(field);
    await user.type(field, 'Bolt Civil');
    await user.click(within(dialog).getByRole('button', { name: 'Create Company' }));
    expect(await screen.findByRole('listitem', { name: 'Bolt Civil' })).toHaveTextContent(
      '0 users · 0 rooms',
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('manages a company: its users and rooms, and moves a user in', async () => {
    const state = serve();
    const { user } = renderApp('/companies');
    await user.click(await screen.findByRole('button', { name: 'Manage Acme Build' }, pageLoad));
    const dialog = await screen.findByRole('dialog', { name: 'Acme Build' });
    expect(await within(dialog).findByRole('list', { name: 'Company users' })).toHaveTextContent(
      'Uma Crew',
    );
    expect(within(dialog).getByRole('list', { name: 'Company rooms' })).toHaveTextContent(
      'Acme Yard',
    );
    await user.click(within(dialog).getByRole('combobox', { name: 'Add user' }));
    await user.click(await screen.findByRole('option', { name: 'Ned New (no company)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add User' }));
    expect(await within(dialog).findByText('Ned New added')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(dialog).getByRole('list', { name: 'Company users' })).toHaveTextContent(
        'Ned New',
      ),
    );
    expect(state.posted).toEqual([{ userId: 4 }]);
  });

  it("shows the server's reason when a company cannot be deleted", async () => {
    serve();
    const { user } = renderApp('/companies');
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    await user.click(await screen.findByRole('button', { name: 'Delete Acme Build' }, pageLoad));
    await waitFor(() =>
      expect(screen.getByRole('region', { name: /Notifications/ })).toHaveTextContent(
        'Move or remove this company’s users before deleting it',
      ),
    );
  });

  it('an ADMIN sees their own company read-only', async () => {
    serve('ADMIN');
    const { user } = renderApp('/companies');
    expect(
      await screen.findByRole('listitem', { name: 'Acme Build' }, pageLoad),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Company' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Acme Build' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'View Acme Build' }));
    const dialog = await screen.findByRole('dialog', { name: 'Acme Build' });
    expect(await within(dialog).findByRole('list', { name: 'Company users' })).toHaveTextContent(
      'Uma Crew',
    );
    expect(within(dialog).queryByRole('combobox', { name: 'Add user' })).not.toBeInTheDocument();
  });
});

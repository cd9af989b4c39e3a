import type { Room } from '@fieldcraft/contracts';
import { makeAgent, makeOwnerRoom, makeRoom, makeUser } from '@fieldcraft/contracts/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, server, setupMswServer, signedIn } from '../../testing/msw-server';
import { renderApp } from '../../testing/render-app';
import { loadPagesFirst } from '../../testing/load-pages-first';

setupMswServer();
loadPagesFirst('signedInShell', 'rooms');
afterEach(() => vi.restoreAllMocks());

function serveOwner(rooms: Room[] = [makeRoom()]) {
  server.use(
    http.get('/api/auth/status', () => HttpResponse.json(signedIn(makeUser({ role: 'OWNER' })))),
    http.get('/api/user/rooms', () => HttpResponse.json(rooms)),
  );
}

describe('main navigation bar (room area)', () => {
  it('gives the OWNER the BETA 1.4 badge, the Analytics and Management menus and Logout', async () => {
    serveOwner();
    const { user } = renderApp('/rooms');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: /BETA 1\.4/ })).toHaveAttribute('href', '/');
    expect(within(nav).getByRole('button', { name: 'Logout' })).toBeInTheDocument();

    await user.click(within(nav).getByRole('button', { name: 'Analytics' }));
    expect(screen.getByRole('menuitem', { name: 'AI Assistant Chat' })).toHaveAttribute(
      'href',
      '/simple-chat',
    );
    await user.keyboard('{Escape}');

    await user.click(within(nav).getByRole('button', { name: 'Management' }));
    const items = screen
      .getAllByRole('menuitem')
      .map((item) => [item.textContent, item.getAttribute('href')]);
    expect(items).toEqual([
      ['Owner Control', '/owner-control'],
      ['User Management', '/user-management'],
      ['Companies', '/companies'],
      ['Fast Redeploy', '/fast-redeploy'],
    ]);
  });

  it('has the same account menu as the top bar, leading to Profile', async () => {
    serveOwner();
    const { user, router } = renderApp('/rooms');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await user.click(within(nav).getByRole('button', { name: /account menu/ }));
    const menu = screen.getByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Sign Out' })).toBeInTheDocument();
    await user.click(within(menu).getByRole('menuitem', { name: 'Profile' }));
    expect(router.location().pathname).toBe('/profile');
  });

  it('ADD ROOM opens the one room form: a name is required, then the room is created', async () => {
    serveOwner();
    let body: unknown;
    server.use(
      http.get('/api/agents', () => HttpResponse.json([makeAgent()])),
      http.post('/api/owner/rooms', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(makeOwnerRoom({ id: 5, name: 'Nav Room' }), { status: 201 });
      }),
    );
    const { user } = renderApp('/rooms');
    await user.click(await screen.findByRole('button', { name: 'ADD ROOM' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create New Room' });
    await user.click(within(dialog).getByRole('button', { name: 'Create Room' }));
    expect(await within(dialog).findByText('Room name is required')).toBeInTheDocument();
    expect(body).toBeUndefined();

    await user.type(within(dialog).getByRole('textbox', { name: /Room Name/ }), 'Nav Room ');
    await user.click(within(dialog).getByRole('button', { name: 'Create Room' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(body).toMatchObject({
      name: 'Nav Room',
      category: 'Training',
      status: 'LIVE',
      agentId: 'field-advisor',
    });
  });

  it('ADD ROOM shows and toasts the server error and stays open', async () => {
    serveOwner();
    server.use(
      http.get('/api/agents', () => HttpResponse.json([makeAgent()])),
      http.post('/api/owner/rooms', () =>
        apiError(409, 'A room with that name already exists', 'ROOM_EXISTS'),
      ),
    );
    const { user } = renderApp('/rooms');
    await user.click(await screen.findByRole('button', { name: 'ADD ROOM' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create New Room' });
    await user.type(within(dialog).getByRole('textbox', { name: /Room Name/ }), 'Dup');
    await user.click(within(dialog).getByRole('button', { name: 'Create Room' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'A room with that name already exists',
    );
    const toasts = screen.getByRole('region', { name: /Notifications/, hidden: true });
    expect(within(toasts).getByText('Error')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Create New Room' })).toBeInTheDocument();
  });
});

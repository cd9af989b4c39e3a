import type { Room } from '@fieldcraft/contracts';
import { makeRoom, makeUser } from '@fieldcraft/contracts/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { navigation } from '../../shared/navigation';
import { apiError, server, setupMswServer, signedIn } from '../../testing/msw-server';
import { renderApp } from '../../testing/render-app';

setupMswServer();
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

  it('ADD ROOM requires a name, then creates the room and reloads the page', async () => {
    serveOwner();
    const reload = vi.spyOn(navigation, 'reload').mockImplementation(() => {});
    let body: unknown;
    server.use(
      http.post('/api/test-rooms', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(makeRoom({ id: 5, name: 'Quick Room' }), { status: 201 });
      }),
    );
    const { user } = renderApp('/rooms');
    await user.click(await screen.findByRole('button', { name: 'ADD ROOM' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Room' });
    expect(within(dialog).getByText('Room name is required')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Create' })).toBeDisabled();

    await user.type(within(dialog).getByRole('textbox', { name: /Room Name/ }), '   ');
    expect(within(dialog).getByRole('button', { name: 'Create' })).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: /Room Name/ }), 'Quick Room ');
    expect(within(dialog).queryByText('Room name is required')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(body).toEqual({ name: 'Quick Room', description: null });
  });

  it('ADD ROOM toasts the server error and stays put', async () => {
    serveOwner();
    const reload = vi.spyOn(navigation, 'reload').mockImplementation(() => {});
    server.use(
      http.post('/api/test-rooms', () =>
        apiError(409, 'A room with that name already exists', 'ROOM_EXISTS'),
      ),
    );
    const { user } = renderApp('/rooms');
    await user.click(await screen.findByRole('button', { name: 'ADD ROOM' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Room' });
    await user.type(within(dialog).getByRole('textbox', { name: /Room Name/ }), 'Dup');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'A room with that name already exists',
    );
    const toasts = screen.getByRole('region', { name: /Notifications/, hidden: true });
    expect(within(toasts).getByText('Error')).toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
  });
});

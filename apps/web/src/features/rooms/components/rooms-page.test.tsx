// Over 300 lines: one screen's cases (user and owner tools) over one set of msw handlers; one case
// per behaviour.
import type { OwnerRoom, Room } from '@fieldcraft/contracts';
import {
  makeAgent,
  makeOwnerRoom,
  makeOwnerUser,
  makeRoom,
  makeUser,
} from '@fieldcraft/contracts/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, server, setupMswServer, signedIn } from '../../../testing/msw-server';
import { renderApp } from '../../../testing/render-app';
import { loadPagesFirst } from '../../../testing/load-pages-first';

setupMswServer();
loadPagesFirst('signedInShell', 'rooms');
afterEach(() => vi.restoreAllMocks());

const rooms: Room[] = [
  makeRoom({
    id: 1,
    name: 'Concrete Basics',
    category: 'Training',
    status: 'LIVE',
    createdAt: '2026-03-04T12:00:00.000Z',
  }),
  makeRoom({ id: 2, name: 'Site Safety', category: 'Safety', status: 'PAUSED' }),
  makeRoom({ id: 3, name: 'Roof Framing', category: 'Trades', status: 'INACTIVE' }),
  makeRoom({ id: 4, name: 'Hidden Room', category: 'Secret', hasAccess: false }),
];

function serve({
  role = 'USER',
  list = rooms,
}: { role?: 'USER' | 'OWNER' | 'ADMIN'; list?: Room[] } = {}) {
  server.use(
    http.get('/api/auth/status', () => HttpResponse.json(signedIn(makeUser({ role })))),
    http.get('/api/user/rooms', () => HttpResponse.json(list)),
  );
}

/** An owner's server: user rooms and owner rooms both read from `state`, so refetches show changes. */
function serveOwner(
  state: { rooms: OwnerRoom[] } = { rooms: rooms.slice(0, 3).map((r) => makeOwnerRoom(r)) },
) {
  server.use(
    http.get('/api/auth/status', () => HttpResponse.json(signedIn(makeUser({ role: 'OWNER' })))),
    http.get('/api/user/rooms', () =>
      HttpResponse.json(state.rooms.map(({ members: _m, ...r }) => r)),
    ),
    http.get('/api/owner/rooms', () => HttpResponse.json(state.rooms)),
    http.get('/api/owner/users', () =>
      HttpResponse.json([
        makeOwnerUser({ id: 7, firstName: 'Casey', lastName: 'Crew', email: 'casey@example.com' }),
      ]),
    ),
    http.get('/api/agents', () => HttpResponse.json([makeAgent()])),
  );
  return state;
}

const grid = () => screen.getByRole('list', { name: 'Rooms' });
const card = (name: string) => screen.getByRole('article', { name });
// A modal dialog hides the rest of the page (the toasts too) from assistive tech, hence hidden.
const toasts = () => screen.getByRole('region', { name: /Notifications/, hidden: true });

describe('rooms page', () => {
  it('shows the title, role, accessible rooms with all their fields, and the summary', async () => {
    serve();
    renderApp('/rooms');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your Rooms' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Access your assigned field advisors')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/');
    expect(await screen.findByText(/Available Rooms:/)).toHaveTextContent('Available Rooms: 3');
    expect(screen.getAllByText('USER').length).toBeGreaterThan(0);

    expect(within(grid()).getAllByRole('article')).toHaveLength(3);
    expect(screen.queryByText('Hidden Room')).not.toBeInTheDocument();

    const live = card('Concrete Basics');
    expect(within(live).getByText('Training')).toBeInTheDocument();
    expect(within(live).getByText('Live')).toBeInTheDocument();
    expect(within(live).getByText('Field Advisor:')).toBeInTheDocument();
    expect(
      within(live).getByText('Field Advisor', { selector: 'span:not(:first-child)' }),
    ).toBeInTheDocument();
    expect(within(live).getByText('Mar 4, 2026')).toBeInTheDocument();
    expect(within(live).getByText('Ready to join')).toBeInTheDocument();
    expect(within(card('Site Safety')).getByText('Temporarily paused')).toBeInTheDocument();
    expect(within(card('Roof Framing')).getByText('Currently offline')).toBeInTheDocument();

    const summary = screen.getByRole('region', { name: 'Room summary' });
    for (const [label, value] of [
      ['Live Rooms', '1'],
      ['Paused', '1'],
      ['Inactive', '1'],
      ['Categories', '3'],
    ]) {
      expect(within(summary).getByText(label as string).nextSibling).toHaveTextContent(
        value as string,
      );
    }
  });

  it('enables Enter Room only for LIVE rooms, and a LIVE card opens its room', async () => {
    serve();
    const { router, user } = renderApp('/rooms');
    const live = await screen.findByRole('article', { name: 'Concrete Basics' });
    expect(within(live).getByRole('link', { name: 'Enter Room' })).toHaveAttribute(
      'href',
      '/test-room/1',
    );
    for (const name of ['Site Safety', 'Roof Framing']) {
      expect(
        within(card(name)).queryByRole('link', { name: 'Enter Room' }),
      ).not.toBeInTheDocument();
      expect(within(card(name)).getByRole('button', { name: 'Unavailable' })).toBeDisabled();
    }
    await user.click(within(live).getByText('Ready to join'));
    await waitFor(() => expect(router.location().pathname).toBe('/test-room/1'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Concrete Basics' }),
    ).toBeInTheDocument();
  });

  it('searches name and category, filters by status and category, and says when nothing matches', async () => {
    serve();
    const { user } = renderApp('/rooms');
    const search = await screen.findByRole('searchbox', { name: 'Search rooms' });
    expect(search).toHaveAttribute('placeholder', 'Search rooms...');

    await user.type(search, 'safety');
    expect(
      within(grid())
        .getAllByRole('article')
        .map((a) => a.getAttribute('aria-labelledby')),
    ).toEqual(['room-2-name']);
    await user.clear(search);
    await user.type(search, 'TRADES');
    expect(within(grid()).getByRole('article', { name: 'Roof Framing' })).toBeInTheDocument();
    await user.clear(search);

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'All',
      'Live',
      'Paused',
      'Inactive',
    ]);
    await user.click(screen.getByRole('option', { name: 'Paused' }));
    expect(within(grid()).getAllByRole('article')).toHaveLength(1);
    expect(card('Site Safety')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Category' }));
    // Categories come from accessible rooms only.
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'All Categories',
      'Safety',
      'Trades',
      'Training',
    ]);
    await user.click(screen.getByRole('option', { name: 'Training' }));
    expect(
      screen.getByRole('heading', { name: 'No rooms match your filters' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Try adjusting your search terms or filters.')).toBeInTheDocument();
  });

  it('says when no rooms are assigned, with a way back', async () => {
    serve({ list: [makeRoom({ hasAccess: false })] });
    renderApp('/rooms');
    expect(await screen.findByRole('heading', { name: 'No rooms assigned' })).toBeInTheDocument();
    expect(
      screen.getByText('Contact your administrator to get access to training rooms.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Dashboard' })).toHaveAttribute('href', '/');
    expect(screen.getByText(/Available Rooms:/)).toHaveTextContent('Available Rooms: 0');
  });

  it('hides every owner tool from a USER and asks no owner route', async () => {
    const ownerCalls = vi.fn();
    serve();
    server.use(http.get('/api/owner/*', ownerCalls), http.get('/api/agents', ownerCalls));
    renderApp('/rooms');
    await screen.findByRole('article', { name: 'Concrete Basics' });
    for (const name of [
      'Create New Room',
      'Add New User',
      'Manage User Access',
      'Edit Room',
      'Pause Room',
      'Delete Room',
      'ADD ROOM',
      'Analytics',
      'Management',
    ]) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /BETA 1\.4/ })).toHaveAttribute('href', '/');
    expect(ownerCalls).not.toHaveBeenCalled();
  });
});

describe('owner tools', () => {
  it('validates Create New Room with the spec messages and defaults, then creates and refreshes', async () => {
    const state = serveOwner();
    let body: unknown;
    server.use(
      http.post('/api/owner/rooms', async ({ request }) => {
        body = await request.json();
        const created = makeOwnerRoom({ id: 9, name: 'Rebar 101', category: 'Training' });
        state.rooms = [...state.rooms, created];
        return HttpResponse.json(created, { status: 201 });
      }),
    );
    const { user } = renderApp('/rooms');
    await user.click(await screen.findByRole('button', { name: 'Create New Room' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create New Room' });
    expect(within(dialog).getByRole('textbox', { name: /Category/ })).toHaveValue('Training');
    expect(within(dialog).getByRole('textbox', { name: /Background Colour/ })).toHaveValue(
      '#1a1a1a',
    );
    expect(within(dialog).getByRole('combobox', { name: /Status/ })).toHaveTextContent('Live');

    await user.clear(within(dialog).getByRole('textbox', { name: /Category/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Create Room' }));
    expect(within(dialog).getByText('Room name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Category is required')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: /Room Name/ })).toHaveFocus(),
    );
    expect(body).toBeUndefined();

    await user.type(within(dialog).getByRole('textbox', { name: /Room Name/ }), 'Rebar 101');
    await user.type(within(dialog).getByRole('textbox', { name: /Category/ }), 'Training');
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: /Field Advisor/ })).toHaveTextContent(
        'Field Advisor',
      ),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Create Room' }));

    expect(await within(toasts()).findByText('Room created successfully')).toBeInTheDocument();
    expect(body).toMatchObject({
      name: 'Rebar 101',
      category: 'Training',
      agentId: 'field-advisor',
      status: 'LIVE',
      backgroundColor: '#1a1a1a',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('article', { name: 'Rebar 101' })).toBeInTheDocument();
  });

  it('toasts the server message, or the fallback, when creating a room fails', async () => {
    serveOwner();
    server.use(
      http.post('/api/owner/rooms', () =>
        apiError(409, 'A room with that name already exists', 'ROOM_EXISTS'),
      ),
    );
    const { user } = renderApp('/rooms');
    await user.click(await screen.findByRole('button', { name: 'Create New Room' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create New Room' });
    await user.type(within(dialog).getByRole('textbox', { name: /Room Name/ }), 'Dup');
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: /Field Advisor/ })).toHaveTextContent(
        'Field Advisor',
      ),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Create Room' }));
    expect(await within(toasts()).findByText('Error')).toBeInTheDocument();
    expect(within(toasts()).getByText('A room with that name already exists')).toBeInTheDocument();
    // The open modal hides the toast from assistive tech, so the dialog says it too.
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'A room with that name already exists',
    );

    server.use(http.post('/api/owner/rooms', () => new HttpResponse(null, { status: 500 })));
    await user.click(within(dialog).getByRole('button', { name: 'Create Room' }));
    expect(await within(toasts()).findByText('Failed to create room')).toBeInTheDocument();
  });

  it('Add New User validates with the spec rules and reports success', async () => {
    serveOwner();
    let body: unknown;
    server.use(
      http.post('/api/users', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(makeOwnerUser({ id: 8 }), { status: 201 });
      }),
    );
    const { user } = renderApp('/rooms');
    await user.click(await screen.findByRole('button', { name: 'Add New User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New User' });
    await user.type(within(dialog).getByRole('textbox', { name: /Username/ }), 'ab');
    await user.type(within(dialog).getByLabelText(/Initial Password/), '12345');
    await user.type(within(dialog).getByRole('textbox', { name: /Email/ }), 'nope');
    await user.click(within(dialog).getByRole('button', { name: 'Create User' }));
    for (const message of [
      'Please enter a valid email address',
      'Username must be at least 3 characters',
      'Password must be at least 6 characters',
      'First name is required',
      'Last name is required',
    ]) {
      expect(within(dialog).getByText(message)).toBeInTheDocument();
    }
    expect(within(dialog).getByRole('combobox', { name: /Role/ })).toHaveTextContent('USER');
    expect(within(dialog).getByRole('combobox', { name: /Status/ })).toHaveTextContent('PENDING');

    await user.type(within(dialog).getByRole('textbox', { name: /First Name/ }), 'Casey');
    await user.type(within(dialog).getByRole('textbox', { name: /Last Name/ }), 'Crew');
    await user.clear(within(dialog).getByRole('textbox', { name: /Email/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /Email/ }), 'Casey@Example.com');
    await user.type(within(dialog).getByRole('textbox', { name: /Username/ }), 'c');
    await user.type(within(dialog).getByLabelText(/Initial Password/), '6');
    await user.click(within(dialog).getByRole('button', { name: 'Create User' }));
    // Six characters pass the spec's create rule, but sign-in needs eight.
    expect(
      await within(dialog).findByText('Password must be at least 8 characters'),
    ).toBeInTheDocument();
    expect(body).toBeUndefined();
    await user.type(within(dialog).getByLabelText(/Initial Password/), '78');
    await user.click(within(dialog).getByRole('button', { name: 'Create User' }));
    expect(
      await within(toasts()).findByText(
        'User created successfully! They can now log in to the system.',
      ),
    ).toBeInTheDocument();
    expect(body).toEqual({
      email: 'casey@example.com',
      username: 'abc',
      password: '12345678',
      firstName: 'Casey',
      lastName: 'Crew',
      role: 'USER',
      status: 'PENDING',
    });
  });

  it('assigns and removes users in Manage User Access, with the spec toasts', async () => {
    const state = serveOwner();
    server.use(
      http.post('/api/owner/rooms/:roomId/users', async ({ params, request }) => {
        const { userId } = (await request.json()) as { userId: number };
        state.rooms = state.rooms.map((r) =>
          r.id === Number(params.roomId)
            ? {
                ...r,
                members: [
                  {
                    id: userId,
                    email: 'casey@example.com',
                    username: 'casey',
                    firstName: 'Casey',
                    lastName: 'Crew',
                    role: 'USER',
                  },
                ],
              }
            : r,
        );
        return HttpResponse.json({ success: true });
      }),
      http.delete('/api/owner/rooms/:roomId/users/:userId', () =>
        apiError(404, 'User is not in this room', 'NOT_A_MEMBER'),
      ),
    );
    const { user } = renderApp('/rooms');
    const site = await screen.findByRole('article', { name: 'Site Safety' });
    await user.click(within(site).getByRole('button', { name: 'Manage User Access' }));
    const dialog = await screen.findByRole('dialog', { name: 'Manage User Access' });
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: 'Room' })).toHaveTextContent(
        'Site Safety',
      ),
    );
    expect(within(dialog).getByText('No users are assigned to this room yet.')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('combobox', { name: 'User' }));
    await user.click(await screen.findByRole('option', { name: /Casey Crew/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Assign User' }));
    expect(
      await within(toasts()).findByText('User assigned to room successfully'),
    ).toBeInTheDocument();
    expect(await within(dialog).findByText('Users with access (1)')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Remove Casey Crew' }));
    expect(await within(toasts()).findByText('User is not in this room')).toBeInTheDocument();
    expect(within(toasts()).getByText('Error')).toBeInTheDocument();

    server.use(
      http.delete('/api/owner/rooms/:roomId/users/:userId', () => {
        state.rooms = state.rooms.map((r) => ({ ...r, members: [] }));
        return HttpResponse.json({ success: true });
      }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Remove Casey Crew' }));
    expect(
      await within(toasts()).findByText('User removed from room successfully'),
    ).toBeInTheDocument();
    expect(await within(dialog).findByText('Users with access (0)')).toBeInTheDocument();
  });

  it('pauses a LIVE room, and the card then reads Unavailable', async () => {
    const state = serveOwner();
    let sent: unknown;
    server.use(
      http.patch('/api/test-rooms/:roomId/status', async ({ params, request }) => {
        sent = await request.json();
        const { status } = sent as { status: Room['status'] };
        state.rooms = state.rooms.map((r) =>
          r.id === Number(params.roomId) ? { ...r, status } : r,
        );
        return HttpResponse.json({ success: true });
      }),
    );
    const { user } = renderApp('/rooms');
    const live = await screen.findByRole('article', { name: 'Concrete Basics' });
    await user.click(within(live).getByRole('button', { name: 'Pause Room' }));
    expect(
      await within(toasts()).findByText('Room status updated successfully'),
    ).toBeInTheDocument();
    expect(sent).toEqual({ status: 'PAUSED' });
    expect(
      await within(card('Concrete Basics')).findByRole('button', { name: 'Unavailable' }),
    ).toBeDisabled();

    // Anything not LIVE goes LIVE; a failure toasts the fallback.
    server.use(
      http.patch('/api/test-rooms/:roomId/status', () => new HttpResponse(null, { status: 500 })),
    );
    await user.click(within(card('Roof Framing')).getByRole('button', { name: 'Resume Room' }));
    expect(await within(toasts()).findByText('Failed to update room status')).toBeInTheDocument();
  });

  it('deletes a room only after the browser confirmation', async () => {
    const state = serveOwner();
    const deleted = vi.fn();
    server.use(
      http.delete('/api/test-rooms/:roomId', ({ params }) => {
        deleted(params.roomId);
        state.rooms = state.rooms.filter((r) => r.id !== Number(params.roomId));
        return HttpResponse.json({ success: true });
      }),
    );
    const confirm = vi
      .spyOn(window, 'confirm')
      .mockReturnValueOnce(false)
      .mockReturnValueOnce(true);
    const { user } = renderApp('/rooms');
    const site = await screen.findByRole('article', { name: 'Site Safety' });

    await user.click(within(site).getByRole('button', { name: 'Delete Room' }));
    expect(confirm).toHaveBeenCalledWith(
      'Are you sure you want to delete "Site Safety"? This action cannot be undone.',
    );
    expect(deleted).not.toHaveBeenCalled();

    await user.click(within(site).getByRole('button', { name: 'Delete Room' }));
    expect(await within(toasts()).findByText('Room deleted successfully')).toBeInTheDocument();
    expect(deleted).toHaveBeenCalledWith('2');
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Site Safety' })).not.toBeInTheDocument(),
    );
  });
  // Edit Room: room-edit.test.tsx.
});

import type { OwnerRoom } from '@fieldcraft/contracts';
import { makeAgent, makeOwnerRoom, makeUser } from '@fieldcraft/contracts/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server, setupMswServer, signedIn } from '../../../testing/msw-server';
import { loadPagesFirst } from '../../../testing/load-pages-first';
import { renderApp } from '../../../testing/render-app';

setupMswServer();
loadPagesFirst('signedInShell', 'rooms');
const slow = { timeout: 30_000 };

const member = {
  id: 7,
  email: 'casey@example.com',
  username: 'casey',
  firstName: 'Casey',
  lastName: 'Crew',
  role: 'USER' as const,
};

function serveOwner() {
  const state: { room: OwnerRoom; patches: unknown[] } = {
    room: makeOwnerRoom({ id: 3, name: 'Site Safety', category: 'Safety', members: [member] }),
    patches: [],
  };
  server.use(
    http.get('/api/auth/status', () => HttpResponse.json(signedIn(makeUser({ role: 'OWNER' })))),
    http.get('/api/user/rooms', () => {
      const { members: _m, ...room } = state.room;
      return HttpResponse.json([room]);
    }),
    http.get('/api/agents', () =>
      HttpResponse.json([
        makeAgent(),
        makeAgent({ id: 2, agentId: 'site-coach', name: 'Site Coach' }),
      ]),
    ),
    http.patch('/api/owner/rooms/:id', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      state.patches.push(body);
      const agent =
        body.agentId === 'site-coach'
          ? { agentId: 'site-coach', name: 'Site Coach' }
          : state.room.agent;
      state.room = { ...state.room, ...body, agent } as OwnerRoom;
      return HttpResponse.json(state.room);
    }),
  );
  return state;
}

const toasts = () => screen.getByRole('region', { name: /Notifications/, hidden: true });

// Whole-app renders with several menus: slower than the default 15 s on a loaded machine (2 CPUs shared).
describe('Edit Room', { timeout: 120_000 }, () => {
  it('opens with the room’s values, sends only what changed, and the card shows it', async () => {
    const state = serveOwner();
    const { user } = renderApp('/rooms');
    const card = await screen.findByRole('article', { name: 'Site Safety' }, slow);
    await user.click(within(card).getByRole('button', { name: 'Edit Room' }));

    const dialog = await screen.findByRole('dialog', { name: 'Edit Room' });
    expect(within(dialog).getByRole('textbox', { name: /Room Name/ })).toHaveValue('Site Safety');
    expect(within(dialog).getByRole('textbox', { name: /Category/ })).toHaveValue('Safety');
    expect(within(dialog).getByText(/everyone in the room stays in it/)).toBeInTheDocument();

    const name = within(dialog).getByRole('textbox', { name: /Room Name/ });
    await user.clear(name);
    await user.type(name, 'Yard Safety');
    await user.click(within(dialog).getByRole('combobox', { name: /Field Advisor/ }));
    await user.click(await screen.findByRole('option', { name: 'Site Coach' }));
    await user.click(within(dialog).getByRole('combobox', { name: /Status/ }));
    await user.click(await screen.findByRole('option', { name: /Paused/i }));
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(await within(toasts()).findByText('Room updated successfully')).toBeInTheDocument();
    expect(state.patches).toEqual([
      { name: 'Yard Safety', agentId: 'site-coach', status: 'PAUSED' },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('article', { name: 'Yard Safety' })).toBeInTheDocument();
  });

  it('shows the server’s reason on the field and keeps the dialog open', async () => {
    serveOwner();
    server.use(
      http.patch('/api/owner/rooms/:id', () =>
        HttpResponse.json(
          {
            error: 'Agent not found',
            code: 'AGENT_NOT_FOUND',
            issues: { formErrors: [], fieldErrors: { agentId: ['Agent not found'] } },
          },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderApp('/rooms');
    const card = await screen.findByRole('article', { name: 'Site Safety' }, slow);
    await user.click(within(card).getByRole('button', { name: 'Edit Room' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Room' });
    await user.type(within(dialog).getByRole('textbox', { name: /Badge Text/ }), 'NEW');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Agent not found');
    expect(screen.getByRole('dialog', { name: 'Edit Room' })).toBeInTheDocument();
  });

  it('an empty name is refused before anything is sent', async () => {
    const state = serveOwner();
    const { user } = renderApp('/rooms');
    const card = await screen.findByRole('article', { name: 'Site Safety' }, slow);
    await user.click(within(card).getByRole('button', { name: 'Edit Room' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Room' });
    await user.clear(within(dialog).getByRole('textbox', { name: /Room Name/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText('Room name is required')).toBeInTheDocument();
    expect(state.patches).toEqual([]);
  });
});

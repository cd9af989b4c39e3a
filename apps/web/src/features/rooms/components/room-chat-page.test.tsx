import { makeRoom, makeUser } from '@fieldcraft/contracts/testing';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { server, signedIn, setupMswServer } from '../../../testing/msw-server';
import { loadPagesFirst } from '../../../testing/load-pages-first';
import { renderApp } from '../../../testing/render-app';

setupMswServer();
loadPagesFirst('signedInShell', 'roomChat');
beforeEach(() => {
  server.use(
    http.get('/api/user/rooms', () =>
      HttpResponse.json([
        makeRoom({ id: 12, name: 'Concrete Basics', description: 'Pours and curing' }),
      ]),
    ),
  );
});

describe('room chat page', () => {
  it("shows 'Loading...', then the room's name", async () => {
    server.use(
      http.get('/api/auth/status', () => HttpResponse.json(signedIn(makeUser({ role: 'USER' })))),
    );
    renderApp('/test-room/12?session=s1');
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Concrete Basics' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Pours and curing')).toBeInTheDocument();
  });

  it('says so when the room is not in the list', async () => {
    server.use(
      http.get('/api/auth/status', () => HttpResponse.json(signedIn(makeUser({ role: 'USER' })))),
    );
    renderApp('/test-room/99?session=s1');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Room not found' }),
    ).toBeInTheDocument();
  });

  it('adds a timestamp-and-random session id to the address when none is given', async () => {
    server.use(
      http.get('/api/auth/status', () => HttpResponse.json(signedIn(makeUser({ role: 'USER' })))),
    );
    const { router } = renderApp('/test-room/12');
    expect(await screen.findByRole('link', { name: 'Back to Rooms' })).toHaveAttribute(
      'href',
      '/rooms',
    );
    await waitFor(() => expect(router.location().search).toMatch(/^\?session=\d{13}-[a-z0-9]+$/));
    expect(router.location().pathname).toBe('/test-room/12');
  });

  it('keeps a session id that is already there', async () => {
    server.use(http.get('/api/auth/status', () => HttpResponse.json(signedIn(makeUser()))));
    const { router } = renderApp('/test-room/3?session=abc');
    await screen.findByRole('link', { name: 'Back to Rooms' });
    expect(router.location().search).toBe('?session=abc');
  });
});

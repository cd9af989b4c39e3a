import { makeUser } from '@fieldcraft/contracts/testing';
import { cleanup, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { outdoorModeKey } from '../../../shared/outdoor-mode/outdoor-mode';
import { server, signedIn, setupMswServer } from '../../../testing/msw-server';
import { renderApp } from '../../../testing/render-app';
import { loadPagesFirst } from '../../../testing/load-pages-first';

setupMswServer();
loadPagesFirst('signedInShell', 'testStation', 'rooms');

function signInAs(user: ReturnType<typeof makeUser>) {
  server.use(
    http.get('/api/auth/status', () => HttpResponse.json(signedIn(user))),
    http.get('/api/user/rooms', () => HttpResponse.json([])),
    http.get('/api/voice/agents', () => HttpResponse.json([])),
  );
}

describe('outdoor mode', () => {
  it("is a checkable 'Outdoor mode' item in the user menu, remembered on this device", async () => {
    signInAs(makeUser({ role: 'USER' }));
    const { user } = renderApp('/test-station');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await user.click(within(nav).getByRole('button', { name: /account menu/ }));
    const item = screen.getByRole('menuitemcheckbox', { name: 'Outdoor mode' });
    expect(item).toHaveAttribute('aria-checked', 'false');

    await user.click(item);
    expect(screen.getByRole('menuitemcheckbox', { name: 'Outdoor mode' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    expect(localStorage.getItem(outdoorModeKey)).toBe('on');

    // A new visit on the same device starts in outdoor mode.
    cleanup();
    const again = renderApp('/test-station');
    const nav2 = await screen.findByRole('navigation', { name: 'Main' });
    await again.user.click(within(nav2).getByRole('button', { name: /account menu/ }));
    expect(screen.getByRole('menuitemcheckbox', { name: 'Outdoor mode' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
  });

  it('is a pressed/unpressed toggle in the main navigation bar', async () => {
    localStorage.setItem(outdoorModeKey, 'on');
    signInAs(makeUser({ role: 'USER' }));
    const { user } = renderApp('/rooms');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const toggle = within(nav).getByRole('button', { name: 'Outdoor mode' });
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(localStorage.getItem(outdoorModeKey)).toBeNull();
  });
});

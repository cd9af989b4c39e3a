import { makeUser } from '@fieldcraft/contracts/testing';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server, signedIn, setupMswServer } from '../../../testing/msw-server';
import { renderApp } from '../../../testing/render-app';
import { atPhoneWidth } from '../../../testing/viewport';
import { loadPagesFirst } from '../../../testing/load-pages-first';

setupMswServer();
loadPagesFirst('signedInShell', 'testStation');

function signInAs(user: ReturnType<typeof makeUser>) {
  server.use(http.get('/api/auth/status', () => HttpResponse.json(signedIn(user))));
}

describe('top navigation', () => {
  it("has a 'Beta 1.4' home button and a user menu with the email, 'Profile' and 'Sign Out'", async () => {
    signInAs(makeUser());
    const { user, router } = renderApp('/test-station');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Beta 1.4' })).toHaveAttribute('href', '/');

    const account = within(nav).getByRole('button', { name: /Olivia Owner/ });
    expect(within(account).getByText('O')).toBeInTheDocument();
    expect(within(account).getByText('OWNER').closest('[data-tone]')).toHaveAttribute(
      'data-tone',
      'red',
    );

    await user.click(account);
    const menu = screen.getByRole('menu');
    expect(within(menu).getByText('owner@example.com')).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Sign Out' })).toBeInTheDocument();
    await user.click(within(menu).getByRole('menuitem', { name: 'Profile' }));
    expect(router.location().pathname).toBe('/profile');
  });

  it('shows the email local part and a grey badge for a USER without a name', async () => {
    signInAs(makeUser({ role: 'USER', firstName: null, lastName: null, email: 'sam@example.com' }));
    renderApp('/test-station');
    const account = await screen.findByRole('button', { name: /sam/ });
    expect(within(account).getByText('USER').closest('[data-tone]')).toHaveAttribute(
      'data-tone',
      'grey',
    );
  });

  it("lists 'Content Management' in the small-screen menu for an OWNER only", async () => {
    atPhoneWidth();
    signInAs(makeUser({ role: 'OWNER' }));
    const owner = renderApp('/test-station');
    await owner.user.click(await screen.findByRole('button', { name: 'Open navigation menu' }));
    const ownerMenu = screen.getByRole('menu', { name: 'Navigation' });
    expect(within(ownerMenu).getByRole('menuitem', { name: 'Content Management' })).toHaveAttribute(
      'href',
      '/content-management',
    );
    expect(within(ownerMenu).getByRole('menuitem', { name: 'Sign Out' })).toBeInTheDocument();
    owner.unmount();

    signInAs(makeUser({ role: 'ADMIN' }));
    const admin = renderApp('/test-station');
    await admin.user.click(await screen.findByRole('button', { name: 'Open navigation menu' }));
    const adminMenu = screen.getByRole('menu', { name: 'Navigation' });
    expect(
      within(adminMenu).queryByRole('menuitem', { name: 'Content Management' }),
    ).not.toBeInTheDocument();
    expect(within(adminMenu).getByRole('menuitem', { name: 'Sign Out' })).toBeInTheDocument();
  });

  it("gives an OWNER the room area's Analytics and Management menus, as groups on a phone", async () => {
    signInAs(makeUser({ role: 'OWNER' }));
    const { user, router } = renderApp('/test-station');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await user.click(within(nav).getByRole('button', { name: 'Management' }));
    await user.click(screen.getByRole('menuitem', { name: 'User Management' }));
    expect(router.location().pathname).toBe('/user-management');

    atPhoneWidth();
    expect(
      within(screen.getByRole('navigation', { name: 'Main' })).queryByRole('button', {
        name: 'Management',
      }),
    ).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Open navigation menu' }));
    const menu = screen.getByRole('menu', { name: 'Navigation' });
    expect(within(menu).getByText('Analytics')).toBeInTheDocument();
    expect(within(menu).getByText('Management')).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Knowledge Gaps' })).toHaveAttribute(
      'href',
      '/analytics/knowledge-gaps',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Companies' })).toHaveAttribute(
      'href',
      '/companies',
    );
  });

  it('shows no owner menus to a USER', async () => {
    signInAs(makeUser({ role: 'USER' }));
    renderApp('/test-station');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).queryByRole('button', { name: 'Management' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('button', { name: 'Analytics' })).not.toBeInTheDocument();
  });
});

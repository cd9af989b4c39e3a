import type { AdminSummary, User } from '@fieldcraft/contracts';
import { makeUser } from '@fieldcraft/contracts/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { apiError, server, setupMswServer, signedIn } from '../../testing/msw-server';
import { renderApp } from '../../testing/render-app';
import { loadPagesFirst } from '../../testing/load-pages-first';

setupMswServer();
loadPagesFirst('signedInShell', 'ownerHome', 'testStation', 'contentManagement');
// The first screen waits for lazily loaded route chunks, slow on a busy machine.
vi.setConfig({ testTimeout: 30_000 });
const pageLoad = { timeout: 12_000 };

const ownerSummary: AdminSummary = {
  scope: { kind: 'all', companyId: null, companyName: null },
  users: { pending: 2, active: 11, deactivated: 1 },
  rooms: { live: 4, paused: 1, inactive: 3 },
  content: { live: 7, offline: 2 },
  conversations: { count: 9, minutes: 42, since: '2026-11-15T10:00:00.000Z' },
};
const adminSummary: AdminSummary = {
  scope: { kind: 'company', companyId: 5, companyName: 'Acme Build' },
  users: { pending: 1, active: 3, deactivated: 0 },
  rooms: { live: 1, paused: 0, inactive: 0 },
  content: null,
  conversations: { count: 2, minutes: 3, since: '2026-11-15T10:00:00.000Z' },
};
const olivia = makeUser();
const ada = makeUser({
  id: 3,
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Admin',
  role: 'ADMIN',
  companyId: 5,
});
const uma = makeUser({
  id: 4,
  email: 'uma@example.com',
  firstName: 'Uma',
  lastName: 'Crew',
  role: 'USER',
});

function serve(user: User, summary: AdminSummary = ownerSummary) {
  let calls = 0;
  server.use(
    http.get('/api/auth/status', () => HttpResponse.json(signedIn(user))),
    http.get('/api/admin/summary', () => {
      calls += 1;
      return HttpResponse.json(summary);
    }),
  );
  return { calls: () => calls };
}

/** The numbers of one group ('Users', 'Rooms', …) as label → value. */
function group(name: string): Record<string, string> {
  const section = screen.getByRole('region', { name });
  const labels = within(section)
    .getAllByRole('term')
    .map((t) => t.textContent ?? '');
  const values = within(section)
    .getAllByRole('definition')
    .map((d) => d.textContent ?? '');
  return Object.fromEntries(labels.map((label, i) => [label, values[i] ?? '']));
}

function links(navName: string): [string, string | null][] {
  const nav = screen.getByRole('navigation', { name: navName });
  return within(nav)
    .getAllByRole('link')
    .map((link) => [
      within(link).getAllByText(/./)[0]?.textContent ?? '',
      link.getAttribute('href'),
    ]);
}

describe('/owner-control', () => {
  it("shows the OWNER the install's numbers and a link to every management screen", async () => {
    serve(olivia);
    renderApp('/owner-control');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Owner Control' }, pageLoad),
    ).toBeInTheDocument();
    await screen.findByRole('region', { name: 'Users' });
    expect(group('Users')).toEqual({ Pending: '2', Active: '11', Deactivated: '1' });
    expect(group('Rooms')).toEqual({ Live: '4', Paused: '1', Inactive: '3' });
    expect(group('Content')).toEqual({ Live: '7', Offline: '2' });
    expect(group('This week')).toEqual({ Conversations: '9', Minutes: '42' });
    expect(links('Manage')).toEqual([
      ['User Management', '/user-management'],
      ['Companies', '/companies'],
      ['Rooms', '/rooms'],
      ['Content Management', '/content-management'],
      ['Bulk Upload', '/bulk-upload'],
      ['Fast Redeploy', '/fast-redeploy'],
    ]);
    expect(links('Assistant and analytics')).toEqual([
      ['AI Assistant Chat', '/simple-chat'],
      ['Voice Usage', '/analytics/usage'],
      ['Content Engagement', '/analytics/engagement'],
      ['Knowledge Gaps', '/analytics/knowledge-gaps'],
    ]);
    expect(screen.getByRole('button', { name: 'Preview as User' })).toBeInTheDocument();
  });

  it('fetches the numbers again on every visit', async () => {
    const summary = serve(olivia);
    server.use(http.get('/api/user/rooms', () => HttpResponse.json([])));
    const { router } = renderApp('/owner-control');
    await screen.findByRole('region', { name: 'Users' }, pageLoad);
    expect(summary.calls()).toBe(1);
    await router.navigate('/test-station');
    await screen.findByRole('heading', { name: 'Page not available' }, pageLoad);
    await router.navigate('/owner-control');
    await waitFor(() => expect(summary.calls()).toBe(2));
  });

  it('says so when the numbers fail, and Retry asks again', async () => {
    server.use(
      http.get('/api/auth/status', () => HttpResponse.json(signedIn(olivia))),
      http.get('/api/admin/summary', () => apiError(500, 'Something went wrong', 'INTERNAL')),
    );
    const { user } = renderApp('/owner-control');
    expect(
      await screen.findByText('The numbers could not be loaded.', undefined, pageLoad),
    ).toBeInTheDocument();
    server.use(http.get('/api/admin/summary', () => HttpResponse.json(ownerSummary)));
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: 'Users' })).toBeInTheDocument();
  });

  it('is for the OWNER only: an ADMIN and a USER go to /test-station', async () => {
    for (const who of [ada, uma]) {
      serve(who);
      const { router, unmount } = renderApp('/owner-control');
      await waitFor(() => expect(router.location().pathname).toBe('/test-station'), pageLoad);
      expect(
        await screen.findByRole('heading', { name: 'Page not available' }, pageLoad),
      ).toBeInTheDocument();
      unmount();
    }
  });
});

describe('/main-dashboard', () => {
  it("shows an ADMIN their company's numbers, no content, and their screens", async () => {
    serve(ada, adminSummary);
    renderApp('/main-dashboard');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' }, pageLoad),
    ).toBeInTheDocument();
    expect(await screen.findByText('Acme Build: your company’s numbers')).toBeInTheDocument();
    expect(group('Users')).toEqual({ Pending: '1', Active: '3', Deactivated: '0' });
    expect(group('Rooms')).toEqual({ Live: '1', Paused: '0', Inactive: '0' });
    expect(screen.queryByRole('region', { name: 'Content' })).not.toBeInTheDocument();
    expect(group('This week')).toEqual({ Conversations: '2', Minutes: '3' });
    expect(links('Go to')).toEqual([
      ['User Management', '/user-management'],
      ['Companies', '/companies'],
      ['Rooms', '/rooms'],
    ]);
    expect(screen.getByRole('button', { name: 'Preview as User' })).toBeInTheDocument();
  });

  it('tells an ADMIN without a company why there is nothing to count', async () => {
    serve(ada, { ...adminSummary, scope: { kind: 'company', companyId: null, companyName: null } });
    renderApp('/main-dashboard');
    expect(
      await screen.findByText(
        'You are not assigned to a company yet, so there are no numbers to show.',
        undefined,
        pageLoad,
      ),
    ).toBeInTheDocument();
  });

  it('gives the OWNER the whole install and a link to Owner Control', async () => {
    serve(olivia);
    renderApp('/main-dashboard');
    expect(await screen.findByText('The whole install', undefined, pageLoad)).toBeInTheDocument();
    await screen.findByRole('region', { name: 'Content' });
    expect(links('Go to')[0]).toEqual(['Owner Control', '/owner-control']);
  });

  it('sends a USER to /test-station', async () => {
    serve(uma);
    const { router } = renderApp('/main-dashboard');
    await waitFor(() => expect(router.location().pathname).toBe('/test-station'), pageLoad);
  });
});

describe('admin navigation', () => {
  it("gives an ADMIN 'Admin Dashboard' in the account menu and the main bar", async () => {
    serve(ada, adminSummary);
    const { user, router } = renderApp('/test-station');
    await user.click(await screen.findByRole('button', { name: /Ada Admin/ }, pageLoad));
    await user.click(screen.getByRole('menuitem', { name: 'Admin Dashboard' }));
    expect(router.location().pathname).toBe('/main-dashboard');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' }, pageLoad),
    ).toBeInTheDocument();

    // From the admin screens (main bar), back to it again.
    await router.navigate('/companies');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Admin Dashboard' })).toHaveAttribute(
      'href',
      '/main-dashboard',
    );
    expect(within(nav).queryByRole('button', { name: 'Management' })).not.toBeInTheDocument();
  });

  it("gives the OWNER 'Admin Dashboard' in the account menu, and a USER nothing new", async () => {
    serve(olivia);
    const first = renderApp('/test-station');
    await first.user.click(await screen.findByRole('button', { name: /Olivia Owner/ }, pageLoad));
    expect(screen.getByRole('menuitem', { name: 'Admin Dashboard' })).toHaveAttribute(
      'href',
      '/main-dashboard',
    );
    first.unmount();

    serve(uma);
    const second = renderApp('/test-station');
    await second.user.click(await screen.findByRole('button', { name: /Uma Crew/ }, pageLoad));
    const items = screen.getAllByRole('menuitem').map((item) => item.textContent);
    expect(items).toEqual(['Profile', 'Sign Out']);
  });

  it("'Back to Owner Control' on the content screen leads to /owner-control", async () => {
    serve(olivia);
    server.use(
      http.get('/api/dashboard/content/manage', () => HttpResponse.json([])),
      http.get('/api/content/access', () => HttpResponse.json([])),
      http.get('/api/content/permissions', () => HttpResponse.json([])),
      http.get('/api/owner/users', () => HttpResponse.json([])),
    );
    const { user, router } = renderApp('/content-management');
    await user.click(await screen.findByRole('link', { name: 'Back to Owner Control' }, pageLoad));
    expect(router.location().pathname).toBe('/owner-control');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Owner Control' }, pageLoad),
    ).toBeInTheDocument();
  });
});

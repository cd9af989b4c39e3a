import type { ContentBulkBody, ContentItem } from '@fieldcraft/contracts';
import { makeContentItem, makeUser } from '@fieldcraft/contracts/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server, setupMswServer, signedIn } from '../../../../testing/msw-server';
import { loadPagesFirst } from '../../../../testing/load-pages-first';
import { renderApp } from '../../../../testing/render-app';

setupMswServer();
loadPagesFirst('signedInShell', 'contentManagement');
const slow = { timeout: 30_000 };
afterEach(() => vi.restoreAllMocks());

/** Say how wide the window is for useMediaQuery (the table shows from 900 px). */
function windowWidth(px: number) {
  vi.spyOn(window, 'matchMedia').mockImplementation(((query: string) => {
    const min = Number(/min-width:\s*(\d+)px/.exec(query)?.[1] ?? 0);
    return {
      matches: px >= min,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    };
  }) as unknown as typeof window.matchMedia);
}

const item = (o: Partial<ContentItem>) => ({
  ...makeContentItem({ url: 'https://example.com', ...o }),
  textStatus: 'none' as const,
  textStatusReason: null,
});

function serve() {
  const state = {
    items: [
      item({
        id: 1,
        title: 'Ladder safety',
        category: 'watch',
        type: 'VIMEO',
        createdAt: '2026-01-04T00:00:00Z',
      }),
      item({
        id: 2,
        title: 'Concrete curing',
        category: 'read',
        type: 'PDF',
        createdAt: '2026-01-03T00:00:00Z',
      }),
      item({
        id: 3,
        title: 'Briefing audio',
        category: 'listen',
        type: 'AUDIO',
        createdAt: '2026-01-02T00:00:00Z',
      }),
      item({
        id: 4,
        title: 'Site news',
        category: 'read',
        type: 'NEWS',
        createdAt: '2026-01-01T00:00:00Z',
      }),
    ],
    bulk: [] as ContentBulkBody[],
  };
  server.use(
    http.get('/api/auth/status', () => HttpResponse.json(signedIn(makeUser({ role: 'OWNER' })))),
    http.get('/api/dashboard/content/manage', () => HttpResponse.json(state.items)),
    http.get('/api/content/access', () => HttpResponse.json([])),
    http.get('/api/content/permissions', () => HttpResponse.json([])),
    http.get('/api/users', () =>
      HttpResponse.json([makeUser({ id: 2, role: 'USER', firstName: 'Ann', lastName: 'Able' })]),
    ),
    http.post('/api/dashboard/content/bulk', async ({ request }) => {
      const body = (await request.json()) as ContentBulkBody;
      state.bulk.push(body);
      if (body.action === 'take-offline') {
        state.items = state.items.map((i) =>
          body.ids.includes(i.id) ? { ...i, isActive: false } : i,
        );
      }
      return HttpResponse.json({ action: body.action, changed: body.ids.length, missing: [] });
    }),
  );
  return state;
}

const toasts = () => screen.getByRole('region', { name: /Notifications/, hidden: true });

// Whole-app renders with several menus: slower than the default 15 s on a loaded machine (2 CPUs shared).
describe('content management: table, filters and bulk actions', { timeout: 120_000 }, () => {
  it('on a desktop: a dense table; three items go offline in one action', async () => {
    windowWidth(1280);
    const state = serve();
    const { user } = renderApp('/content-management');
    const table = await screen.findByRole('table', { name: 'Content' }, slow);
    expect(within(table).getAllByRole('row')).toHaveLength(5);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['', 'Title', 'Kind', 'State', 'Activity', 'Actions']);

    for (const title of ['Ladder safety', 'Concrete curing', 'Briefing audio']) {
      await user.click(within(table).getByRole('checkbox', { name: `Select ${title}` }));
    }
    const bar = screen.getByRole('region', { name: 'Bulk actions' });
    expect(within(bar).getByText('3 items selected')).toBeInTheDocument();
    await user.click(within(bar).getByRole('button', { name: 'Take offline' }));

    expect(
      await within(toasts()).findByText('3 items taken offline: the crew no longer sees them.'),
    ).toBeInTheDocument();
    expect(state.bulk).toEqual([{ action: 'take-offline', ids: [1, 2, 3] }]);
    await waitFor(() => expect(within(table).getAllByText('OFFLINE')).toHaveLength(3));
  });

  it('searches, filters by kind and state, and sorts', async () => {
    windowWidth(1280);
    serve();
    const { user } = renderApp('/content-management');
    const table = await screen.findByRole('table', { name: 'Content' }, slow);
    const titles = () =>
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.getAttribute('aria-label'));
    expect(titles()).toEqual(['Ladder safety', 'Concrete curing', 'Briefing audio', 'Site news']);

    await user.type(screen.getByRole('searchbox', { name: 'Search content' }), 'curing');
    expect(titles()).toEqual(['Concrete curing']);
    expect(screen.getByText('Showing 1 of 4')).toBeInTheDocument();
    await user.clear(screen.getByRole('searchbox', { name: 'Search content' }));

    await user.click(screen.getByRole('combobox', { name: 'Kind' }));
    await user.click(await screen.findByRole('option', { name: 'Read' }));
    expect(titles()).toEqual(['Concrete curing', 'Site news']);

    await user.click(screen.getByRole('combobox', { name: 'Sort by' }));
    await user.click(await screen.findByRole('option', { name: 'Title A–Z' }));
    expect(titles()).toEqual(['Concrete curing', 'Site news']);
    await user.click(screen.getByRole('combobox', { name: 'State' }));
    await user.click(await screen.findByRole('option', { name: 'Offline' }));
    expect(screen.getByText('No content matches')).toBeInTheDocument();
  });

  it('on a phone: cards, each selectable; grant needs a user', async () => {
    windowWidth(390);
    const state = serve();
    const { user } = renderApp('/content-management');
    const list = await screen.findByRole('list', { name: 'Content' }, slow);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await user.click(within(list).getByRole('checkbox', { name: 'Select Site news' }));
    const bar = screen.getByRole('region', { name: 'Bulk actions' });
    expect(within(bar).getByRole('button', { name: 'Grant access' })).toBeDisabled();
    await user.click(within(bar).getByRole('combobox', { name: 'User' }));
    await user.click(await screen.findByRole('option', { name: 'Ann Able' }));
    await user.click(within(bar).getByRole('button', { name: 'Revoke access' }));
    expect(await within(toasts()).findByText('Access revoked from 1 item.')).toBeInTheDocument();
    expect(state.bulk).toEqual([{ action: 'revoke', ids: [4], userId: 2 }]);
  });
});

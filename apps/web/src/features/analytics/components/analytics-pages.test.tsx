// Over 300 lines: the three analytics screens' cases over one set of msw handlers; one case per
// behaviour.
import type {
  EngagementReport,
  KnowledgeGapReport,
  User,
  VoiceUsageReport,
} from '@fieldcraft/contracts';
import { makeUser } from '@fieldcraft/contracts/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, server, setupMswServer, signedIn } from '../../../testing/msw-server';
import { renderApp } from '../../../testing/render-app';
import { loadPagesFirst } from '../../../testing/load-pages-first';

setupMswServer();
loadPagesFirst('signedInShell', 'voiceUsage', 'contentEngagement', 'knowledgeGaps');
// The first screen waits for lazily loaded route chunks, slow on a busy machine.
vi.setConfig({ testTimeout: 30_000 });
const pageLoad = { timeout: 12_000 };
afterEach(() => vi.restoreAllMocks());

const owner = makeUser({ role: 'OWNER' });
const window7 = {
  days: 7 as const,
  from: '2026-11-16T00:00:00.000Z',
  to: '2026-11-22T10:00:00.000Z',
};
const days = [
  '2026-11-16',
  '2026-11-17',
  '2026-11-18',
  '2026-11-19',
  '2026-11-20',
  '2026-11-21',
  '2026-11-22',
];

function usage(d: number): VoiceUsageReport {
  return {
    window: { ...window7, days: d as 7 },
    totals: { conversations: 5, seconds: 510, distinctUsers: 3, averageSeconds: 128 },
    byAgent: [
      {
        agentId: 'field-advisor',
        agentName: 'Field Advisor',
        conversations: 4,
        seconds: 480,
        distinctUsers: 3,
        averageSeconds: 160,
      },
      {
        agentId: 'retired-agent',
        agentName: null,
        conversations: 1,
        seconds: 30,
        distinctUsers: 1,
        averageSeconds: 30,
      },
    ],
    byRoom: [
      {
        roomId: 3,
        roomName: 'Site Safety',
        conversations: 4,
        seconds: 480,
        distinctUsers: 3,
        averageSeconds: 160,
      },
      {
        roomId: null,
        roomName: 'Estimating',
        conversations: 1,
        seconds: 30,
        distinctUsers: 1,
        averageSeconds: 30,
      },
    ],
    daily: days.map((date, i) => ({
      date,
      conversations: i === 6 ? 3 : i === 4 ? 2 : 0,
      seconds: i === 6 ? 180 : i === 4 ? 330 : 0,
    })),
  };
}

const engagement: EngagementReport = {
  window: window7,
  totals: { opens: 4, distinctUsers: 2, itemsOpened: 2 },
  items: [
    {
      contentId: 1,
      title: 'Crane Manual',
      type: 'PDF',
      isActive: true,
      opens: 3,
      distinctUsers: 2,
      lastOpenedAt: '2026-11-22T09:00:00.000Z',
    },
    {
      contentId: 2,
      title: 'Old Archive',
      type: 'NEWS',
      isActive: false,
      opens: 0,
      distinctUsers: 0,
      lastOpenedAt: null,
    },
  ],
  users: [
    {
      userId: 7,
      name: 'Dana Fielding',
      email: 'dana@example.com',
      opens: 3,
      itemsOpened: 2,
      lastActiveAt: '2026-11-22T09:00:00.000Z',
    },
    {
      userId: 1,
      name: 'Olivia Owner',
      email: 'owner@example.com',
      opens: 0,
      itemsOpened: 0,
      lastActiveAt: null,
    },
  ],
  daily: days.map((date, i) => ({ date, opens: i === 6 ? 4 : 0 })),
};

function gaps(status: string, resolved: boolean): KnowledgeGapReport {
  const trench = {
    key: 'how deep is the trench',
    question: 'How deep is the trench?',
    timesAsked: 3,
    distinctUsers: 2,
    agentIds: ['field-advisor'],
    agentNames: ['Field Advisor'],
    rooms: ['Site Safety'],
    firstAskedAt: '2026-11-19T08:00:00.000Z',
    lastAskedAt: '2026-11-22T08:00:00.000Z',
    resolvedAt: resolved ? '2026-11-22T10:00:00.000Z' : null,
  };
  const shown = status === 'all' || (status === 'resolved') === resolved ? [trench] : [];
  return {
    window: window7,
    totals: { asked: 3, distinctQuestions: 1, openQuestions: resolved ? 0 : 1 },
    questions: shown,
    daily: days.map((date, i) => ({ date, asked: i === 3 ? 1 : i === 6 ? 2 : 0 })),
  };
}

function serve(actor: User = owner) {
  const requests: string[] = [];
  const bodies: unknown[] = [];
  let resolved = false;
  server.use(
    http.get('/api/auth/status', () => HttpResponse.json(signedIn(actor))),
    http.get('/api/owner/analytics/usage', ({ request }) => {
      const url = new URL(request.url);
      requests.push(url.pathname + url.search);
      return HttpResponse.json(usage(Number(url.searchParams.get('days'))));
    }),
    http.get('/api/owner/analytics/engagement', ({ request }) => {
      const url = new URL(request.url);
      requests.push(url.pathname + url.search);
      return HttpResponse.json(engagement);
    }),
    http.get('/api/owner/analytics/knowledge-gaps', ({ request }) => {
      const url = new URL(request.url);
      requests.push(url.pathname + url.search);
      return HttpResponse.json(gaps(url.searchParams.get('status') ?? 'all', resolved));
    }),
    http.post('/api/owner/analytics/knowledge-gaps/resolution', async ({ request }) => {
      const body = (await request.json()) as { key: string; resolved: boolean };
      bodies.push(body);
      resolved = body.resolved;
      return HttpResponse.json({ ...body, updated: 3 });
    }),
  );
  return { requests, bodies };
}

/** The texts of a table row's cells, headers included. */
const cells = (row: HTMLElement) => [...row.querySelectorAll('th, td')].map((c) => c.textContent);

const stat = (label: string) => {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.parentElement?.querySelector('dd')?.textContent;
};

describe('Analytics screens', () => {
  it('are reached from the Analytics menu, after AI Assistant Chat', async () => {
    const { requests } = serve();
    const { user, router } = renderApp('/analytics/usage');
    const nav = await screen.findByRole('navigation', { name: 'Main' }, pageLoad);
    await user.click(within(nav).getByRole('button', { name: 'Analytics' }));
    const items = screen
      .getAllByRole('menuitem')
      .map((i) => [i.textContent, i.getAttribute('href')]);
    expect(items).toEqual([
      ['AI Assistant Chat', '/simple-chat'],
      ['Voice Usage', '/analytics/usage'],
      ['Content Engagement', '/analytics/engagement'],
      ['Knowledge Gaps', '/analytics/knowledge-gaps'],
    ]);
    await user.click(screen.getByRole('menuitem', { name: 'Knowledge Gaps' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Knowledge Gaps' }, pageLoad),
    ).toBeInTheDocument();
    expect(router.location().pathname).toBe('/analytics/knowledge-gaps');
    await screen.findByRole('table', { name: 'Questions' });

    // The menu item of the screen one is on fetches the figures again (they may have moved).
    const gapCalls = () => requests.filter((r) => r.includes('knowledge-gaps')).length;
    const before = gapCalls();
    await user.click(within(nav).getByRole('button', { name: 'Analytics' }));
    await user.click(screen.getByRole('menuitem', { name: 'Knowledge Gaps' }));
    await waitFor(() => expect(gapCalls()).toBe(before + 1));
  });

  it('voice usage: totals, charts as tables, per agent and per room, and the period sent to the server', async () => {
    const { requests } = serve();
    const { user } = renderApp('/analytics/usage');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Voice Usage' }, pageLoad),
    ).toBeInTheDocument();
    await screen.findByText('By agent');
    expect(requests).toEqual(['/api/owner/analytics/usage?days=30']);
    expect(stat('Conversations')).toBe('5');
    expect(stat('Minutes')).toBe('8.5');
    expect(stat('Users')).toContain('3');
    expect(stat('Average length')).toBe('2 min 8 s');

    const perDay = screen.getByRole('table', { name: 'Conversations per day' });
    expect(within(perDay).getByRole('row', { name: 'Nov 22 3' })).toBeInTheDocument();
    const minutesPerDay = screen.getByRole('table', { name: 'Minutes per day' });
    expect(within(minutesPerDay).getByRole('row', { name: 'Nov 20 5.5' })).toBeInTheDocument();

    const agents = screen.getByRole('table', { name: 'By agent' });
    expect(within(agents).getAllByRole('row').map(cells)).toEqual([
      ['Agent', 'Conversations', 'Minutes', 'Users', 'Average length'],
      ['Field Advisor', '4', '8', '3', '2 min 40 s'],
      ['retired-agent (deleted)', '1', '0.5', '1', '30 s'],
    ]);
    const rooms = screen.getByRole('table', { name: 'By room' });
    expect(
      within(rooms).getByRole('rowheader', { name: 'Estimating (deleted)' }),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Last 7 days' }));
    await waitFor(() => expect(requests).toContain('/api/owner/analytics/usage?days=7'));
    expect(screen.getByRole('button', { name: 'Last 7 days' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    // The period follows to the other screens, and the menu's links keep it in this tab.
    expect(sessionStorage.getItem('fieldcraft.analytics.days')).toBe('7');
    expect(screen.getByRole('tab', { name: 'Content Engagement' })).toHaveAttribute(
      'href',
      '/analytics/engagement?days=7',
    );
  });

  it('content engagement: per item (unopened too) and per person', async () => {
    const { requests } = serve();
    renderApp('/analytics/engagement?days=90');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Content Engagement' }, pageLoad),
    ).toBeInTheDocument();
    const items = await screen.findByRole('table', { name: 'By content item' });
    expect(requests).toEqual(['/api/owner/analytics/engagement?days=90']);
    expect(screen.getByRole('button', { name: 'Last 90 days' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(stat('Opens')).toBe('4');
    expect(stat('Items opened')).toBe('2of 2 in the library');
    const rows = within(items).getAllByRole('row');
    expect(rows[1]).toHaveTextContent(/Crane Manual.*3.*2.*Nov 22, 2026.*PDF/);
    expect(rows[2]).toHaveTextContent(/Old Archive.*Offline.*0.*0.*Never.*NEWS/);
    const people = screen.getByRole('table', { name: 'By person' });
    expect(
      within(people)
        .getAllByRole('rowheader')
        .map((c) => c.textContent),
    ).toEqual(['Dana Fielding', 'Olivia Owner']);
    expect(
      within(screen.getByRole('table', { name: 'Opens per day' })).getByRole('row', {
        name: 'Nov 22 4',
      }),
    ).toBeInTheDocument();
  });

  it('knowledge gaps: open questions first, marked resolved with a toast, then listed as resolved', async () => {
    const { requests, bodies } = serve();
    const { user } = renderApp('/analytics/knowledge-gaps?days=7');
    const table = await screen.findByRole('table', { name: 'Questions' }, pageLoad);
    expect(requests).toEqual(['/api/owner/analytics/knowledge-gaps?days=7&status=open']);
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent(
      /How deep is the trench\?.*3.*2.*Field Advisor.*Site Safety/,
    );
    expect(stat('Open questions')).toBe('1not yet resolved');

    await user.click(
      within(table).getByRole('button', { name: 'Mark resolved: How deep is the trench?' }),
    );
    expect(await screen.findByText('Question resolved')).toBeInTheDocument();
    expect(bodies).toEqual([{ key: 'how deep is the trench', resolved: true }]);
    expect(
      await screen.findByText(
        'No open questions: the advisor answered everything asked in this period.',
      ),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Resolved' }));
    const resolved = await screen.findByRole('table', { name: 'Questions' });
    expect(within(resolved).getByText('Resolved')).toBeInTheDocument();
    await user.click(
      within(resolved).getByRole('button', { name: 'Reopen: How deep is the trench?' }),
    );
    expect(await screen.findByText('Question reopened')).toBeInTheDocument();
    expect(bodies).toEqual([
      { key: 'how deep is the trench', resolved: true },
      { key: 'how deep is the trench', resolved: false },
    ]);
  });

  it('says so when the figures cannot be loaded, and tries again', async () => {
    serve();
    let calls = 0;
    server.use(
      http.get('/api/owner/analytics/usage', () => {
        calls += 1;
        return calls === 1
          ? apiError(500, 'Internal server error', 'INTERNAL_ERROR')
          : HttpResponse.json(usage(30));
      }),
    );
    const { user } = renderApp('/analytics/usage');
    const alert = await screen.findByRole('alert', {}, pageLoad);
    expect(alert).toHaveTextContent('Could not load the voice usage.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'By agent' })).toBeInTheDocument();
  });

  it('sends a USER or an ADMIN to the test station', async () => {
    serve(makeUser({ role: 'ADMIN' }));
    const { router } = renderApp('/analytics/engagement');
    await waitFor(() => expect(router.location().pathname).toBe('/test-station'), pageLoad);
  });
});

import type { ContentItem, ContentReader, UserDashboard } from '@fieldcraft/contracts';
import { makeContentItem, makeUser } from '@fieldcraft/contracts/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server, signedIn, setupMswServer } from '../../../../testing/msw-server';
import { renderApp } from '../../../../testing/render-app';
import { loadPagesFirst } from '../../../../testing/load-pages-first';

setupMswServer();
loadPagesFirst('signedInShell', 'dashboard', 'libraryItem');
afterEach(() => vi.restoreAllMocks());

const item = makeContentItem;
const library: ContentItem[] = [
  item({
    id: 2,
    title: 'Site walk',
    category: 'watch',
    type: 'VIDEO',
    url: '/api/files/walk.mp4',
    durationSeconds: 185,
  }),
  item({
    id: 4,
    title: 'Safety briefing',
    description: 'Hearing protection',
    category: 'listen',
    type: 'AUDIO',
    url: '/api/files/brief.wav',
    durationSeconds: 3725,
  }),
  item({ id: 5, title: 'Rebar guide', category: 'read', type: 'PDF', url: '/api/files/rebar.pdf' }),
  item({
    id: 10,
    title: 'Pour procedure',
    category: 'read',
    type: 'WORD',
    url: '/api/files/pour.docx',
  }),
];

function serve({
  positions = [] as { contentId: number; positionSeconds: number }[],
  newContent = [] as ContentItem[],
  reader = null as Partial<ContentReader> | null,
} = {}) {
  const seen = { searches: [] as string[], saves: [] as { id: number; at: number }[] };
  server.use(
    http.get('/api/auth/status', () => HttpResponse.json(signedIn(makeUser({ role: 'USER' })))),
    http.get('/api/dashboard/content', () => HttpResponse.json(library)),
    http.get('/api/user/dashboard', () =>
      HttpResponse.json<UserDashboard>({
        rooms: [],
        newContent,
        newContentCount: newContent.length,
        recentConversations: [],
        lastVisitAt: '2026-11-20T10:00:00.000Z',
      }),
    ),
    http.get('/api/content/positions', () =>
      HttpResponse.json(positions.map((p) => ({ ...p, updatedAt: '2026-11-25T10:00:00.000Z' }))),
    ),
    http.post('/api/content/:id/access', () => new HttpResponse(null, { status: 204 })),
    http.get('/api/content/search', ({ request }) => {
      const q = new URL(request.url).searchParams.get('q') ?? '';
      seen.searches.push(q);
      return HttpResponse.json(
        q === 'harness'
          ? [
              {
                contentId: 5,
                title: 'Rebar guide',
                type: 'PDF',
                page: 2,
                text: 'Wear a full body harness when you tie off.',
                rank: 0.5,
              },
            ]
          : [],
      );
    }),
    http.get('/api/content/:id/reader', ({ params }) => {
      const found = library.find((i) => i.id === Number(params.id));
      if (!found)
        return HttpResponse.json(
          { error: 'Content not found', code: 'CONTENT_NOT_FOUND' },
          { status: 404 },
        );
      return HttpResponse.json({
        item: found,
        kind: 'pdf',
        fileUrl: found.url,
        downloadUrl: `${found.url}?download=1`,
        html: null,
        text: null,
        truncated: false,
        positionSeconds: 0,
        ...reader,
      });
    }),
    http.put('/api/content/:id/position', async ({ params, request }) => {
      const body = (await request.json()) as { positionSeconds: number };
      seen.saves.push({ id: Number(params.id), at: body.positionSeconds });
      return HttpResponse.json({
        contentId: Number(params.id),
        positionSeconds: body.positionSeconds,
        updatedAt: new Date().toISOString(),
      });
    }),
  );
  return seen;
}

/** The test DOM plays nothing: a media element that says it has loaded `duration` seconds. */
function loaded(media: HTMLMediaElement, duration: number) {
  let time = 0;
  Object.defineProperty(media, 'readyState', { configurable: true, get: () => 1 });
  Object.defineProperty(media, 'duration', { configurable: true, get: () => duration });
  Object.defineProperty(media, 'currentTime', {
    configurable: true,
    get: () => time,
    set: (t: number) => {
      time = t;
    },
  });
  fireEvent(media, new Event('loadedmetadata'));
  return { at: (t: number) => (time = t) };
}

/** The dashboard's search box; the first render loads the page's lazy chunk (slow when busy). */
const searchBox = () =>
  screen.findByRole('searchbox', { name: 'Search the library' }, { timeout: 15_000 });

describe('the library on the dashboard', () => {
  it('finds a document by a word inside it and opens it at the page that matched', async () => {
    const seen = serve();
    const { user, router } = renderApp('/dashboard');
    fireEvent.change(await searchBox(), { target: { value: 'harness' } });
    const results = await screen.findByRole('list', { name: 'Search results' });
    const hit = within(results).getByRole('link', { name: /Rebar guide/ });
    expect(hit).toHaveAttribute('href', '/library/5?page=2');
    expect(hit).toHaveTextContent('PDF · Page 2');
    expect(hit.querySelector('mark')).toHaveTextContent('harness');
    expect(router.location().search).toBe('?q=harness');
    expect(seen.searches).toEqual(['harness']);
    // The panels give way to the results while there is a query.
    expect(screen.queryByRole('region', { name: 'Watch' })).not.toBeInTheDocument();

    await user.click(hit);
    await waitFor(() => expect(router.location().pathname).toBe('/library/5'));
    const viewer = await screen.findByTitle('Rebar guide (PDF)');
    expect(viewer).toHaveAttribute('src', '/api/files/rebar.pdf#page=2');
    expect(screen.getByRole('link', { name: 'Download' })).toHaveAttribute(
      'href',
      '/api/files/rebar.pdf?download=1',
    );
    // Two lazy pages (the dashboard's and the reader's chunks) load in this one test.
  }, 40_000);

  it('finds media by title, and says so when nothing matches', async () => {
    serve();
    renderApp('/dashboard');
    const box = await searchBox();
    fireEvent.change(box, { target: { value: 'briefing' } });
    const results = await screen.findByRole('list', { name: 'Search results' });
    expect(within(results).getByRole('link', { name: /Safety briefing/ })).toHaveAttribute(
      'href',
      '/library/4',
    );
    fireEvent.change(box, { target: { value: 'zzz' } });
    expect(await screen.findByText('Nothing found')).toBeInTheDocument();
  });

  it("never shows the last query's passages while the next query is searched", async () => {
    serve();
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get('/api/content/search', async ({ request }) => {
        if (new URL(request.url).searchParams.get('q') !== 'pour') return undefined;
        await answered;
        return HttpResponse.json([
          {
            contentId: 10,
            title: 'Pour procedure',
            type: 'WORD',
            page: 3,
            text: 'Pour in lifts.',
            rank: 0.4,
          },
        ]);
      }),
    );
    renderApp('/dashboard');
    const box = await searchBox();
    fireEvent.change(box, { target: { value: 'harness' } });
    const first = await screen.findByRole('list', { name: 'Search results' });
    expect(within(first).getByRole('link', { name: /Rebar guide/ })).toBeInTheDocument();

    fireEvent.change(box, { target: { value: 'pour' } });
    // Until the server answers for "pour", the harness passage is not offered as a hit for it.
    const section = screen.getByRole('region', { name: 'Search results' });
    await waitFor(() =>
      expect(within(section).getAllByRole('status')[0]).toHaveTextContent('Searching...'),
    );
    expect(screen.queryByRole('link', { name: /Rebar guide/ })).not.toBeInTheDocument();
    expect(screen.queryByText('Nothing found')).not.toBeInTheDocument();

    answer();
    const next = await screen.findByRole('list', { name: 'Search results' });
    const hits = within(next).getAllByRole('link');
    expect(hits).toHaveLength(1);
    expect(hits[0]).toHaveTextContent('Word document · Section 3');
    expect(hits[0]).toHaveAttribute('href', '/library/10?page=3');
  });

  it('filters by kind, kept in the address', async () => {
    serve();
    const { user, router } = renderApp('/dashboard');
    await screen.findByRole('region', { name: 'Watch' });
    await user.click(screen.getByRole('button', { name: 'Listen' }));
    expect(router.location().search).toBe('?kind=listen');
    expect(screen.getByRole('region', { name: 'Listen' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Watch' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Read' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'All' }));
    expect(screen.getByRole('region', { name: 'Watch' })).toBeInTheDocument();
  });

  it('marks new items, shows durations and where the user left off; lists are not cut to a box', async () => {
    serve({
      newContent: [library[2] as ContentItem],
      positions: [{ contentId: 4, positionSeconds: 62 }],
    });
    renderApp('/dashboard');
    const read = await screen.findByRole('region', { name: 'Read' });
    const rebar = await within(read).findByRole('link', { name: /^Rebar guide/ });
    await waitFor(() => expect(within(rebar).getByText('New')).toBeInTheDocument());
    expect(within(read).getByRole('link', { name: /^Pour procedure/ })).not.toHaveTextContent(
      'New',
    );
    const listen = screen.getByRole('region', { name: 'Listen' });
    const talk = within(listen).getByRole('link', { name: /^Safety briefing/ });
    expect(talk).toHaveTextContent('1:02:05');
    expect(talk).toHaveAccessibleName(/1 hour 2 minutes/);
    expect(await within(talk).findByText('Resume at 1:02')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Watch' })).getByRole('button', {
        name: /^Site walk/,
      }),
    ).toHaveTextContent('3:05');
    for (const list of screen.getAllByRole('list')) {
      expect(getComputedStyle(list.parentElement as HTMLElement).maxHeight).not.toBe('384px');
    }
  });
});

describe('the reader and the player', () => {
  it('plays audio from where the user left off and saves the place, throttled, and on pause', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['Date'] });
    try {
      const seen = serve({ reader: { kind: 'audio', positionSeconds: 42 } });
      renderApp('/library/4');
      expect(await screen.findByText('Resumes at 0:42, where you left off.')).toBeInTheDocument();
      const audio = document.querySelector('audio') as HTMLAudioElement;
      expect(audio).toHaveAttribute('src', '/api/files/brief.wav');
      const media = loaded(audio, 3725);
      expect(audio.currentTime).toBe(42);
      media.at(45);
      fireEvent(audio, new Event('timeupdate'));
      // Within ten seconds of the last save (the resume itself): nothing is sent.
      expect(seen.saves).toEqual([]);
      vi.setSystemTime(Date.now() + 11_000);
      media.at(56);
      fireEvent(audio, new Event('timeupdate'));
      await waitFor(() => expect(seen.saves).toEqual([{ id: 4, at: 56 }]));
      media.at(58.26);
      fireEvent(audio, new Event('pause'));
      await waitFor(() =>
        expect(seen.saves).toEqual([
          { id: 4, at: 56 },
          { id: 4, at: 58.3 },
        ]),
      );
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows a Word file as the server rendered it and scrolls to the cited section', async () => {
    const scrolled: string[] = [];
    // The test DOM lays nothing out (its scrollIntoView does nothing): record where the reader
    // scrolls to.
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this.id);
    };
    serve({
      reader: {
        kind: 'html',
        fileUrl: null,
        html: '<span id="section-1"></span><h1>Before</h1><p>Forms</p><h1 id="section-2">Curing</h1><p>Seven days</p>',
      },
    });
    renderApp('/library/10?page=2');
    expect(await screen.findByRole('heading', { level: 1, name: 'Curing' })).toBeInTheDocument();
    await waitFor(() => expect(scrolled).toEqual(['section-2']));
  });

  it('says when an item is not available', async () => {
    serve();
    renderApp('/library/999');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This item is not available' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Library' })).toHaveAttribute('href', '/dashboard');
    await act(async () => undefined);
  });
});

// Over 300 lines: one screen's cases over one set of msw handlers; one case per behaviour.
import type { ContentItem, UserDashboard } from '@fieldcraft/contracts';
import { makeContentItem, makeUser } from '@fieldcraft/contracts/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server, signedIn, setupMswServer } from '../../../../testing/msw-server';
import { renderApp } from '../../../../testing/render-app';
import { loadPagesFirst } from '../../../../testing/load-pages-first';

setupMswServer();
loadPagesFirst('signedInShell', 'dashboard');
afterEach(() => vi.restoreAllMocks());

const item = makeContentItem;

const summary: UserDashboard = {
  rooms: [],
  newContent: [],
  newContentCount: 2,
  recentConversations: [],
  lastVisitAt: null,
};

/** Serves a signed-in person and the dashboard's calls; returns what the server saw. */
function serve({
  role = 'USER',
  content = [] as ContentItem[],
  firstName = 'Olivia' as string | null,
  email = 'olivia@example.com',
} = {}) {
  const seen = { accessed: [] as number[], dashboard: 0, loginStats: 0 };
  server.use(
    http.get('/api/auth/status', () =>
      HttpResponse.json(
        signedIn(makeUser({ role: role as 'USER', firstName, lastName: null, email })),
      ),
    ),
    http.get('/api/dashboard/content', () => HttpResponse.json(content)),
    http.get('/api/user/dashboard', () => {
      seen.dashboard += 1;
      return HttpResponse.json(summary);
    }),
    http.get('/api/user/login-stats', () => {
      seen.loginStats += 1;
      return HttpResponse.json({ loginCount: 5, lastLoginAt: null });
    }),
    http.post('/api/content/:id/access', ({ params }) => {
      seen.accessed.push(Number(params.id));
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return seen;
}

const library: ContentItem[] = [
  item({
    id: 1,
    title: 'Pour day',
    category: 'watch',
    type: 'VIMEO',
    url: 'https://vimeo.com/76979871/abc123def',
  }),
  item({ id: 2, title: 'Site walk', category: 'watch', type: 'VIDEO', url: '/api/files/walk.mp4' }),
  item({
    id: 3,
    title: 'Broken vimeo',
    category: 'watch',
    type: 'VIMEO',
    url: 'https://example.com/not-vimeo',
  }),
  item({
    id: 4,
    title: 'Safety briefing',
    category: 'listen',
    type: 'AUDIO',
    url: '/api/files/brief.mp3',
  }),
  item({ id: 5, title: 'Rebar guide', category: 'read', type: 'PDF', url: '/api/files/rebar.pdf' }),
  item({
    id: 6,
    title: 'Code portal',
    category: 'read',
    type: 'LINK',
    url: 'https://codes.example.org/portal',
  }),
  item({ id: 7, title: 'Site news', category: 'read', type: 'NEWS', url: '/news/1' }),
  item({ id: 8, title: 'Hidden', category: 'read', type: 'NEWS', url: '/news/2', isActive: false }),
];

const region = (name: string) => screen.getByRole('region', { name });

describe('dashboard', () => {
  it('greets the user by first name at / with the newsroom subtitle and the three empty states', async () => {
    serve();
    renderApp('/');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome back, Olivia' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Your Fieldcraft Newsroom')).toBeInTheDocument();

    const watch = region('Watch');
    expect(within(watch).getByText('Standby')).toBeInTheDocument();
    expect(within(watch).getByRole('heading', { name: 'Choose Video' })).toBeInTheDocument();
    expect(await within(watch).findByText('No videos available')).toBeInTheDocument();
    expect(within(watch).getByText('Upload videos to see them here')).toBeInTheDocument();

    const listen = region('Listen');
    expect(within(listen).getByText('No audio content available')).toBeInTheDocument();
    expect(within(listen).getByText('Upload audio files to see them here')).toBeInTheDocument();

    const read = region('Read');
    expect(within(read).getByText('No reading content available')).toBeInTheDocument();
    expect(within(read).getByText('Check back for updates and news')).toBeInTheDocument();
  });

  it('shows spinners while the content loads', async () => {
    serve();
    server.use(http.get('/api/dashboard/content', () => new Promise(() => {})));
    renderApp('/');
    expect(await screen.findByText('Loading videos...')).toBeInTheDocument();
    expect(screen.getByText('Loading audio...')).toBeInTheDocument();
    expect(screen.getByText('Loading reading content...')).toBeInTheDocument();
  });

  it('falls back to the local part of the email without a first name', async () => {
    serve({ firstName: null, email: 'crew.lead@example.com' });
    renderApp('/dashboard');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome back, crew.lead' }),
    ).toBeInTheDocument();
  });

  it("shows the 'Content' button to an OWNER only; 'Your Rooms' to everyone", async () => {
    serve({ role: 'OWNER' });
    const owner = renderApp('/dashboard');
    expect(await screen.findByRole('link', { name: 'Content' })).toHaveAttribute(
      'href',
      '/content-management',
    );
    expect(screen.getByRole('link', { name: 'Your Rooms' })).toHaveAttribute('href', '/rooms');
    owner.unmount();

    serve({ role: 'ADMIN' });
    renderApp('/dashboard');
    expect(await screen.findByRole('link', { name: 'Your Rooms' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Content' })).not.toBeInTheDocument();
  });

  it('fetches the user summary for USER and OWNER only, and login stats for anyone signed in', async () => {
    const user = serve({ role: 'USER' });
    const first = renderApp('/dashboard');
    expect(await screen.findByText('New since your last visit')).toBeInTheDocument();
    expect(user.dashboard).toBe(1);
    expect(user.loginStats).toBe(1);
    first.unmount();

    const admin = serve({ role: 'ADMIN' });
    renderApp('/dashboard');
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(admin.loginStats).toBe(1));
    expect(admin.dashboard).toBe(0);
    expect(screen.queryByText('New since your last visit')).not.toBeInTheDocument();
  });

  it('lists items in their panels: videos (Uploaded badge on VIDEO), audio, reading; inactive hidden', async () => {
    serve({ content: library });
    renderApp('/');
    const videos = await screen.findByRole('list', { name: 'Choose Video' });
    expect(within(videos).getAllByRole('listitem')).toHaveLength(3);
    expect(within(videos).getAllByText('Uploaded')).toHaveLength(1);
    expect(within(region('Listen')).getByText('Safety briefing')).toBeInTheDocument();
    const read = within(region('Read'));
    expect(read.getByText('Rebar guide')).toBeInTheDocument();
    expect(read.getByText('Code portal')).toBeInTheDocument();
    expect(read.getByText('Site news')).toBeInTheDocument();
    expect(screen.queryByText('Hidden')).not.toBeInTheDocument();
  });

  it('plays a Vimeo video in a sandboxed autoplay frame, then Stop returns to Standby; every click is recorded', async () => {
    const seen = serve({ content: library });
    const { user } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: /Pour day/ }));
    const watch = region('Watch');
    expect(within(watch).getByText('Playing')).toBeInTheDocument();
    const frame = watch.querySelector('iframe');
    expect(frame).toHaveAttribute(
      'src',
      'https://player.vimeo.com/video/76979871?autoplay=1&h=abc123def',
    );
    expect(frame).toHaveAttribute('sandbox', 'allow-scripts allow-same-origin allow-presentation');
    expect(within(watch).getByRole('group', { name: 'Now Playing' })).toHaveTextContent('Pour day');

    await user.click(within(watch).getByRole('button', { name: 'Stop' }));
    expect(within(watch).getByText('Standby')).toBeInTheDocument();
    expect(watch.querySelector('iframe')).toBeNull();
    expect(within(watch).queryByRole('group', { name: 'Now Playing' })).not.toBeInTheDocument();
    await waitFor(() => expect(seen.accessed).toEqual([1]));
  });

  it('plays an uploaded VIDEO in the native player with autoplay; an unparseable Vimeo URL does nothing', async () => {
    const seen = serve({ content: library });
    const { user } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: /Broken vimeo/ }));
    const watch = region('Watch');
    expect(within(watch).getByText('Standby')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /Site walk/ }));
    const video = watch.querySelector('video');
    expect(video).toHaveAttribute('src', '/api/files/walk.mp4');
    expect(video?.autoplay).toBe(true);
    expect(within(watch).getByText('Playing')).toBeInTheDocument();
    await waitFor(() => expect(seen.accessed).toEqual([3, 2]));
  });

  it('opens audio, PDFs and news in the app (the reader and player), recording each click', async () => {
    const seen = serve({ content: library });
    server.use(
      http.get('/api/content/:id/reader', ({ params }) =>
        HttpResponse.json({
          item: library.find((i) => i.id === Number(params.id)),
          kind: 'news',
          fileUrl: null,
          downloadUrl: null,
          html: null,
          text: 'The story.',
          truncated: false,
          positionSeconds: 0,
        }),
      ),
    );
    const open = vi.spyOn(window, 'open').mockReturnValue({} as Window);
    const { user, router } = renderApp('/');
    for (const [name, id] of [
      ['Safety briefing', 4],
      ['Rebar guide', 5],
      ['Site news', 7],
    ] as const) {
      if (router.location().pathname !== '/') await router.navigate('/');
      await user.click(await screen.findByRole('link', { name: new RegExp(`^${name}`) }));
      await waitFor(() => expect(router.location().pathname).toBe(`/library/${id}`));
      expect(await screen.findByRole('heading', { level: 1, name })).toBeInTheDocument();
    }
    expect(open).not.toHaveBeenCalled();
    await waitFor(() => expect(seen.accessed).toEqual([4, 5, 7]));
  });

  it('warns before an external link: Stay in App closes, Continue opens it without opener or referrer', async () => {
    const seen = serve({ content: library });
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { user } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: /Code portal/ }));
    const dialog = await screen.findByRole('dialog', { name: 'External Link Warning' });
    expect(dialog).toHaveTextContent(
      'You are about to visit external content and leave the platform.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Stay in App' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(open).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: /Code portal/ }));
    await user.click(await screen.findByRole('button', { name: 'Continue to External Site' }));
    expect(open).toHaveBeenCalledWith(
      'https://codes.example.org/portal',
      '_blank',
      'noopener,noreferrer',
    );
    await waitFor(() => expect(seen.accessed).toEqual([6, 6]));
  });

  it('warns before a site path that a browser reads as another host, and never opens javascript:', async () => {
    const tricky: ContentItem[] = [
      item({
        id: 21,
        title: 'Tab path',
        category: 'read',
        type: 'LINK',
        url: '/\t/evil.example/x',
      }),
      item({
        id: 22,
        title: 'Backslash path',
        category: 'read',
        type: 'PDF',
        url: '/\\evil.example/a.pdf',
      }),
      item({
        id: 23,
        title: 'Script link',
        category: 'read',
        type: 'LINK',
        url: 'javascript:alert(1)',
      }),
    ];
    const seen = serve({ content: tricky });
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { user } = renderApp('/');
    for (const [name, href] of [
      ['Tab path', 'http://evil.example/x'],
      ['Backslash path', 'http://evil.example/a.pdf'],
    ] as const) {
      await user.click(await screen.findByRole('button', { name: new RegExp(`^${name}`) }));
      const dialog = await screen.findByRole('dialog', { name: 'External Link Warning' });
      expect(dialog).toHaveTextContent(href);
      expect(open).not.toHaveBeenCalled();
      await user.click(within(dialog).getByRole('button', { name: 'Continue to External Site' }));
      expect(open).toHaveBeenLastCalledWith(href, '_blank', 'noopener,noreferrer');
      open.mockClear();
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    }
    await user.click(screen.getByRole('button', { name: /^Script link/ }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(open).not.toHaveBeenCalled();
    await waitFor(() => expect(seen.accessed).toEqual([21, 22, 23]));
  });

  describe('rows are links where they lead, for a tap before the app has run', () => {
    const files: ContentItem[] = [
      ...library,
      item({
        id: 9,
        title: 'Field manual',
        category: 'read',
        type: 'DOCUMENT',
        url: '/api/files/manual.txt',
      }),
      item({
        id: 10,
        title: 'Spec sheet',
        category: 'read',
        type: 'WORD',
        url: '/api/files/spec.docx',
      }),
      item({
        id: 11,
        title: 'Supplier sheet',
        category: 'read',
        type: 'DOCUMENT',
        url: 'https://supplier.example.com/sheet.txt',
      }),
      item({
        id: 12,
        title: 'Crane signals',
        category: 'listen',
        type: 'AUDIO',
        url: '//cdn.example.net/signals.mp3',
      }),
    ];
    const named = (name: string) => new RegExp(`^${name}`);
    const button = (name: string) => screen.getByRole('button', { name: named(name) });
    const link = (name: string) => screen.getByRole('link', { name: named(name) });
    const serveReader = () =>
      server.use(
        http.get('/api/content/:id/reader', ({ params }) =>
          HttpResponse.json({
            item: files.find((i) => i.id === Number(params.id)),
            kind: 'text',
            fileUrl: null,
            downloadUrl: null,
            html: null,
            text: 'Text.',
            truncated: false,
            positionSeconds: 0,
          }),
        ),
      );

    it('links reader rows (audio, PDF, documents, Word, news on this site) to /library/:id and an uploaded video to its file; the rest are plain buttons', async () => {
      serve({ content: files });
      renderApp('/');
      await screen.findByRole('button', { name: /^Site walk/ });
      const video = button('Site walk');
      expect(video.tagName).toBe('A');
      expect(video).toHaveAttribute('href', '/api/files/walk.mp4');
      expect(video).toHaveAttribute('target', '_blank');
      expect(video).toHaveAttribute('rel', 'noopener noreferrer');
      for (const [name, id] of [
        ['Safety briefing', 4],
        ['Rebar guide', 5],
        ['Site news', 7],
        ['Field manual', 9],
        ['Spec sheet', 10],
      ] as const) {
        expect(link(name), name).toHaveAttribute('href', `/library/${id}`);
        expect(link(name), name).not.toHaveAttribute('target');
      }
      for (const name of [
        'Pour day',
        'Broken vimeo',
        'Code portal',
        'Supplier sheet',
        'Crane signals',
      ]) {
        expect(button(name).tagName, name).not.toBe('A');
        expect(button(name), name).not.toHaveAttribute('href');
      }
    });

    it('once the app runs, a click does what it did instead of following the link', async () => {
      const seen = serve({ content: files });
      serveReader();
      const open = vi.spyOn(window, 'open').mockReturnValue({} as Window);
      const followed: boolean[] = [];
      const watchClicks = (event: MouseEvent) => followed.push(!event.defaultPrevented);
      document.addEventListener('click', watchClicks);
      try {
        const { user, router } = renderApp('/');
        await user.click(await screen.findByRole('button', { name: /^Site walk/ }));
        const watch = region('Watch');
        expect(watch.querySelector('video')).toHaveAttribute('src', '/api/files/walk.mp4');
        expect(within(watch).getByText('Playing')).toBeInTheDocument();

        await user.click(link('Field manual'));
        await waitFor(() => expect(router.location().pathname).toBe('/library/9'));
        expect(open).not.toHaveBeenCalled();
        expect(followed).toEqual([false, false]);
        await waitFor(() => expect(seen.accessed).toEqual([2, 9]));
      } finally {
        document.removeEventListener('click', watchClicks);
      }
    });

    it('Space presses the video row as a button; Enter follows a reader link', async () => {
      const seen = serve({ content: files });
      serveReader();
      const { user, router } = renderApp('/');
      (await screen.findByRole('button', { name: /^Site walk/ })).focus();
      await user.keyboard(' ');
      expect(region('Watch').querySelector('video')).toHaveAttribute('src', '/api/files/walk.mp4');

      link('Rebar guide').focus();
      await user.keyboard('{Enter}');
      await waitFor(() => expect(router.location().pathname).toBe('/library/5'));
      await waitFor(() => expect(seen.accessed).toEqual([2, 5]));
    });
  });
});

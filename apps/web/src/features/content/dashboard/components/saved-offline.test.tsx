// Over 300 lines: saved-for-offline cases over one fake Cache Storage; one case per behaviour.
import type { ContentItem } from '@fieldcraft/contracts';
import { makeContentItem, makeUser } from '@fieldcraft/contracts/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeUser } from '../../../../shared/session/auth-storage';
import { navigation } from '../../../../shared/navigation';
import { FakeCacheStorage } from '../../../../testing/fake-cache-storage';
import { SAVED_FILES_KEY } from '../../../../shared/offline/saved-files';
import type { SavedFile } from '../../../../shared/offline/saved-files.model';
import { SAVED_FILES_CACHE } from '../../../../service-worker/cache-policy';
import { server, signedIn, setupMswServer } from '../../../../testing/msw-server';
import { renderApp } from '../../../../testing/render-app';
import { loadPagesFirst } from '../../../../testing/load-pages-first';

setupMswServer();
loadPagesFirst('signedInShell', 'dashboard', 'savedOffline');

const ORIGIN = window.location.origin;
const OFFLINE_LINE = 'You are offline. Showing what you saved on this device.';
const me = makeUser({ id: 7, role: 'USER', firstName: 'Olivia', lastName: null });

let cacheStorage: FakeCacheStorage;
beforeEach(() => {
  cacheStorage = new FakeCacheStorage();
  vi.stubGlobal('caches', cacheStorage);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  Object.defineProperty(window.navigator, 'onLine', { value: true, configurable: true });
});

const item = (overrides: Partial<ContentItem>) =>
  makeContentItem({ type: 'PDF', url: '/api/files/aa.pdf', ...overrides });

const checklist = item({ id: 1, title: 'Site checklist', type: 'PDF', url: '/api/files/aa.pdf' });
const briefing = item({
  id: 2,
  title: 'Morning briefing',
  category: 'listen',
  type: 'AUDIO',
  url: '/api/files/bb.wav',
});
const specs = item({ id: 3, title: 'Spec sheet', type: 'WORD', url: '/api/files/cc.docx' });
const news = item({ id: 4, title: 'Site news', type: 'NEWS', url: '/news/1' });
const portal = item({ id: 5, title: 'Code portal', type: 'LINK', url: 'https://example.org' });
const library = [checklist, briefing, specs, news, portal];

const PDF_BYTES = new TextEncoder().encode('%PDF-1.4 test');

function serve(content: ContentItem[] = library) {
  const files = vi.fn(({ params }: { params: { key?: string | readonly string[] } }) =>
    params.key === 'gone.pdf'
      ? HttpResponse.json({ error: 'File not found', code: 'FILE_NOT_FOUND' }, { status: 404 })
      : new HttpResponse(PDF_BYTES, {
          headers: {
            'content-type': 'application/pdf',
            'content-length': String(PDF_BYTES.length),
          },
        }),
  );
  server.use(
    http.get('/api/auth/status', () => HttpResponse.json(signedIn(me))),
    http.get('/api/dashboard/content', () => HttpResponse.json(content)),
    http.get('/api/files/:key', files),
    http.post('/api/content/:id/access', () => new HttpResponse(null, { status: 204 })),
  );
  return files;
}

function stored(): SavedFile[] {
  return JSON.parse(localStorage.getItem(SAVED_FILES_KEY) ?? '[]') as SavedFile[];
}

function seedSaved(
  files: Array<Partial<SavedFile> & Pick<SavedFile, 'id' | 'title' | 'type' | 'url'>>,
) {
  const full = files.map((f) => ({
    description: '',
    size: 1234,
    savedAt: '2026-11-22T09:00:00.000Z',
    userId: me.id,
    ...f,
  }));
  localStorage.setItem(SAVED_FILES_KEY, JSON.stringify(full));
  return Promise.all(
    full.map(async (f) =>
      (await cacheStorage.open(SAVED_FILES_CACHE)).put(`${ORIGIN}${f.url}`, new Response('x')),
    ),
  );
}

const panel = (name: 'Read' | 'Listen') => screen.getByRole('region', { name });

/** The first button a test waits for: the lazy dashboard chunk and two queries come first. */
const findFirst = (name: string) => screen.findByRole('button', { name }, { timeout: 15_000 });

describe('saving for offline use from the Read and Listen panels', () => {
  it('offers a labelled 44 px button on uploaded documents and audio only', async () => {
    serve();
    renderApp('/dashboard');
    expect(await findFirst('Save for offline use: Site checklist')).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Save for offline use: Morning briefing' }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Save for offline use: Spec sheet' }),
    ).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: /Save for offline use: Site news/ }),
    ).not.toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: /Save for offline use: Code portal/ }),
    ).not.toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Save for offline use: Site checklist' }),
    ).toHaveStyle({
      width: '44px',
      height: '44px',
    });
  });

  it('saves the file into the saved-files cache, marks the row Saved, and removes it again', async () => {
    const files = serve();
    const { user } = renderApp('/dashboard');
    await user.click(await findFirst('Save for offline use: Site checklist'));

    const read = panel('Read');
    const remove = await within(read).findByRole('button', {
      name: 'Remove offline copy: Site checklist',
    });
    expect(within(read).getByRole('link', { name: /^Site checklist/ })).toHaveTextContent('Saved');
    expect(within(read).getByRole('status')).toHaveTextContent(
      '"Site checklist" is saved on this device.',
    );
    expect(files).toHaveBeenCalledTimes(1);
    expect(cacheStorage.urls(SAVED_FILES_CACHE)).toEqual([`${ORIGIN}/api/files/aa.pdf`]);
    const saved = await (
      await cacheStorage.open(SAVED_FILES_CACHE)
    ).match(`${ORIGIN}/api/files/aa.pdf`);
    expect(saved?.headers.get('content-type')).toBe('application/pdf');
    expect(await saved?.text()).toBe('%PDF-1.4 test');
    expect(stored()).toEqual([
      expect.objectContaining({
        id: 1,
        title: 'Site checklist',
        type: 'PDF',
        url: '/api/files/aa.pdf',
        size: PDF_BYTES.length,
        userId: 7,
      }),
    ]);
    // Nothing the user did not save is stored.
    expect([...cacheStorage.stores.keys()]).toEqual([SAVED_FILES_CACHE]);

    await user.click(remove);
    expect(
      await within(read).findByRole('button', { name: 'Save for offline use: Site checklist' }),
    ).toBeInTheDocument();
    expect(within(read).getByRole('link', { name: /^Site checklist/ })).not.toHaveTextContent(
      'Saved',
    );
    expect(cacheStorage.urls(SAVED_FILES_CACHE)).toEqual([]);
    expect(stored()).toEqual([]);
  });

  it('says when a file is no longer available to the user, and when the device is full', async () => {
    serve([item({ id: 9, title: 'Old drawing', url: '/api/files/gone.pdf' }), checklist]);
    const { user } = renderApp('/dashboard');
    await user.click(await findFirst('Save for offline use: Old drawing'));
    expect(await within(panel('Read')).findByRole('alert')).toHaveTextContent(
      '"Old drawing" is no longer available to you.',
    );
    expect(stored()).toEqual([]);

    cacheStorage.quotaExceeded = true;
    await user.click(screen.getByRole('button', { name: 'Save for offline use: Site checklist' }));
    await waitFor(() =>
      expect(within(panel('Read')).getByRole('alert')).toHaveTextContent(
        'Storage on this device is full. Remove saved files, then try again.',
      ),
    );
    expect(stored()).toEqual([]);
    expect(
      screen.getByRole('button', { name: 'Save for offline use: Site checklist' }),
    ).toBeEnabled();
  });
});

describe('the device’s saved files follow the content list', () => {
  it('removes revoked, replaced and other users’ files when the list loads, and keeps the rest', async () => {
    serve([checklist, briefing, { ...specs, url: '/api/files/new.docx' }]);
    await seedSaved([
      { id: 1, title: 'Site checklist', type: 'PDF', url: '/api/files/aa.pdf' },
      { id: 2, title: 'Morning briefing', type: 'AUDIO', url: '/api/files/bb.wav' },
      { id: 3, title: 'Spec sheet', type: 'WORD', url: '/api/files/cc.docx' },
      { id: 6, title: 'Revoked memo', type: 'PDF', url: '/api/files/dd.pdf' },
      { id: 8, title: 'Someone else’s', type: 'PDF', url: '/api/files/ee.pdf', userId: 99 },
    ]);
    renderApp('/dashboard');

    await waitFor(() => expect(stored().map((f) => f.id)).toEqual([1, 2]));
    expect(cacheStorage.urls(SAVED_FILES_CACHE).sort()).toEqual([
      `${ORIGIN}/api/files/aa.pdf`,
      `${ORIGIN}/api/files/bb.wav`,
    ]);
    expect(await findFirst('Remove offline copy: Site checklist')).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Save for offline use: Spec sheet' }),
    ).toBeInTheDocument();
  });

  it('forgets a listed file the browser no longer has in its cache', async () => {
    serve([checklist, briefing]);
    await seedSaved([{ id: 1, title: 'Site checklist', type: 'PDF', url: '/api/files/aa.pdf' }]);
    localStorage.setItem(
      SAVED_FILES_KEY,
      JSON.stringify([
        ...stored(),
        {
          id: 2,
          title: 'Morning briefing',
          type: 'AUDIO',
          url: '/api/files/bb.wav',
          description: '',
          size: 1,
          savedAt: 'x',
          userId: 7,
        },
      ]),
    );
    renderApp('/dashboard');
    await waitFor(() => expect(stored().map((f) => f.id)).toEqual([1]));
    expect(
      await screen.findByRole('button', { name: 'Save for offline use: Morning briefing' }),
    ).toBeInTheDocument();
  });

  it('deletes every saved file at sign-out', async () => {
    vi.spyOn(navigation, 'assign').mockImplementation(() => {});
    serve();
    server.use(http.post('/api/auth/logout', () => HttpResponse.json({ success: true })));
    storeUser(me);
    await seedSaved([{ id: 1, title: 'Site checklist', type: 'PDF', url: '/api/files/aa.pdf' }]);
    const { user } = renderApp('/dashboard');
    await findFirst('Remove offline copy: Site checklist');
    await user.click(screen.getByRole('button', { name: /Olivia/ }));
    await user.click(within(screen.getByRole('menu')).getByRole('menuitem', { name: 'Sign Out' }));
    await waitFor(() => expect(navigation.assign).toHaveBeenCalledWith('/'));
    expect(localStorage.getItem(SAVED_FILES_KEY)).toBeNull();
    expect(await cacheStorage.has(SAVED_FILES_CACHE)).toBe(false);
  });
});

describe('without signal', () => {
  const noSignal = http.get('/api/dashboard/content', () => HttpResponse.error());

  it('lists the saved files when the content list cannot load, and opens them from the saved copy', async () => {
    serve();
    server.use(noSignal);
    await seedSaved([
      { id: 1, title: 'Site checklist', type: 'PDF', url: '/api/files/aa.pdf' },
      { id: 2, title: 'Morning briefing', type: 'AUDIO', url: '/api/files/bb.wav' },
      { id: 3, title: 'Spec sheet', type: 'WORD', url: '/api/files/cc.docx' },
      { id: 8, title: 'Someone else’s', type: 'PDF', url: '/api/files/ee.pdf', userId: 99 },
    ]);
    const open = vi.spyOn(window, 'open').mockReturnValue({} as Window);
    const { user } = renderApp('/dashboard');

    expect(await screen.findByText('Welcome back, Olivia')).toBeInTheDocument();
    const read = panel('Read');
    expect(await within(read).findByText(OFFLINE_LINE)).toBeInTheDocument();
    expect(within(panel('Listen')).getByText(OFFLINE_LINE)).toBeInTheDocument();
    expect(within(read).getByRole('button', { name: /^Site checklist/ })).toHaveTextContent(
      'Saved',
    );
    expect(within(read).getByRole('button', { name: /^Spec sheet/ })).toBeInTheDocument();
    expect(
      within(panel('Listen')).getByRole('button', { name: /^Morning briefing/ }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Someone else’s')).not.toBeInTheDocument();

    await user.click(within(read).getByRole('button', { name: /^Site checklist/ }));
    expect(open).toHaveBeenLastCalledWith('/api/files/aa.pdf', '_blank');
    // Offline a Word file opens too (the browser downloads it).
    await user.click(within(read).getByRole('button', { name: /^Spec sheet/ }));
    expect(open).toHaveBeenLastCalledWith('/api/files/cc.docx', '_blank');
  });

  it('lists them under the offline notice when the app itself opens without signal, then loads the list when the signal is back', async () => {
    Object.defineProperty(window.navigator, 'onLine', { value: false, configurable: true });
    storeUser(me);
    serve();
    server.use(
      http.get('/api/auth/status', () => HttpResponse.error()),
      noSignal,
    );
    await seedSaved([
      { id: 1, title: 'Site checklist', type: 'PDF', url: '/api/files/aa.pdf' },
      { id: 2, title: 'Morning briefing', type: 'AUDIO', url: '/api/files/bb.wav' },
    ]);
    renderApp('/dashboard');

    expect(await screen.findByRole('heading', { name: 'You are offline' })).toBeInTheDocument();
    const read = await screen.findByRole('region', { name: 'Read' });
    expect(within(read).getByText(OFFLINE_LINE)).toBeInTheDocument();
    expect(within(read).getByRole('button', { name: /^Site checklist/ })).toBeInTheDocument();
    expect(
      within(panel('Listen')).getByRole('button', { name: /^Morning briefing/ }),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Welcome back/)).not.toBeInTheDocument();

    // Signal back: the dashboard loads; the audio was revoked meanwhile and leaves the device.
    Object.defineProperty(window.navigator, 'onLine', { value: true, configurable: true });
    server.use(
      http.get('/api/auth/status', () => HttpResponse.json(signedIn(me))),
      http.get('/api/dashboard/content', () => HttpResponse.json([checklist])),
    );
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByText('Welcome back, Olivia')).toBeInTheDocument();
    await waitFor(() => expect(stored().map((f) => f.id)).toEqual([1]));
    expect(cacheStorage.urls(SAVED_FILES_CACHE)).toEqual([`${ORIGIN}/api/files/aa.pdf`]);
    expect(screen.queryByText(OFFLINE_LINE)).not.toBeInTheDocument();
  });

  it('shows only the offline notice when nothing is saved', async () => {
    storeUser(me);
    server.use(http.get('/api/auth/status', () => HttpResponse.error()));
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'You are offline' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Read' })).not.toBeInTheDocument();
  });
});

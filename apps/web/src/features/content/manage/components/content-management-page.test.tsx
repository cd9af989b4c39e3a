// Over 300 lines: one screen's cases (list, create, edit, upload, access) over one set of msw
// handlers; one case per behaviour.
import type {
  ContentAccessRecord,
  ContentItem,
  ContentPermission,
  CreateContentBody,
  ManagedContentItem,
} from '@fieldcraft/contracts';
import { makeContentItem, makeUser } from '@fieldcraft/contracts/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { server, setupMswServer, signedIn } from '../../../../testing/msw-server';
import { renderApp } from '../../../../testing/render-app';
import { loadPagesFirst } from '../../../../testing/load-pages-first';

setupMswServer();
loadPagesFirst('signedInShell', 'contentManagement');
beforeEach(() => {
  // The form is a dialog at 640 px and up: say we are wide, whatever the test window's width.
  vi.spyOn(window, 'matchMedia').mockImplementation(((query: string) => ({
    matches: query.includes('min-width:640px'),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia);
});
afterEach(() => vi.restoreAllMocks());

const item = (overrides: Partial<ContentItem>) => makeContentItem({ url: '/news/1', ...overrides });

interface State {
  items: ContentItem[];
  access: ContentAccessRecord[];
  permissions: ContentPermission[];
  created: CreateContentBody[];
  patched: unknown[];
  permissionCalls: ContentPermission[];
  uploads: number;
  calls: string[];
}

function serve(items: ContentItem[] = []): State {
  const state: State = {
    items,
    access: [],
    permissions: [],
    created: [],
    patched: [],
    permissionCalls: [],
    uploads: 0,
    calls: [],
  };
  server.use(
    http.get('/api/auth/status', () => HttpResponse.json(signedIn(makeUser({ role: 'OWNER' })))),
    http.get('/api/dashboard/content/manage', () => HttpResponse.json(state.items)),
    http.get('/api/content/access', () => {
      state.calls.push('access');
      return HttpResponse.json(state.access);
    }),
    http.get('/api/content/permissions', () => {
      state.calls.push('permissions');
      return HttpResponse.json(state.permissions);
    }),
    http.get('/api/users', () =>
      HttpResponse.json([
        makeUser({ id: 1, role: 'OWNER', email: 'owner@example.com', firstName: 'Owner' }),
        makeUser({
          id: 2,
          role: 'USER',
          email: 'ann@example.com',
          firstName: 'Ann',
          lastName: 'Able',
        }),
        makeUser({
          id: 3,
          role: 'ADMIN',
          email: 'bob@example.com',
          firstName: 'Bob',
          lastName: 'Bell',
        }),
      ]),
    ),
    http.post('/api/content/create-metadata', async ({ request }) => {
      const body = (await request.json()) as CreateContentBody;
      state.created.push(body);
      const created = item({ ...body, id: 100 + state.created.length, url: body.url ?? null });
      state.items = [...state.items, created];
      return HttpResponse.json(created, { status: 201 });
    }),
    http.patch('/api/dashboard/content/:id', async ({ request, params }) => {
      const body = (await request.json()) as Partial<ContentItem>;
      state.patched.push(body);
      state.items = state.items.map((i) => (i.id === Number(params.id) ? { ...i, ...body } : i));
      return HttpResponse.json(state.items.find((i) => i.id === Number(params.id)));
    }),
    http.delete('/api/dashboard/content/:id', ({ params }) => {
      state.items = state.items.filter((i) => i.id !== Number(params.id));
      return new HttpResponse(null, { status: 204 });
    }),
    http.post('/api/content/permissions', async ({ request }) => {
      const body = (await request.json()) as ContentPermission;
      state.permissionCalls.push(body);
      state.permissions = [
        ...state.permissions.filter(
          (p) => !(p.contentId === body.contentId && p.userId === body.userId),
        ),
        body,
      ];
      return HttpResponse.json(body);
    }),
  );
  return state;
}

const toasts = () => screen.getByRole('region', { name: /Notifications/, hidden: true });

async function openForm(user: ReturnType<typeof renderApp>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Add Content' }));
  return screen.findByRole('dialog', { name: 'Add Content' });
}

async function choose(
  user: ReturnType<typeof renderApp>['user'],
  dialog: HTMLElement,
  label: string,
  option: string,
) {
  await user.click(within(dialog).getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('content management', () => {
  it('shows the title, subtitle, buttons, count and empty state, and asks nothing else without items', async () => {
    const state = serve();
    renderApp('/content-management');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Content Management' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Manage PDFs, links, videos, and news for the dashboard'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Owner Control' })).toHaveAttribute(
      'href',
      '/owner-control',
    );
    expect(screen.getByRole('link', { name: 'View Landing Page' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Bulk Upload' })).toHaveAttribute(
      'href',
      '/bulk-upload',
    );
    expect(screen.getByRole('button', { name: 'Add Content' })).toBeInTheDocument();
    expect(await screen.findByText('No content yet')).toBeInTheDocument();
    expect(
      screen.getByText('Create your first piece of content to get started.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'All Content (0)' })).toBeInTheDocument();
    expect(state.calls).toEqual([]);
  });

  it('shows each row: badges, LIVE/OFFLINE, created, last clicked in hours or days, access count', async () => {
    const now = Date.now();
    const state = serve([
      item({
        id: 1,
        title: 'Pour day',
        type: 'VIMEO',
        category: 'watch',
        url: 'https://vimeo.com/1',
      }),
      item({ id: 2, title: 'Old memo', isActive: false }),
    ]);
    state.access = [
      { contentId: 1, accessedAt: new Date(now - 3 * 3600_000 - 60_000).toISOString() },
      { contentId: 1, accessedAt: new Date(now - 30 * 3600_000).toISOString() },
      { contentId: 2, accessedAt: new Date(now - 50 * 3600_000).toISOString() },
    ];
    state.permissions = [{ contentId: 2, userId: 3, canAccess: false }];
    renderApp('/content-management');
    const first = await screen.findByRole('listitem', { name: 'Pour day' });
    expect(screen.getByRole('heading', { name: 'All Content (2)' })).toBeInTheDocument();
    expect(within(first).getByText('Vimeo Video')).toBeInTheDocument();
    expect(within(first).getByText('LIVE')).toBeInTheDocument();
    expect(within(first).getByText('Live')).toBeInTheDocument();
    expect(within(first).getByText(/^Created /)).toBeInTheDocument();
    expect(await within(first).findByText('Last clicked 3 hours ago')).toBeInTheDocument();
    expect(await within(first).findByRole('button', { name: 'Access (2)' })).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'View Content' })).toHaveAttribute(
      'href',
      'https://vimeo.com/1',
    );

    const second = screen.getByRole('listitem', { name: 'Old memo' });
    expect(within(second).getByText('OFFLINE')).toBeInTheDocument();
    expect(within(second).getByText('Inactive')).toBeInTheDocument();
    expect(within(second).getByText('Last clicked 2 days ago')).toBeInTheDocument();
    expect(within(second).getByRole('button', { name: 'Access (1)' })).toBeInTheDocument();
    expect(within(second).getByRole('button', { name: 'Make Live' })).toBeInTheDocument();
  });

  it('tells the owner when a file’s text is not (or only partly) searchable, and why', async () => {
    const rows: ManagedContentItem[] = [
      {
        ...item({ id: 1, title: 'Hostile procedure', type: 'WORD' }),
        textStatus: 'failed',
        textStatusReason: 'timeout',
      },
      {
        ...item({ id: 2, title: 'Long manual', type: 'PDF' }),
        textStatus: 'partial',
        textStatusReason: 'too_long',
      },
      {
        ...item({ id: 3, title: 'Readable', type: 'PDF' }),
        textStatus: 'ok',
        textStatusReason: null,
      },
      {
        ...item({ id: 4, title: 'Site link', type: 'LINK' }),
        textStatus: 'none',
        textStatusReason: null,
      },
    ];
    serve(rows);
    renderApp('/content-management');
    const hostile = await screen.findByRole('listitem', { name: 'Hostile procedure' });
    expect(
      within(hostile).getByText('Text not searchable: the document took too long to read.'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('listitem', { name: 'Long manual' })).getByText(
        'Text partly searchable: the text is too long, only the beginning is searchable.',
      ),
    ).toBeInTheDocument();
    for (const name of ['Readable', 'Site link']) {
      expect(
        within(screen.getByRole('listitem', { name })).queryByText(/searchable/),
      ).not.toBeInTheDocument();
    }
  });

  it('toggles an item and toasts the status; deletes only after the confirmation', async () => {
    const state = serve([item({ id: 1, title: 'Pour day' })]);
    const { user } = renderApp('/content-management');
    const row = await screen.findByRole('listitem', { name: 'Pour day' });
    await user.click(within(row).getByRole('button', { name: 'Make Inactive' }));
    expect(await within(toasts()).findByText('Content status updated')).toBeInTheDocument();
    expect(state.patched).toEqual([{ isActive: false }]);
    expect(await within(row).findByText('OFFLINE')).toBeInTheDocument();

    const confirm = vi
      .spyOn(window, 'confirm')
      .mockReturnValueOnce(false)
      .mockReturnValueOnce(true);
    await user.click(within(row).getByRole('button', { name: 'Delete' }));
    expect(confirm).toHaveBeenCalledWith('Are you sure you want to delete this content?');
    expect(screen.getByRole('listitem', { name: 'Pour day' })).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Delete' }));
    expect(await within(toasts()).findByText('Content deleted')).toBeInTheDocument();
    expect(await screen.findByText('No content yet')).toBeInTheDocument();
  });

  it('toasts the spec errors for a failed toggle and delete', async () => {
    serve([item({ id: 1, title: 'Pour day' })]);
    server.use(
      http.patch('/api/dashboard/content/:id', () =>
        HttpResponse.json({ error: 'boom' }, { status: 500 }),
      ),
      http.delete('/api/dashboard/content/:id', () =>
        HttpResponse.json({ error: 'boom' }, { status: 500 }),
      ),
    );
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const { user } = renderApp('/content-management');
    const row = await screen.findByRole('listitem', { name: 'Pour day' });
    await user.click(within(row).getByRole('button', { name: 'Make Inactive' }));
    expect(
      await within(toasts()).findByText('Failed to update content status.'),
    ).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Delete' }));
    expect(await within(toasts()).findByText('Failed to delete content.')).toBeInTheDocument();
  });

  it('form: field messages, category sets the first type, URL Required and File Required', async () => {
    const state = serve();
    const { user } = renderApp('/content-management');
    const dialog = await openForm(user);
    await user.click(within(dialog).getByRole('button', { name: 'Create Content' }));
    expect(within(dialog).getByText('Title is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Description is required')).toBeInTheDocument();
    expect(within(dialog).getByText('URL is required for this content type')).toBeInTheDocument();

    await user.type(within(dialog).getByRole('textbox', { name: /Title/ }), 'Walkthrough');
    await user.type(within(dialog).getByRole('textbox', { name: /Description/ }), 'Site walk');
    await user.click(within(dialog).getByRole('button', { name: 'Create Content' }));
    expect(within(toasts()).getByText('URL Required')).toBeInTheDocument();
    expect(
      within(toasts()).getByText('Please provide a URL for this content type.'),
    ).toBeInTheDocument();

    await choose(user, dialog, 'Category', 'Watch');
    expect(within(dialog).getByRole('combobox', { name: 'Type' })).toHaveTextContent('Vimeo Video');
    await choose(user, dialog, 'Type', 'Uploaded Video');
    expect(within(dialog).getByLabelText('File')).toHaveAttribute(
      'accept',
      '.mp4,.avi,.mov,.wmv,.mkv',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Create Content' }));
    expect(await within(toasts()).findByText('File Required')).toBeInTheDocument();
    expect(within(toasts()).getByText('Please select a file to upload.')).toBeInTheDocument();

    await choose(user, dialog, 'Category', 'Listen');
    expect(within(dialog).getByRole('combobox', { name: 'Type' })).toHaveTextContent('Audio File');
    expect(within(dialog).getByLabelText('File')).toHaveAttribute(
      'accept',
      '.mp3,.wav,.ogg,.m4a,.aac',
    );
    await choose(user, dialog, 'Category', 'Read');
    await user.click(within(dialog).getByRole('combobox', { name: 'Type' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'News Article',
      'PDF Document',
      'Word Document',
      'General Document',
      'External Link',
    ]);
    expect(state.created).toEqual([]);
  });

  it('creates a LINK by metadata and toasts the create words', async () => {
    const state = serve();
    const { user } = renderApp('/content-management');
    const dialog = await openForm(user);
    await user.type(within(dialog).getByRole('textbox', { name: /Title/ }), 'Code portal');
    await user.type(within(dialog).getByRole('textbox', { name: /Description/ }), 'Building codes');
    await choose(user, dialog, 'Type', 'External Link');
    await user.type(
      within(dialog).getByRole('textbox', { name: /URL/ }),
      'https://codes.example.org',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Create Content' }));
    expect(await within(toasts()).findByText('Content saved successfully!')).toBeInTheDocument();
    expect(
      // The save message says where the item now appears.
      within(toasts()).getByText(
        'It now appears on the dashboard, under Read, for everyone with access.',
      ),
    ).toBeInTheDocument();
    expect(state.created).toEqual([
      {
        title: 'Code portal',
        description: 'Building codes',
        category: 'read',
        type: 'LINK',
        url: 'https://codes.example.org',
        isActive: true,
      },
    ]);
    expect(await screen.findByRole('listitem', { name: 'Code portal' })).toBeInTheDocument();
  });

  it('uploads the file first, then creates the item with the returned url', async () => {
    const state = serve();
    server.use(
      http.post('/api/content/upload', ({ request }) => {
        expect(request.headers.get('content-type')).toMatch(/^multipart\/form-data/);
        state.uploads += 1;
        return HttpResponse.json({ url: '/api/files/0123456789abcdef0123456789abcdef.pdf' });
      }),
    );
    const { user } = renderApp('/content-management');
    const dialog = await openForm(user);
    await user.type(within(dialog).getByRole('textbox', { name: /Title/ }), 'Rebar guide');
    await user.type(within(dialog).getByRole('textbox', { name: /Description/ }), 'Spacing tables');
    await choose(user, dialog, 'Type', 'PDF Document');
    await user.upload(
      within(dialog).getByLabelText('File'),
      new File(['%PDF-1.4'], 'guide.pdf', { type: 'application/pdf' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Create Content' }));
    expect(await within(toasts()).findByText('Content saved successfully!')).toBeInTheDocument();
    expect(state.uploads).toBe(1);
    expect(state.created[0]).toMatchObject({
      type: 'PDF',
      url: '/api/files/0123456789abcdef0123456789abcdef.pdf',
    });
  });

  it('shows upload progress with a Cancel that aborts and creates nothing', async () => {
    const state = serve();
    server.use(http.post('/api/content/upload', () => new Promise<Response>(() => {})));
    const { user } = renderApp('/content-management');
    const dialog = await openForm(user);
    await user.type(within(dialog).getByRole('textbox', { name: /Title/ }), 'Big video');
    await user.type(within(dialog).getByRole('textbox', { name: /Description/ }), 'Long');
    await choose(user, dialog, 'Category', 'Watch');
    await choose(user, dialog, 'Type', 'Uploaded Video');
    await user.upload(
      within(dialog).getByLabelText('File'),
      new File(['x'], 'walk.mp4', { type: 'video/mp4' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Create Content' }));
    const progress = await within(dialog).findByRole('group', { name: 'Upload progress' });
    expect(within(progress).getByRole('progressbar', { name: 'Uploading' })).toBeInTheDocument();
    expect(progress).toHaveTextContent('0%');
    await user.click(within(progress).getByRole('button', { name: 'Cancel upload' }));
    expect(await within(toasts()).findByText('Upload cancelled')).toBeInTheDocument();
    expect(
      within(dialog).queryByRole('group', { name: 'Upload progress' }),
    ).not.toBeInTheDocument();
    expect(state.created).toEqual([]);
  });

  it.each([
    [413, { error: 'File too large' }, 'File is too large. Maximum size is 100MB.'],
    [
      415,
      { error: 'Unsupported file type' },
      'Unsupported file type. Supported audio formats: MP3, WAV, OGG, M4A, AAC.',
    ],
    [
      401,
      { error: 'Authentication required' },
      'Authentication required. Please log in and try again.',
    ],
    [500, { error: 'Disk full' }, 'Disk full'],
    [502, undefined, 'Upload failed (502)'],
  ])(
    'maps a %i upload failure to the spec words and creates nothing',
    async (status, body, words) => {
      const state = serve();
      server.use(
        http.post('/api/content/upload', () =>
          body ? HttpResponse.json(body, { status }) : new HttpResponse('bad gateway', { status }),
        ),
      );
      const { user } = renderApp('/content-management');
      const dialog = await openForm(user);
      await user.type(within(dialog).getByRole('textbox', { name: /Title/ }), 'Briefing');
      await user.type(within(dialog).getByRole('textbox', { name: /Description/ }), 'Morning');
      await choose(user, dialog, 'Category', 'Listen');
      await user.upload(
        within(dialog).getByLabelText('File'),
        new File(['x'], 'brief.mp3', { type: 'audio/mpeg' }),
      );
      await user.click(within(dialog).getByRole('button', { name: 'Create Content' }));
      expect(await within(toasts()).findByText(words)).toBeInTheDocument();
      expect(state.created).toEqual([]);
      expect(screen.getByRole('dialog', { name: 'Add Content' })).toBeInTheDocument();
    },
  );

  it("shows 'Error creating content' with the server message when the metadata call fails", async () => {
    serve();
    server.use(
      http.post('/api/content/create-metadata', () =>
        HttpResponse.json({ error: 'Title taken' }, { status: 409 }),
      ),
    );
    const { user } = renderApp('/content-management');
    const dialog = await openForm(user);
    await user.type(within(dialog).getByRole('textbox', { name: /Title/ }), 'News');
    await user.type(within(dialog).getByRole('textbox', { name: /Description/ }), 'Today');
    await user.type(within(dialog).getByRole('textbox', { name: /URL/ }), '/news/today');
    await user.click(within(dialog).getByRole('button', { name: 'Create Content' }));
    expect(await within(toasts()).findByText('Error creating content')).toBeInTheDocument();
    expect(within(toasts()).getByText('Title taken')).toBeInTheDocument();
  });

  it('edits an item: category from the type, no file required, update words', async () => {
    const state = serve([
      item({ id: 5, title: 'Rebar guide', type: 'PDF', url: '/api/files/a.pdf' }),
    ]);
    const { user } = renderApp('/content-management');
    const row = await screen.findByRole('listitem', { name: 'Rebar guide' });
    await user.click(within(row).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Content' });
    expect(within(dialog).getByRole('combobox', { name: 'Category' })).toHaveTextContent('Read');
    expect(within(dialog).getByRole('combobox', { name: 'Type' })).toHaveTextContent(
      'PDF Document',
    );
    const title = within(dialog).getByRole('textbox', { name: /Title/ });
    await user.clear(title);
    await user.type(title, 'Rebar guide v2');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(
      await within(toasts()).findByText(
        'It now appears on the dashboard, under Read, for everyone with access.',
      ),
    ).toBeInTheDocument();
    expect(state.patched[0]).toMatchObject({ title: 'Rebar guide v2', url: '/api/files/a.pdf' });
  });

  it('grants and revokes one user, and all users in bulk with one call each', async () => {
    const state = serve([item({ id: 1, title: 'Pour day' })]);
    const { user } = renderApp('/content-management');
    const row = await screen.findByRole('listitem', { name: 'Pour day' });
    await user.click(await within(row).findByRole('button', { name: 'Access (2)' }));
    const popover = await screen.findByRole('dialog', { name: 'Access to Pour day' });
    expect(within(popover).queryByText('Owner')).not.toBeInTheDocument();
    await user.click(within(popover).getByRole('switch', { name: 'Access for Ann Able' }));
    await waitFor(() =>
      expect(state.permissionCalls).toEqual([{ contentId: 1, userId: 2, canAccess: false }]),
    );
    await waitFor(() =>
      expect(
        within(popover).getByRole('switch', { name: 'Access for Ann Able' }),
      ).not.toBeChecked(),
    );

    await user.click(within(popover).getByRole('button', { name: 'Revoke all' }));
    expect(await within(toasts()).findByText('Bulk access updated')).toBeInTheDocument();
    expect(state.permissionCalls.slice(1)).toEqual([
      { contentId: 1, userId: 2, canAccess: false },
      { contentId: 1, userId: 3, canAccess: false },
    ]);
    await user.click(within(popover).getByRole('button', { name: 'Grant all' }));
    await waitFor(() => expect(state.permissionCalls).toHaveLength(5));
    await waitFor(() =>
      expect(within(popover).getByRole('switch', { name: 'Access for Bob Bell' })).toBeChecked(),
    );
  });

  it('toasts the bulk and single access failures', async () => {
    serve([item({ id: 1, title: 'Pour day' })]);
    server.use(
      http.post('/api/content/permissions', () =>
        HttpResponse.json({ error: 'no' }, { status: 500 }),
      ),
    );
    const { user } = renderApp('/content-management');
    const row = await screen.findByRole('listitem', { name: 'Pour day' });
    await user.click(await within(row).findByRole('button', { name: 'Access (2)' }));
    const popover = await screen.findByRole('dialog', { name: 'Access to Pour day' });
    await user.click(within(popover).getByRole('button', { name: 'Grant all' }));
    expect(await within(toasts()).findByText('Failed to update bulk access.')).toBeInTheDocument();
    await user.click(within(popover).getByRole('switch', { name: 'Access for Ann Able' }));
    expect(await within(toasts()).findByText('Failed to update user access.')).toBeInTheDocument();
  });
});

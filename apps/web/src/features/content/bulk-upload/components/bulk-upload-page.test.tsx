// Over 300 lines: one screen's cases over one set of msw handlers; one case per behaviour.
import type { BulkUploadResult, ContentItem } from '@fieldcraft/contracts';
import { makeUser } from '@fieldcraft/contracts/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server, setupMswServer, signedIn } from '../../../../testing/msw-server';
import { renderApp } from '../../../../testing/render-app';
import { loadPagesFirst } from '../../../../testing/load-pages-first';

setupMswServer();
loadPagesFirst('signedInShell', 'bulkUpload');
afterEach(() => vi.restoreAllMocks());

interface Sent {
  title: string;
  description: string;
  isActive: string;
  access: string;
  fileName: string;
  order: string[];
  userRole: string | null;
  impersonation: string | null;
}

/**
 * A fake of the API: records every upload; `answer` decides per title (files are told apart by
 * their titles).
 */
function serve(
  answer: (title: string, attempt: number) => Promise<Response> | Response | 'ok' = () => 'ok',
  typeOf: (title: string) => ContentItem['type'] = () => 'PDF',
) {
  const sent: Sent[] = [];
  const attempts = new Map<string, number>();
  let nextId = 1;
  server.use(
    http.get('/api/auth/status', () => HttpResponse.json(signedIn(makeUser({ role: 'OWNER' })))),
    http.post('/api/bulk-upload/files', async ({ request }) => {
      const form = await request.formData();
      const file = form.get('file') as File;
      const title = String(form.get('title'));
      sent.push({
        title: String(form.get('title')),
        description: String(form.get('description')),
        isActive: String(form.get('isActive')),
        access: String(form.get('access')),
        fileName: title,
        order: [...form.keys()],
        userRole: request.headers.get('user-role'),
        impersonation: request.headers.get('x-impersonation-token'),
      });
      const attempt = (attempts.get(title) ?? 0) + 1;
      attempts.set(title, attempt);
      const result = await answer(title, attempt);
      if (result !== 'ok') return result;
      const type = typeOf(title);
      const item: ContentItem = {
        id: nextId++,
        title,
        description: String(form.get('description')),
        category: type === 'AUDIO' ? 'listen' : 'read',
        type,
        url: `/api/files/${'a'.repeat(32)}.bin`,
        isActive: form.get('isActive') === 'true',
        createdAt: '2026-11-22T10:00:00.000Z',
      };
      const body: BulkUploadResult = {
        item,
        access: form.get('access') as 'all',
        permissionRows: 2,
        bytes: file.size,
      };
      return HttpResponse.json(body, { status: 201 });
    }),
  );
  return sent;
}

const file = (name: string, type = '', content = 'x') => new File([content], name, { type });
const row = (name: string) => screen.getByRole('listitem', { name });
const never = () => new Promise<Response>(() => {});

async function open(files: File[]) {
  localStorage.setItem('user', JSON.stringify({ role: 'OWNER' }));
  const view = renderApp('/bulk-upload');
  expect(await screen.findByRole('heading', { level: 1, name: 'Bulk Upload' })).toBeInTheDocument();
  await view.user.upload(screen.getByLabelText('Files to upload'), files);
  return view;
}

async function describeAll(user: ReturnType<typeof renderApp>['user'], text = 'Site documents') {
  await user.click(screen.getByRole('textbox', { name: /^Description/ }));
  await user.paste(text);
}

describe('/bulk-upload', () => {
  it('lists each chosen file with its guessed type and a title from its name; refuses unknown types at once', async () => {
    serve();
    await open([
      file('site_safety-checklist.pdf', 'application/pdf'),
      file('Pour procedure.docx'),
      file('radio-check.mp3', 'audio/mpeg'),
    ]);
    // The picker only offers accepted types; a dropped file can be anything.
    fireEvent.drop(screen.getByRole('region', { name: 'Choose files' }), {
      dataTransfer: { files: [file('setup.exe', 'application/x-msdownload')] },
    });
    expect(screen.getByRole('heading', { name: 'Files (4)' })).toBeInTheDocument();
    expect(
      within(row('site_safety-checklist.pdf')).getByText('PDF Document · from the name'),
    ).toBeInTheDocument();
    expect(
      within(row('site_safety-checklist.pdf')).getByRole('textbox', {
        name: 'Title for site_safety-checklist.pdf',
      }),
    ).toHaveValue('site safety-checklist');
    expect(
      within(row('Pour procedure.docx')).getByText('Word Document · from the name'),
    ).toBeInTheDocument();
    expect(
      within(row('radio-check.mp3')).getByText('Audio File · from the name'),
    ).toBeInTheDocument();
    const exe = row('setup.exe');
    expect(within(exe).getByText('Unknown type')).toBeInTheDocument();
    expect(within(exe).getByText('Failed')).toBeInTheDocument();
    expect(exe).toHaveAccessibleDescription(/^Unsupported file type\. Accepted: PDF, Word/);
    expect(within(exe).queryByRole('button', { name: /Retry/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload 3 files' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Back to Content Management' })).toHaveAttribute(
      'href',
      '/content-management',
    );
  });

  it('needs a default description before anything is sent', async () => {
    const sent = serve();
    const { user } = await open([file('a.pdf')]);
    await user.click(screen.getByRole('button', { name: 'Upload 1 file' }));
    expect(screen.getByText('Description is required')).toBeInTheDocument();
    await user.clear(within(row('a.pdf')).getByRole('textbox', { name: 'Title for a.pdf' }));
    expect(within(row('a.pdf')).getByText('Title is required')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('sends defaults and per-file overrides, confirms the types, shows server errors and a summary', async () => {
    const sent = serve(
      (title) =>
        title === 'renamed'
          ? HttpResponse.json(
              {
                error:
                  'Unsupported file type: the content is not a PDF, Word, text, video or audio file matching its name',
                code: 'UNSUPPORTED_MEDIA_TYPE',
              },
              { status: 415 },
            )
          : title === 'huge'
            ? HttpResponse.json(
                { error: 'File too large: the limit is 100 MB', code: 'PAYLOAD_TOO_LARGE' },
                { status: 413 },
              )
            : 'ok',
      (title) => (title === 'radio' ? 'AUDIO' : 'PDF'),
    );
    const { user } = await open([
      file('guide.pdf'),
      file('huge.docx'),
      file('radio.mp3'),
      file('renamed.pdf'),
    ]);
    await describeAll(user);
    await user.click(screen.getByRole('combobox', { name: 'Who can access' }));
    await user.click(screen.getByRole('option', { name: 'No one' }));
    // radio.mp3: its own description and Offline.
    const radio = row('radio.mp3');
    await user.click(within(radio).getByRole('button', { name: 'Customize radio.mp3' }));
    const options = within(radio).getByRole('group', { name: 'Options for radio.mp3' });
    await user.click(within(options).getByRole('textbox', { name: 'Description' }));
    await user.paste('Morning radio check');
    await user.click(within(options).getByRole('combobox', { name: 'Status' }));
    await user.click(screen.getByRole('option', { name: 'Offline' }));
    await user.clear(
      within(row('guide.pdf')).getByRole('textbox', { name: 'Title for guide.pdf' }),
    );
    await user.paste('Rebar guide');

    await user.click(screen.getByRole('button', { name: 'Upload 4 files' }));

    expect(await screen.findByRole('status')).toHaveTextContent('2 uploaded, 2 failed');
    const byName = Object.fromEntries(sent.map((s) => [s.fileName, s]));
    expect(byName['Rebar guide']).toMatchObject({
      description: 'Site documents',
      isActive: 'true',
      access: 'none',
    });
    expect(byName['radio']).toMatchObject({
      description: 'Morning radio check',
      isActive: 'false',
      access: 'none',
    });
    // The fields go first so the server can refuse bad metadata before reading the file;
    // the headers are the ones the app's fetch helper sends.
    expect(byName['Rebar guide']?.order).toEqual([
      'title',
      'description',
      'isActive',
      'access',
      'file',
    ]);
    expect(byName['Rebar guide']?.userRole).toBe('OWNER');

    expect(within(row('guide.pdf')).getByText('PDF Document · confirmed')).toBeInTheDocument();
    expect(within(row('guide.pdf')).getByText('Uploaded')).toBeInTheDocument();
    expect(
      within(row('guide.pdf')).getByRole('progressbar', { name: 'Upload progress for guide.pdf' }),
    ).toHaveAttribute('aria-valuenow', '100');
    expect(row('renamed.pdf')).toHaveAccessibleDescription(
      'Unsupported file type: the content is not a PDF, Word, text, video or audio file matching its name',
    );
    expect(row('huge.docx')).toHaveAccessibleDescription(
      'File is too large. Maximum size is 100MB.',
    );
    // The server read renamed.pdf and refused its type: the name's guess is not confirmed.
    expect(
      within(row('renamed.pdf')).getByText('PDF Document · not confirmed'),
    ).toBeInTheDocument();
    expect(within(row('huge.docx')).getByText('Word Document · from the name')).toBeInTheDocument();
    expect(
      within(screen.getByRole('status')).getByRole('link', { name: 'Back to Content Management' }),
    ).toHaveAttribute('href', '/content-management');
    expect(await screen.findByText('Bulk upload finished')).toBeInTheDocument();
  }, 60_000);

  it('uploads three at a time; cancel frees a slot or drops a waiting file; retry sends it again', async () => {
    const release = new Map<string, (r: Response) => void>();
    const sent = serve((name, attempt) => {
      if (name === 'flaky' && attempt === 1) {
        return HttpResponse.json(
          { error: 'The database is not answering', code: 'SERVICE_UNAVAILABLE' },
          { status: 503 },
        );
      }
      if (name === 'flaky') return 'ok';
      return new Promise<Response>((resolve) => release.set(name, resolve));
    });
    const names = ['one.pdf', 'two.pdf', 'three.pdf', 'four.pdf', 'five.pdf', 'flaky.txt'];
    const { user } = await open(names.map((n) => file(n)));
    await describeAll(user);
    await user.click(screen.getByRole('button', { name: 'Upload 6 files' }));

    await waitFor(() => expect(sent.map((s) => s.fileName)).toEqual(['one', 'two', 'three']));
    expect(within(row('four.pdf')).getByText('Waiting…')).toBeInTheDocument();
    expect(
      within(row('one.pdf')).getByRole('progressbar', { name: 'Upload progress for one.pdf' }),
    ).toBeInTheDocument();
    // The defaults are locked while files are on their way.
    expect(screen.getByRole('textbox', { name: /^Description/ })).toBeDisabled();

    // Cancelling a waiting file: it is never sent.
    await user.click(within(row('five.pdf')).getByRole('button', { name: 'Cancel five.pdf' }));
    expect(within(row('five.pdf')).getByText('Cancelled')).toBeInTheDocument();
    // Cancelling a running file frees its slot for the next one.
    await user.click(within(row('two.pdf')).getByRole('button', { name: 'Cancel two.pdf' }));
    expect(within(row('two.pdf')).getByText('Cancelled')).toBeInTheDocument();
    await waitFor(() => expect(sent.map((s) => s.fileName)).toContain('four'));
    expect(sent.map((s) => s.fileName)).not.toContain('five');

    for (const name of ['one', 'three', 'four']) {
      await waitFor(() => expect(release.has(name)).toBe(true));
      release.get(name)?.(new Response(null, { status: 503 }));
    }
    // flaky.txt failed once with the server's words; Retry sends it again and it succeeds.
    await waitFor(() =>
      expect(row('flaky.txt')).toHaveAccessibleDescription('The database is not answering'),
    );
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('0 uploaded, 4 failed, 2 cancelled'),
    );
    expect(row('one.pdf')).toHaveAccessibleDescription('Upload failed (503)');
    await user.click(within(row('flaky.txt')).getByRole('button', { name: 'Retry flaky.txt' }));
    expect(await within(row('flaky.txt')).findByText('Uploaded')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('1 uploaded, 3 failed, 2 cancelled');
    expect(sent.filter((s) => s.fileName === 'flaky')).toHaveLength(2);
  }, 60_000);

  it('shows the real upload progress, then Checking while the server decides', async () => {
    // msw answers XMLHttpRequest but reports no upload progress; the browser's own progress
    // events are dispatched here on the request's real upload object. The app holds msw's
    // stand-in for it; the progress handler the app sets there is passed on to the real
    // object's setter, whose `this` is that object.
    const setOnProgress = vi.spyOn(XMLHttpRequestUpload.prototype, 'onprogress', 'set');
    const uploads = () => new Set(setOnProgress.mock.contexts as XMLHttpRequestUpload[]);
    const sent = serve(never);
    // An impersonation session in progress: its token travels with the upload too.
    localStorage.setItem('impersonation_token', 'header.payload.signature');
    // (The banner's status check finds the server away, so it keeps the token as it is.)
    server.use(http.get('/api/impersonation', () => new HttpResponse(null, { status: 503 })));
    const { user } = await open([file('walk.pdf', 'application/pdf', 'x'.repeat(2000))]);
    await describeAll(user);
    await user.click(screen.getByRole('button', { name: 'Upload 1 file' }));
    const bar = await within(row('walk.pdf')).findByRole('progressbar', {
      name: 'Upload progress for walk.pdf',
    });
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    await waitFor(() => expect(uploads().size).toBe(1));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ userRole: 'OWNER', impersonation: 'header.payload.signature' });
    const [upload] = [...uploads()];
    const progress = (loaded: number) =>
      act(() => {
        upload?.dispatchEvent(
          new ProgressEvent('progress', { lengthComputable: true, loaded, total: 2000 }),
        );
      });
    progress(900);
    expect(bar).toHaveAttribute('aria-valuenow', '45');
    expect(within(row('walk.pdf')).getByText('Uploading 45%')).toBeInTheDocument();
    expect(
      within(row('walk.pdf')).getByRole('button', { name: 'Cancel walk.pdf' }),
    ).toBeInTheDocument();
    progress(2000);
    expect(within(row('walk.pdf')).getByText('Checking the file…')).toBeInTheDocument();
    // Once every byte is sent the server decides: no Cancel that could not be honoured.
    expect(
      within(row('walk.pdf')).queryByRole('button', { name: 'Cancel walk.pdf' }),
    ).not.toBeInTheDocument();
  });
});

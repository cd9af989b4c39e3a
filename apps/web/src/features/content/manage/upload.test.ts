import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { setPreviewRequests } from '../../../shared/api/preview-requests';
import { server, setupMswServer } from '../../../testing/msw-server';
import { saveErrorMessage, uploadFile } from './upload';
import { lastClickedText } from './last-clicked';

describe('saveErrorMessage', () => {
  it('maps the spec messages and falls back', () => {
    expect(saveErrorMessage('413: File too large')).toBe(
      'File is too large. Maximum size is 100MB.',
    );
    expect(saveErrorMessage(undefined)).toBe('Failed to save content. Please try again.');
    expect(saveErrorMessage('Upload failed (500)')).toBe('Upload failed (500)');
  });
});

describe('lastClickedText', () => {
  const now = Date.parse('2026-11-22T12:00:00Z');
  it('says just now, then minutes, hours under 24 hours, whole days otherwise', () => {
    expect(lastClickedText('2026-11-22T12:00:00Z', now)).toBe('just now');
    expect(lastClickedText('2026-11-22T11:59:30Z', now)).toBe('just now');
    expect(lastClickedText('2026-11-22T11:59:00Z', now)).toBe('1 minute ago');
    expect(lastClickedText('2026-11-22T11:15:00Z', now)).toBe('45 minutes ago');
    expect(lastClickedText('2026-11-22T11:00:00Z', now)).toBe('1 hour ago');
    expect(lastClickedText('2026-11-21T12:30:00Z', now)).toBe('23 hours ago');
    expect(lastClickedText('2026-11-21T12:00:00Z', now)).toBe('1 day ago');
    expect(lastClickedText('2026-11-19T01:00:00Z', now)).toBe('3 days ago');
  });
});

describe('uploadFile in admin preview mode', () => {
  setupMswServer();
  afterEach(() => setPreviewRequests(false));

  it('sends x-preview-mode: user like every other call, and nothing otherwise', async () => {
    const seen: (string | null)[] = [];
    server.use(
      http.post('/api/content/upload', ({ request }) => {
        seen.push(request.headers.get('x-preview-mode'));
        return HttpResponse.json({ url: '/api/files/a.pdf' });
      }),
    );
    const file = new File(['%PDF-1.4'], 'a.pdf', { type: 'application/pdf' });
    await uploadFile(file, () => {}).done;
    setPreviewRequests(true);
    await uploadFile(file, () => {}).done;
    expect(seen).toEqual([null, 'user']);
  });
});

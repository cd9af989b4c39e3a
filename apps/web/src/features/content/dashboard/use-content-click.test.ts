import { describe, expect, it } from 'vitest';
import { fileHref } from './use-content-click';

describe('fileHref', () => {
  it('is the URL of a same-origin file that a click plays or opens', () => {
    expect(fileHref({ type: 'VIDEO', url: '/api/files/a.mp4' })).toBe('/api/files/a.mp4');
    expect(fileHref({ type: 'AUDIO', url: '/api/files/a.mp3' })).toBe('/api/files/a.mp3');
    expect(fileHref({ type: 'DOCUMENT', url: '/api/files/a.txt' })).toBe('/api/files/a.txt');
    expect(fileHref({ type: 'PDF', url: '/api/files/a' })).toBe('/api/files/a');
    // A click opens any .pdf URL in a new tab, whatever the type.
    expect(fileHref({ type: 'LINK', url: '/api/files/a.pdf?v=2' })).toBe('/api/files/a.pdf?v=2');
  });

  it('is undefined off-site, without a URL, and for types a click does not open as a file', () => {
    expect(fileHref({ type: 'VIDEO', url: 'https://cdn.example.com/a.mp4' })).toBeUndefined();
    expect(fileHref({ type: 'AUDIO', url: '//cdn.example.com/a.mp3' })).toBeUndefined();
    expect(fileHref({ type: 'PDF', url: '/\\cdn.example.com/a.pdf' })).toBeUndefined();
    expect(fileHref({ type: 'DOCUMENT', url: 'api/files/a.txt' })).toBeUndefined();
    expect(fileHref({ type: 'AUDIO', url: null })).toBeUndefined();
    expect(fileHref({ type: 'VIMEO', url: '/api/files/a.mp4' })).toBeUndefined();
    expect(fileHref({ type: 'LINK', url: '/help' })).toBeUndefined();
    expect(fileHref({ type: 'NEWS', url: '/news/1' })).toBeUndefined();
    expect(fileHref({ type: 'WORD', url: '/api/files/a.docx' })).toBeUndefined();
  });
});

describe('fileHref reads a URL as the browser does', () => {
  it('gives no native link for a site path that leads to another host', () => {
    for (const url of [
      '/\t/cdn.example.com/a.pdf',
      '/\\cdn.example.com/a.pdf',
      '\\/cdn.example.com/a.pdf',
      '//cdn.example.com/a.pdf',
      '/\n/cdn.example.com/a.pdf',
    ]) {
      expect(fileHref({ type: 'PDF', url }), JSON.stringify(url)).toBeUndefined();
    }
  });

  it('links same-site paths, normalised', () => {
    expect(fileHref({ type: 'PDF', url: '/%09/host/a.pdf' })).toBe('/%09/host/a.pdf');
    expect(fileHref({ type: 'PDF', url: '/api/files/../files/a.pdf' })).toBe('/api/files/a.pdf');
  });
});

import { describe, expect, it } from 'vitest';
import { contentTarget, isPdf, sitePath, vimeoEmbedUrl } from './open-content';

describe('vimeoEmbedUrl', () => {
  it('builds the player URL from the id, with the hash when there is one, autoplay on', () => {
    expect(vimeoEmbedUrl('https://vimeo.com/76979871')).toBe(
      'https://player.vimeo.com/video/76979871?autoplay=1',
    );
    expect(vimeoEmbedUrl('https://vimeo.com/76979871/abc123')).toBe(
      'https://player.vimeo.com/video/76979871?autoplay=1&h=abc123',
    );
    expect(vimeoEmbedUrl('https://player.vimeo.com/video/42?h=ff00')).toBe(
      'https://player.vimeo.com/video/42?autoplay=1&h=ff00',
    );
    expect(vimeoEmbedUrl('https://vimeo.com/channels/staffpicks/123456')).toBe(
      'https://player.vimeo.com/video/123456?autoplay=1',
    );
  });
  it('is null when no id can be parsed', () => {
    expect(vimeoEmbedUrl('https://example.com/video')).toBeNull();
    expect(vimeoEmbedUrl('')).toBeNull();
  });
});

describe('contentTarget', () => {
  const here = { href: 'http://localhost:3000/dashboard', origin: 'http://localhost:3000' };
  const secure = { href: 'https://app.example/dashboard', origin: 'https://app.example' };

  it('keeps relative and same-origin URLs on this site, resolved', () => {
    expect(contentTarget('/api/files/a.pdf', here)).toEqual({
      href: 'http://localhost:3000/api/files/a.pdf',
      external: false,
    });
    expect(contentTarget('docs/a.pdf', here)).toEqual({
      href: 'http://localhost:3000/docs/a.pdf',
      external: false,
    });
    expect(contentTarget('http://localhost:3000/x', here)?.external).toBe(false);
    // A percent-encoded tab is just a character of the path: still this site.
    expect(contentTarget('/%09/host/x', here)).toEqual({
      href: 'http://localhost:3000/%09/host/x',
      external: false,
    });
    // The default page context (the test window's location).
    expect(contentTarget(`${window.location.origin}/x`)?.external).toBe(false);
  });

  it('treats whatever a browser takes to another host as external', () => {
    const cases: [string, string][] = [
      ['https://example.org/x', 'https://example.org/x'],
      ['//example.org/x', 'http://example.org/x'],
      ['/\t/example.org/x', 'http://example.org/x'],
      ['/\n/example.org/x', 'http://example.org/x'],
      ['/\\example.org/x', 'http://example.org/x'],
      ['\\/example.org/x', 'http://example.org/x'],
      ['\\\\example.org/x', 'http://example.org/x'],
      [' //example.org/x', 'http://example.org/x'],
      ['https:example.org', 'https://example.org/'],
      ['http://localhost:3001/x', 'http://localhost:3001/x'],
    ];
    for (const [url, href] of cases) {
      expect(contentTarget(url, here), JSON.stringify(url)).toEqual({ href, external: true });
    }
  });

  it('reads `https:host` as the browser does on the page it is on', () => {
    // On an https page it is a relative path of this very site; on http, another host.
    expect(contentTarget('https:example.org', secure)).toEqual({
      href: 'https://app.example/example.org',
      external: false,
    });
    expect(contentTarget('https:example.org', here)?.external).toBe(true);
  });

  it('refuses what is not http(s), or not a URL', () => {
    for (const url of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
      'mailto:a@b.co',
      'http://[::1',
    ]) {
      expect(contentTarget(url, here), JSON.stringify(url)).toBeNull();
    }
  });
});

describe('sitePath', () => {
  it('is the normalised path of a root path that stays on this site, else null', () => {
    expect(sitePath('/api/files/a.pdf?v=1#p=2')).toBe('/api/files/a.pdf?v=1#p=2');
    expect(sitePath('/a/../api/files/a.pdf')).toBe('/api/files/a.pdf');
    expect(sitePath('/%09/host')).toBe('/%09/host');
    for (const url of [
      '/\t/host/x',
      '/\\host',
      '\\/host',
      '//host',
      '/./\\host',
      '/.//host',
      'https:host',
      'https://host/x',
      'javascript:alert(1)',
      'docs/a.pdf',
    ]) {
      expect(sitePath(url), JSON.stringify(url)).toBeNull();
    }
  });
});

describe('isPdf', () => {
  it('matches the PDF type or a URL ending in .pdf', () => {
    expect(isPdf({ type: 'PDF', url: null })).toBe(true);
    expect(isPdf({ type: 'DOCUMENT', url: '/api/files/a.PDF' })).toBe(true);
    expect(isPdf({ type: 'LINK', url: 'https://x.org/a.pdf?x=1' })).toBe(true);
    expect(isPdf({ type: 'LINK', url: 'https://x.org/a' })).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { isExternalUrl, isPdf, vimeoEmbedUrl } from './open-content';

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

describe('isExternalUrl', () => {
  it('is false for relative and same-host URLs, true for other hosts', () => {
    expect(isExternalUrl('/api/files/a.pdf')).toBe(false);
    expect(isExternalUrl('docs/a.pdf')).toBe(false);
    expect(isExternalUrl(`${window.location.origin}/x`)).toBe(false);
    expect(isExternalUrl('https://example.org/x')).toBe(true);
    expect(isExternalUrl('//example.org/x')).toBe(true);
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

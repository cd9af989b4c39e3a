import { describe, expect, it } from 'vitest';
import { citationLink } from './citation-target';

const citation = { contentId: 7, title: 'Scaffold checks', type: 'PDF' as const, page: 2 };

describe('where a citation opens', () => {
  it('is the library reader at the cited page, in a new tab (the chat stays open)', () => {
    expect(citationLink({ ...citation, url: '/api/files/abc.pdf#page=2' })).toEqual({
      href: '/library/7?page=2',
      inApp: false,
    });
  });

  it('is the reader at the section of a Word file', () => {
    expect(
      citationLink({ ...citation, type: 'WORD' as const, page: 3, url: '/api/files/a.docx' }),
    ).toEqual({
      href: '/library/7?page=3',
      inApp: false,
    });
  });

  it("is a link's own site", () => {
    expect(
      citationLink({ ...citation, type: 'LINK' as const, page: 1, url: 'https://example.com/x' }),
    ).toEqual({ href: 'https://example.com/x', inApp: false });
  });

  it('is nowhere for a citation without a URL', () => {
    expect(citationLink({ ...citation, url: null })).toBeNull();
  });
});

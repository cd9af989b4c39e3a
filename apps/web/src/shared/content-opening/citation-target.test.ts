import { describe, expect, it } from 'vitest';
import { citationLink } from './citation-target';

const citation = { contentId: 7, title: 'Scaffold checks', type: 'PDF' as const, page: 2 };

describe('where a citation opens', () => {
  it('is the cited page of the source', () => {
    expect(citationLink({ ...citation, url: '/api/files/abc.pdf#page=2' })).toEqual({
      href: '/api/files/abc.pdf#page=2',
      inApp: false,
    });
  });

  it('is nowhere for a citation without a URL', () => {
    expect(citationLink({ ...citation, url: null })).toBeNull();
  });
});

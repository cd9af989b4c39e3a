import type { Citation } from '@fieldcraft/contracts';
import { describe, expect, it } from 'vitest';
import {
  closeReason,
  fillVariables,
  matchOpenRequest,
  nextSentence,
  splitFirstClause,
  toAttachment,
} from './text';

const pdf: Citation = {
  contentId: 4,
  title: 'Site safety checklist',
  type: 'PDF',
  page: 2,
  url: '/api/files/abc.pdf#page=2',
};
const docx: Citation = {
  contentId: 7,
  title: 'Concrete pour procedure',
  type: 'WORD',
  page: 1,
  url: '/api/files/def.docx',
};

describe('sentences for synthesis', () => {
  it('finds a finished sentence only once whitespace follows its end', () => {
    expect(nextSentence('Wear a hard hat. Then', false)).toEqual({
      sentence: 'Wear a hard hat.',
      end: 16,
    });
    expect(nextSentence('Wear a hard hat.', false)).toBeNull();
    expect(nextSentence('Wear a hard hat.', true)).toEqual({
      sentence: 'Wear a hard hat.',
      end: 16,
    });
    expect(nextSentence('Is it 1.5 m? Yes', false)?.sentence).toBe('Is it 1.5 m?');
    expect(nextSentence('   ', true)).toBeNull();
  });

  it('speaks the first clause of a long first sentence on its own', () => {
    expect(
      splitFirstClause(
        'From Site safety checklist, page 2: use a full body harness above six feet.',
      ),
    ).toEqual(['From Site safety checklist,', 'page 2: use a full body harness above six feet.']);
    expect(splitFirstClause('Short, and sweet.')).toBeNull();
    expect(splitFirstClause('A sentence without any clause break that is rather long.')).toBeNull();
  });
});

describe('citations and the open_content tool', () => {
  it('turns a citation into an attachment', () => {
    expect(toAttachment(pdf)).toEqual({
      url: '/api/files/abc.pdf#page=2',
      name: 'Site safety checklist',
      mime_type: 'application/pdf',
      content_id: 4,
      content_type: 'PDF',
      page: 2,
    });
    expect(toAttachment({ ...pdf, type: 'NEWS', url: null }).url).toBe('');
  });

  it('knows which cited document "open …" asks for', () => {
    const cited = [pdf, docx];
    expect(matchOpenRequest('Open that document please', cited)).toBe(pdf);
    expect(matchOpenRequest('show me the concrete pour procedure', cited)).toBe(docx);
    expect(matchOpenRequest('Can you pull up the checklist?', cited)).toBe(pdf);
    expect(matchOpenRequest('How do I open a trench safely?', cited)).toBeNull();
    expect(matchOpenRequest('Open it', [])).toBeNull();
  });
});

describe('small text rules', () => {
  it('fills {{variables}} and leaves unknown ones empty', () => {
    expect(fillVariables('Morning {{user_name}}, {{ missing }}!', { user_name: 'Sam' })).toBe(
      'Morning Sam, !',
    );
  });

  it('keeps a close reason within 123 bytes, on a character boundary', () => {
    const reason = closeReason('é'.repeat(100));
    expect(Buffer.byteLength(reason)).toBeLessThanOrEqual(123);
    expect(reason).toBe('é'.repeat(61));
  });
});

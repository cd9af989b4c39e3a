import type { ContentItem } from '@fieldcraft/contracts';
import { describe, expect, it } from 'vitest';
import {
  asContentItem,
  canSaveOffline,
  filesToRemove,
  formatSize,
  parseSavedFiles,
  type SavedFile,
} from './saved-files.model';

const item = (over: Partial<ContentItem>): ContentItem => ({
  id: 1,
  title: 'Item',
  description: '',
  category: 'read',
  type: 'PDF',
  url: '/api/files/aa.pdf',
  isActive: true,
  createdAt: '2026-11-01T10:00:00.000Z',
  ...over,
});

const file = (over: Partial<SavedFile>): SavedFile => ({
  id: 1,
  title: 'Item',
  description: '',
  type: 'PDF',
  url: '/api/files/aa.pdf',
  size: 10,
  savedAt: '2026-11-22T10:00:00.000Z',
  userId: 7,
  ...over,
});

describe('canSaveOffline', () => {
  it('offers uploaded PDFs, Word files, documents and audio only', () => {
    for (const type of ['PDF', 'WORD', 'DOCUMENT', 'AUDIO'] as const) {
      expect(canSaveOffline({ type, url: '/api/files/0a.bin' }), type).toBe(true);
    }
    for (const type of ['VIDEO', 'VIMEO', 'LINK', 'NEWS'] as const) {
      expect(canSaveOffline({ type, url: '/api/files/0a.bin' }), type).toBe(false);
    }
    expect(canSaveOffline({ type: 'PDF', url: 'https://example.org/a.pdf' })).toBe(false);
    expect(canSaveOffline({ type: 'PDF', url: '/news/a.pdf' })).toBe(false);
    expect(canSaveOffline({ type: 'PDF', url: null })).toBe(false);
  });
});

describe('filesToRemove (the sync after the content list loads)', () => {
  const saved = [
    file({ id: 1 }),
    file({ id: 2, type: 'AUDIO', url: '/api/files/bb.wav' }),
    file({ id: 3, url: '/api/files/cc.pdf' }),
    file({ id: 4, url: '/api/files/dd.pdf' }),
    file({ id: 5, url: '/api/files/ee.pdf', userId: 8 }),
  ];

  it('keeps what is still in the list and removes revoked, inactive, replaced and other users’ files', () => {
    const list = [
      item({ id: 1 }),
      item({ id: 2, type: 'AUDIO', url: '/api/files/bb.wav' }),
      // 3 is missing: access revoked or deleted.
      item({ id: 4, url: '/api/files/new.pdf' }), // the owner replaced the file
      item({ id: 5, url: '/api/files/ee.pdf' }),
    ];
    expect(filesToRemove(saved, 7, list).map((f) => f.id)).toEqual([3, 4, 5]);
    expect(
      filesToRemove(saved, 7, [...list.slice(0, 1), item({ ...list[1], isActive: false })]).map(
        (f) => f.id,
      ),
    ).toEqual([2, 3, 4, 5]);
  });

  it('removes everything when the list is empty or another user signed in', () => {
    expect(filesToRemove(saved, 7, [])).toHaveLength(5);
    expect(filesToRemove(saved, 9, [item({ id: 1 })])).toHaveLength(5);
  });

  it('removes an item whose type changed to one that cannot be saved', () => {
    expect(filesToRemove([file({ id: 1 })], 7, [item({ id: 1, type: 'LINK' })])).toHaveLength(1);
  });
});

describe('parseSavedFiles', () => {
  it('reads the stored list and ignores anything that is not a saved file', () => {
    const good = file({ id: 3 });
    expect(
      parseSavedFiles(JSON.stringify([good, { id: 'x' }, null, file({ type: 'LINK' as 'PDF' })])),
    ).toEqual([good]);
    expect(parseSavedFiles('not json')).toEqual([]);
    expect(parseSavedFiles('{"id":1}')).toEqual([]);
    expect(parseSavedFiles(null)).toEqual([]);
  });
});

describe('asContentItem / formatSize', () => {
  it('lists audio under Listen and documents under Read', () => {
    expect(asContentItem(file({ type: 'AUDIO' }))).toMatchObject({
      category: 'listen',
      isActive: true,
    });
    expect(asContentItem(file({ type: 'WORD' }))).toMatchObject({
      category: 'read',
      url: '/api/files/aa.pdf',
    });
  });

  it('formats sizes', () => {
    expect(formatSize(200)).toBe('1 KB');
    expect(formatSize(340 * 1024)).toBe('340 KB');
    expect(formatSize(1.25 * 1024 * 1024)).toBe('1.3 MB');
  });
});

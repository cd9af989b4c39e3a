import { makeContentItem } from '@fieldcraft/contracts/testing';
import type { ManagedContentItem } from '@fieldcraft/contracts';
import { describe, expect, it } from 'vitest';
import { allContent, viewContent, whereItShows } from './content-table.model';

const item = (overrides: Partial<ManagedContentItem>): ManagedContentItem => ({
  ...makeContentItem(overrides),
  textStatus: 'ok',
  textStatusReason: null,
  ...overrides,
});

const items = [
  item({
    id: 1,
    title: 'Ladder safety',
    category: 'watch',
    type: 'VIMEO',
    isActive: true,
    createdAt: '2026-01-02T00:00:00Z',
  }),
  item({
    id: 2,
    title: 'Concrete curing',
    description: 'Cold weather pours',
    category: 'read',
    type: 'PDF',
    isActive: false,
    createdAt: '2026-01-03T00:00:00Z',
  }),
  item({
    id: 3,
    title: 'Briefing audio',
    category: 'listen',
    type: 'AUDIO',
    isActive: true,
    createdAt: '2026-01-01T00:00:00Z',
  }),
];
const titles = (list: ManagedContentItem[]) => list.map((i) => i.title);

describe('content table view', () => {
  it('searches title and description, every word', () => {
    expect(titles(viewContent(items, { ...allContent, search: 'cold pours' }, new Map()))).toEqual([
      'Concrete curing',
    ]);
    expect(viewContent(items, { ...allContent, search: 'nothing here' }, new Map())).toEqual([]);
  });

  it('filters by kind and by state', () => {
    expect(titles(viewContent(items, { ...allContent, kind: 'listen' }, new Map()))).toEqual([
      'Briefing audio',
    ]);
    expect(titles(viewContent(items, { ...allContent, state: 'offline' }, new Map()))).toEqual([
      'Concrete curing',
    ]);
    expect(viewContent(items, { ...allContent, state: 'live' }, new Map())).toHaveLength(2);
  });

  it('sorts newest, oldest, by title and by last click', () => {
    expect(titles(viewContent(items, allContent, new Map()))).toEqual([
      'Concrete curing',
      'Ladder safety',
      'Briefing audio',
    ]);
    expect(titles(viewContent(items, { ...allContent, sort: 'title' }, new Map()))).toEqual([
      'Briefing audio',
      'Concrete curing',
      'Ladder safety',
    ]);
    const clicks = new Map([
      [3, '2026-02-01T00:00:00Z'],
      [1, '2026-01-15T00:00:00Z'],
    ]);
    expect(titles(viewContent(items, { ...allContent, sort: 'last-clicked' }, clicks))).toEqual([
      'Briefing audio',
      'Ladder safety',
      'Concrete curing',
    ]);
  });

  it('says where a saved item now appears', () => {
    expect(whereItShows({ isActive: true, category: 'watch' })).toBe(
      'It now appears on the dashboard, under Watch, for everyone with access.',
    );
    expect(whereItShows({ isActive: false, category: 'read' })).toMatch(/offline/);
  });
});

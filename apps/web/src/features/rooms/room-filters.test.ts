import type { Room } from '@fieldcraft/contracts';
import { makeRoom } from '@fieldcraft/contracts/testing';
import { describe, expect, it } from 'vitest';
import {
  categoriesOf,
  filterRooms,
  formatCreated,
  noFilters,
  summarise,
  toggledStatus,
} from './room-filters';

const room = (over: Partial<Room>): Room =>
  makeRoom({ createdAt: '2026-03-04T12:00:00.000Z', ...over });

const rooms = [
  room({ id: 1, name: 'Concrete Basics', category: 'Training', status: 'LIVE' }),
  room({ id: 2, name: 'Site Safety', category: 'Safety', status: 'PAUSED' }),
  room({ id: 3, name: 'Roofing', category: 'Trades', status: 'INACTIVE' }),
];

describe('room filters', () => {
  it('searches name and category, case-insensitively', () => {
    expect(filterRooms(rooms, { ...noFilters, search: 'concrete' }).map((r) => r.id)).toEqual([1]);
    expect(filterRooms(rooms, { ...noFilters, search: 'SAFETY' }).map((r) => r.id)).toEqual([2]);
    expect(filterRooms(rooms, { ...noFilters, search: 'trades' }).map((r) => r.id)).toEqual([3]);
  });

  it('combines status and category', () => {
    expect(filterRooms(rooms, { ...noFilters, status: 'PAUSED' }).map((r) => r.id)).toEqual([2]);
    expect(filterRooms(rooms, { ...noFilters, status: 'LIVE', category: 'Safety' })).toEqual([]);
  });

  it('lists and counts categories once, sorted', () => {
    expect(categoriesOf([...rooms, room({ id: 4, category: 'Safety' })])).toEqual([
      'Safety',
      'Trades',
      'Training',
    ]);
    expect(summarise(rooms)).toEqual({ live: 1, paused: 1, inactive: 1, categories: 3 });
  });

  it('toggles LIVE to PAUSED and anything else to LIVE', () => {
    expect(toggledStatus('LIVE')).toBe('PAUSED');
    expect(toggledStatus('PAUSED')).toBe('LIVE');
    expect(toggledStatus('INACTIVE')).toBe('LIVE');
  });

  it('formats the created date as short month, day, year', () => {
    expect(formatCreated('2026-03-04T12:00:00.000Z')).toBe('Mar 4, 2026');
  });
});

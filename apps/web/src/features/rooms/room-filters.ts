import type { Room, RoomStatus } from '@fieldcraft/contracts';
import { formatDate } from '../../shared/format/dates';

export type StatusFilter = 'ALL' | RoomStatus;
export const ALL_CATEGORIES = 'ALL';

export interface RoomFilters {
  search: string;
  status: StatusFilter;
  category: string;
}

export const noFilters: RoomFilters = { search: '', status: 'ALL', category: ALL_CATEGORIES };

/** Rooms the person may enter a card for: only hasAccess ones are ever shown. */
export function accessibleRooms(rooms: readonly Room[]): Room[] {
  return rooms.filter((room) => room.hasAccess);
}

/** Categories of the given rooms, sorted, each once. */
export function categoriesOf(rooms: readonly Room[]): string[] {
  return [...new Set(rooms.map((room) => room.category).filter(Boolean))].sort((a, b) =>
    a.localeCompare(b),
  );
}

/** Text search over name and category (case-insensitive), then the status and category filters. */
export function filterRooms(
  rooms: readonly Room[],
  { search, status, category }: RoomFilters,
): Room[] {
  const needle = search.trim().toLowerCase();
  return rooms.filter(
    (room) =>
      (!needle ||
        room.name.toLowerCase().includes(needle) ||
        room.category.toLowerCase().includes(needle)) &&
      (status === 'ALL' || room.status === status) &&
      (category === ALL_CATEGORIES || room.category === category),
  );
}

export interface RoomSummary {
  live: number;
  paused: number;
  inactive: number;
  categories: number;
}

export function summarise(rooms: readonly Room[]): RoomSummary {
  return {
    live: rooms.filter((r) => r.status === 'LIVE').length,
    paused: rooms.filter((r) => r.status === 'PAUSED').length,
    inactive: rooms.filter((r) => r.status === 'INACTIVE').length,
    categories: categoriesOf(rooms).length,
  };
}

export const statusLabel: Record<RoomStatus, string> = {
  LIVE: 'Live',
  PAUSED: 'Paused',
  INACTIVE: 'Inactive',
};
export const statusHint: Record<RoomStatus, string> = {
  LIVE: 'Ready to join',
  PAUSED: 'Temporarily paused',
  INACTIVE: 'Currently offline',
};

/** The owner toggle: LIVE pauses, anything else goes live. */
export function toggledStatus(status: RoomStatus): RoomStatus {
  return status === 'LIVE' ? 'PAUSED' : 'LIVE';
}

/** 'Created:' date, short month, day, year (e.g. 'Mar 4, 2026'): the app's one date format. */
export const formatCreated = (iso: string): string => formatDate(iso);
